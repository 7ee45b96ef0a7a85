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
 * This plugin tells the bundler what is true of that code: a top-level declaration whose value is created by one
 * of those React calls, or that is followed by static fields set on it, has no effect beyond creating its value.
 * Such a declaration and its static fields become one pure expression, in the same order:
 *
 *   var Link = React.forwardRef(...);            var Link = (() => { const Link = React.forwardRef(...);
 *   Link.displayName = "Link";           ==>       Link.displayName = "Link"; return Link; })();   (marked pure)
 *
 * Nothing changes for what the site uses; what it does not use is left out (docs/decisions/0008).
 */

const REACT_ROUTER_MODULE = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/].+\.mjs$/;
const REACT_NAMESPACE = /^React\d*$/;
const PURE_REACT_FACTORIES = new Set(['createContext', 'forwardRef', 'memo']);
const PURE = '/* @__PURE__ */ ';

type Statement = ESTree.Program['body'][number];

/** `X = init` of a top-level `var`/`let`/`const` declaring one plain name, or null. */
function singleDeclaration(statement: Statement) {
  if (statement.type !== 'VariableDeclaration' || statement.declarations.length !== 1) return null;
  const [declarator] = statement.declarations;
  if (!declarator || declarator.id.type !== 'Identifier' || !declarator.init) return null;
  return { name: declarator.id.name, init: declarator.init };
}

/** True for `name.field = value;`, a static field set on the value just declared. */
function isStaticFieldOf(statement: Statement | undefined, name: string): boolean {
  if (statement?.type !== 'ExpressionStatement') return false;
  const { expression } = statement;
  return (
    expression.type === 'AssignmentExpression' &&
    expression.operator === '=' &&
    expression.left.type === 'MemberExpression' &&
    !expression.left.computed &&
    expression.left.object.type === 'Identifier' &&
    expression.left.object.name === name
  );
}

function isReactFactoryCall(init: ESTree.Expression): boolean {
  if (init.type !== 'CallExpression' || init.callee.type !== 'MemberExpression') return false;
  const { object, property } = init.callee;
  return (
    object.type === 'Identifier' &&
    REACT_NAMESPACE.test(object.name) &&
    property.type === 'Identifier' &&
    PURE_REACT_FACTORIES.has(property.name)
  );
}

export interface TreeShakingEdit {
  code: string;
  map: ReturnType<MagicString['generateMap']>;
  /** Declarations now marked pure, with the static fields folded into each. */
  pureDeclarations: number;
}

/** The edit that makes one of react-router's modules tree-shakable, or null when it has nothing to edit. */
export function makeReactRouterTreeShakable(code: string, id: string): TreeShakingEdit | null {
  const { program, errors } = parseSync(id, code);
  if (errors.length > 0) return null;
  const edited = new MagicString(code);
  const statements = program.body;
  let pureDeclarations = 0;

  for (let index = 0; index < statements.length; index += 1) {
    const statement = statements[index]!;
    const declaration = singleDeclaration(statement);
    if (!declaration) continue;
    const { name, init } = declaration;

    let lastField = index;
    while (isStaticFieldOf(statements[lastField + 1], name)) lastField += 1;

    if (lastField > index) {
      edited.appendLeft(init.start, `${PURE}(() => { const ${name} = `);
      edited.appendLeft(statements[lastField]!.end, ` return ${name}; })();`);
      index = lastField;
      pureDeclarations += 1;
    } else if (isReactFactoryCall(init)) {
      edited.appendLeft(init.start, PURE);
      pureDeclarations += 1;
    }
  }

  if (pureDeclarations === 0) return null;
  return { code: edited.toString(), map: edited.generateMap({ source: id, hires: 'boundary' }), pureDeclarations };
}

export function reactRouterTreeShaking(): Plugin {
  let seenModules = 0;
  let editedModules = 0;
  return {
    name: 'agency:react-router-tree-shaking',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      seenModules = 0;
      editedModules = 0;
    },
    transform: {
      filter: { id: REACT_ROUTER_MODULE },
      handler(code, id) {
        seenModules += 1;
        const edit = makeReactRouterTreeShakable(code, id);
        if (!edit) return null;
        editedModules += 1;
        return { code: edit.code, map: edit.map };
      },
    },
    buildEnd() {
      // A react-router release that reshapes its output would quietly bring the whole library back.
      if (seenModules > 0 && editedModules === 0) {
        this.warn('react-router was bundled but none of its declarations could be marked pure: check this plugin.');
      }
    },
  };
}
