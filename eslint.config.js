// Flat config: JS and TypeScript recommended everywhere, the React hooks rules for the web app, and the layer
// boundaries, import cycles and file names of docs/decisions/0011-boundaries-and-paths.md.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import checkFile from 'eslint-plugin-check-file';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Zone paths are relative to the repository root, wherever ESLint is started from.
const ROOT = fileURLToPath(new URL('.', import.meta.url));
const WEB = 'apps/web/src';
const FEATURES = `${WEB}/features`;
const FEATURE_NAMES = readdirSync(`${ROOT}${FEATURES}`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Lower-case words or numbers joined by hyphens; a name may start with a number (0001-initial.ts).
const KEBAB_CASE = '+([a-z0-9])*(-+([a-z0-9]))';

const SERVER_MODULES = 'apps/server/src/modules';
const SERVER_MODULE_NAMES = readdirSync(`${ROOT}${SERVER_MODULES}`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The server's layers (issue 19): routes call services, a service calls its own repository, and a module uses another
 * only through that module's service (`<module>.service.ts`, or `<module>.ts` for a module that is one service) or
 * auth's route guard (`require-staff.ts`). Tests may reach inside any module.
 */
const SERVER_ZONES = [
  ...SERVER_MODULE_NAMES.map((name) => ({
    target: `${ROOT}${SERVER_MODULES}/!(${name})/!(*.test).ts`,
    from: `${ROOT}${SERVER_MODULES}/${name}/*.ts`,
    // Globs, as the rule asks of exceptions to a glob zone.
    except: [
      `${ROOT}${SERVER_MODULES}/${name}/@(${[`${name}.service`, name, ...(name === 'auth' ? ['require-staff'] : [])].join('|')}).ts`,
    ],
    message: `Another module uses ${name} only through ${name}.service.ts (or ${name}.ts): add what it needs there.`,
  })),
  {
    target: `${ROOT}${SERVER_MODULES}/*/*.routes.ts`,
    from: `${ROOT}${SERVER_MODULES}/*/*.repository.ts`,
    message: 'Routes call services; a service calls its repository.',
  },
];

/** Imports run one way: packages/shared <- components, content, lib <- features <- app; the two apps stay apart. */
const LAYER_ZONES = [
  ...FEATURE_NAMES.map((name) => ({
    target: `${FEATURES}/${name}`,
    from: FEATURES,
    except: [`./${name}`],
    message: 'Features do not import each other: compose them in apps/web/src/app, or move the shared part down.',
  })),
  {
    target: FEATURES,
    from: `${WEB}/app`,
    message: 'Features do not import the app layer; the app imports features.',
  },
  {
    target: [`${WEB}/components`, `${WEB}/content`, `${WEB}/lib`],
    from: [FEATURES, `${WEB}/app`],
    message: 'Components, content and lib sit below features and the app: they import neither.',
  },
  {
    target: 'packages/shared',
    from: 'apps',
    message: 'packages/shared is used by both apps and imports neither.',
  },
  { target: 'apps/server', from: 'apps/web', message: 'The server never imports the web app.' },
  { target: 'apps/web', from: 'apps/server', message: 'The web app never imports the server.' },
  ...SERVER_ZONES,
];

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/data/**', '**/coverage/**', '.tmp/**', 'apps/web/dist-ssr/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      // `_name` marks a value that is deliberately left out (for example in a rest destructuring).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    files: ['apps/**/*.{ts,tsx,mjs,js}', 'packages/**/*.{ts,tsx,mjs,js}'],
    plugins: { 'import-x': importX },
    settings: {
      // no-cycle follows imports into TypeScript files only if it may parse them.
      'import-x/extensions': ['.ts', '.tsx', '.mjs', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Resolves the web app's `@/` alias and the workspaces' `@agency/*` packages to their files.
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: LAYER_ZONES }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // CSS is not parsed by ESLint; this processor hands the file names to check-file only.
    files: ['**/*.css'],
    processor: 'check-file/eslint-processor-check-file',
  },
  {
    files: ['apps/**/*.{ts,tsx,mjs,js,css}', 'packages/**/*.{ts,tsx,mjs,js,css}', 'scripts/**/*.mjs'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,mjs,js,css}': KEBAB_CASE },
        // web.routes.ts and contact-form.test.tsx are checked by their first part.
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '**/': KEBAB_CASE }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: {
      globals: { ...globals.browser },
    },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // These three are React Compiler diagnostics; we do not run the compiler, and the patterns they flag are
      // deliberate here (the latest-callback ref, resetting state when a key changes, the prerender head collector).
      // Kept visible as warnings; rules-of-hooks and the rest stay errors.
      'react-hooks/refs': 'warn',
      'react-hooks/set-state-in-effect': 'warn',
      'react-hooks/immutability': 'warn',
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router-dom',
              importNames: ['Link', 'NavLink'],
              message: "Use Link and NavLink from '@/components/ui/link': 4 KB gzip lighter (docs/decisions/0008).",
            },
          ],
        },
      ],
    },
  },
  {
    // Code that runs in the page (page.evaluate) inside the browser tests.
    files: ['apps/web/e2e/**/*.ts'],
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
    },
  },
);
