// Bundles the server into dist/: @agency/shared (TypeScript source) is inlined, every npm
// dependency stays external and is loaded from node_modules at run time.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
const external = Object.keys(manifest.dependencies).filter((name) => name !== '@agency/shared');

// dist/ holds what this build makes and nothing an older one left (an entry point that is gone, its source map).
await rm(path.join(root, 'dist'), { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: ['src/server.ts', 'src/migrate.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
  metafile: true,
});

// Test support (the SMTP sink, the test databases, fixtures) must never ship: fail the build if anything pulls it in.
const TEST_CODE = /(^|\/)(src\/test\/|packages\/testing\/)|\.test\.ts$/;
const testInputs = Object.keys(result.metafile.inputs).filter((input) => TEST_CODE.test(input));
if (testInputs.length > 0) {
  throw new Error(`The server bundle would include test code: ${testInputs.join(', ')}`);
}
console.log('built apps/server/dist/server.js and dist/migrate.js');
