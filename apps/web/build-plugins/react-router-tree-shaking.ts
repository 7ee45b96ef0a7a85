import MagicString from 'magic-string';
import { parseSync, type ESTree, type Plugin } from 'vite';

/**
 * react-router 7 is published as one large module, and a bundler has to keep most of it: its components are
 * created by top-level `React.forwardRef(...)`, `React.memo(...)` and `React.createContext(...)` calls and
 * classes with static fields assigned right after them (`Link.displayName = "Link"`,
 * `RenderErrorBoundary.contextType = ...`), and a bundler must treat each of those statements as a side effect.
 * So every component of the library (Form, ScrollRestoration, the data routers and their error boundaries...)
 * stayed in the download even though the site uses a handful.
 *
 * This plugin tells the bundler what is true of exactly those shapes, and of nothing else:
 *
 *   var X = ReactN.forwardRef(...) | ReactN.memo(...) | ReactN.createContext(...) | class extends ReactN.Component {...}
 *   X.displayName = ...;  X.contextType = ...;     (optional, right after it)
 *
 * Such a declaration and its static fields become one pure expression, in the same order:
 *
 *   var Link = React.forwardRef(...);            var Link = (() => { const Link = React.forwardRef(...);
 *   Link.displayName = "Link";           ==>       Link.displayName = "Link"; return Link; })();   (marked pure)
 *
 * Nothing changes for what the site uses; what it does not use is left out (docs/decisions/0008). It was written for
 * react-router 7.18, pinned with `~` in package.json; every declaration it must find is listed below, and a build
 * that bundles react-router without finding all of them fails, so a release that reshapes its output cannot
 * quietly bring the whole library back.
 */

const REACT_ROUTER_MODULE = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/](production|development)[\\/].+\.mjs$/;
const REACT_NAMESPACE = /^React\d*$/;
const PURE_REACT_FACTORIES = new Set(['createContext', 'forwardRef', 'memo']);
const STATIC_FIELDS = new Set(['displayName', 'contextType']);
const PURE = '/* @__PURE__ */ ';

/** The declarations of react-router 7.18 that this plugin marks pure; each must still be found in a build. */
export const EXPECTED_PURE_DECLARATIONS = [
  'AwaitContext',
  'DataRouterContext',
  'DataRouterStateContext',
  'FetchersContext',
  'Form',
  'FrameworkContext',
  'Link',
  'LocationContext',
  'MemoizedDataRoutes',
  'NavLink',
  'NavigationContext',
  'OutletContext',
  'RSCRouterContext',
  'RenderErrorBoundary',
  'RouteContext',
  'RouteErrorContext',
  'ViewTransitionContext',
] as const;

type Statement = ESTree.Program['body'][number];

/** `X = init` of a top-level `var`/`let`/`const` declaring one plain name, or null. */
function singleDeclaration(statement: Statement) {
  if (statement.type !== 'VariableDeclaration' || statement.declarations.length !== 1) return null;
  const [declarator] = statement.declarations;
  if (!declarator || declarator.id.type !== 'Identifier' || !declarator.init) return null;
  return { name: declarator.id.name, init: declarator.init };
}

const isReactNamespace = (node: ESTree.Node | null | undefined) =>
  node?.type === 'Identifier' && REACT_NAMESPACE.test(node.name);

/** `ReactN.forwardRef(...)`, `ReactN.memo(...)` or `ReactN.createContext(...)`. */
function isReactFactoryCall(init: ESTree.Expression): boolean {
  if (init.type !== 'CallExpression' || init.callee.type !== 'MemberExpression') return false;
  const { object, property } = init.callee;
  return isReactNamespace(object) && property.type === 'Identifier' && PURE_REACT_FACTORIES.has(property.name);
}

/** `class extends ReactN.Component { ... }`. */
function isReactComponentClass(init: ESTree.Expression): boolean {
  if (init.type !== 'ClassExpression' || init.superClass?.type !== 'MemberExpression') return false;
  const { object, property } = init.superClass;
  return isReactNamespace(object) && property.type === 'Identifier' && property.name === 'Component';
}

/** True for `name.displayName = value;` or `name.contextType = value;` right after the declaration of `name`. */
function isStaticFieldOf(statement: Statement | undefined, name: string): boolean {
  if (statement?.type !== 'ExpressionStatement') return false;
  const { expression } = statement;
  return (
    expression.type === 'AssignmentExpression' &&
    expression.operator === '=' &&
    expression.left.type === 'MemberExpression' &&
    !expression.left.computed &&
    expression.left.object.type === 'Identifier' &&
    expression.left.object.name === name &&
    expression.left.property.type === 'Identifier' &&
    STATIC_FIELDS.has(expression.left.property.name)
  );
}

export interface TreeShakingEdit {
  code: string;
  map: ReturnType<MagicString['generateMap']>;
  /** The names of the declarations now marked pure, static fields folded into each, in source order. */
  pureDeclarations: string[];
}

/** The edit that makes one of react-router's modules tree-shakable, or null when it has nothing to edit. */
export function makeReactRouterTreeShakable(code: string, id: string): TreeShakingEdit | null {
  const { program, errors } = parseSync(id, code);
  if (errors.length > 0) throw new Error(`react-router-tree-shaking: cannot parse ${id}: ${errors[0]?.message}`);
  const edited = new MagicString(code);
  const statements = program.body;
  const pureDeclarations: string[] = [];

  for (let index = 0; index < statements.length; index += 1) {
    const declaration = singleDeclaration(statements[index]!);
    if (!declaration) continue;
    const { name, init } = declaration;
    const factoryCall = isReactFactoryCall(init);
    if (!factoryCall && !isReactComponentClass(init)) continue;

    let lastField = index;
    while (isStaticFieldOf(statements[lastField + 1], name)) lastField += 1;

    if (lastField > index) {
      edited.appendLeft(init.start, `${PURE}(() => { const ${name} = `);
      edited.appendLeft(statements[lastField]!.end, ` return ${name}; })();`);
      index = lastField;
      pureDeclarations.push(name);
    } else if (factoryCall) {
      edited.appendLeft(init.start, PURE);
      pureDeclarations.push(name);
    }
  }

  if (pureDeclarations.length === 0) return null;
  return { code: edited.toString(), map: edited.generateMap({ source: id, hires: 'boundary' }), pureDeclarations };
}

export function reactRouterTreeShaking(): Plugin {
  let bundlesReactRouter = false;
  const found = new Set<string>();
  return {
    name: 'agency:react-router-tree-shaking',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      bundlesReactRouter = false;
      found.clear();
    },
    transform: {
      filter: { id: REACT_ROUTER_MODULE },
      handler(code, id) {
        bundlesReactRouter = true;
        const edit = makeReactRouterTreeShakable(code, id);
        if (!edit) return null;
        for (const name of edit.pureDeclarations) found.add(name);
        return { code: edit.code, map: edit.map };
      },
    },
    buildEnd(error) {
      if (error || !bundlesReactRouter) return;
      const missing = EXPECTED_PURE_DECLARATIONS.filter((name) => !found.has(name));
      if (missing.length > 0) {
        throw new Error(
          `react-router-tree-shaking: this react-router no longer has the shapes the plugin was written for ` +
            `(react-router 7.18); not found: ${missing.join(', ')}. Check the plugin against the new release ` +
            `(docs/decisions/0008) before changing the version in apps/web/package.json.`,
        );
      }
    },
  };
}
