// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import {
  EXPECTED_PURE_DECLARATIONS,
  makeReactRouterTreeShakable,
  reactRouterTreeShaking,
} from './react-router-tree-shaking';

const ROUTER_ONLY_ENTRY = fileURLToPath(new URL('./fixtures/router-only-entry.ts', import.meta.url));
const REACT_ROUTER_ENTRY = fileURLToPath(new URL('./fixtures/react-router-entry.ts', import.meta.url));

async function bundleCode(plugins: Plugin[]): Promise<string> {
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    plugins,
    build: {
      write: false,
      // Minified as the site's build is: the minifier drops what tree-shaking leaves unreferenced.
      minify: true,
      lib: { entry: ROUTER_ONLY_ENTRY, formats: ['es'], fileName: 'entry' },
      rolldownOptions: { external: ['react', 'react-dom', 'react/jsx-runtime'] },
    },
  })) as Rolldown.RolldownOutput[];
  return output[0]!.output.map((chunk) => ('code' in chunk ? chunk.code : '')).join('\n');
}

describe('making react-router tree-shakable', () => {
  it('turns a React component or context and the static fields set right after it into one pure declaration', () => {
    const code = [
      'var Link = React10.forwardRef(function LinkWithRef() {});',
      'Link.displayName = "Link";',
      'var Boundary = class extends React2.Component {};',
      'Boundary.contextType = RouteContext;',
      'var RouteContext = React.createContext(null);',
      'var Routes = React3.memo(DataRoutes);',
    ].join('\n');
    const edit = makeReactRouterTreeShakable(code, 'chunk.mjs');
    expect(edit?.code.split('\n')).toEqual([
      'var Link = /* @__PURE__ */ (() => { const Link = React10.forwardRef(function LinkWithRef() {});',
      'Link.displayName = "Link"; return Link; })();',
      'var Boundary = /* @__PURE__ */ (() => { const Boundary = class extends React2.Component {};',
      'Boundary.contextType = RouteContext; return Boundary; })();',
      'var RouteContext = /* @__PURE__ */ React.createContext(null);',
      'var Routes = /* @__PURE__ */ React3.memo(DataRoutes);',
    ]);
    expect(edit?.pureDeclarations).toEqual(['Link', 'Boundary', 'RouteContext', 'Routes']);
  });

  it('touches no other shape: plain values, other calls, other fields, other classes', () => {
    const code = [
      'var unrelated = {};',
      'unrelated.displayName = "x";',
      'var made = makeThing();',
      'made.displayName = "y";',
      'var Plain = class extends Base {};',
      'Plain.contextType = Context;',
      'var Link = React.forwardRef(render);',
      'Link.register = registry.add(Link);',
    ].join('\n');
    const edit = makeReactRouterTreeShakable(code, 'chunk.mjs');
    // Only the forwardRef call is pure; the write that is not a display name or context type stays a statement.
    expect(edit?.pureDeclarations).toEqual(['Link']);
    expect(edit?.code).toBe(code.replace('React.forwardRef', '/* @__PURE__ */ React.forwardRef'));
  });

  it('leaves a module with nothing to mark alone', () => {
    expect(makeReactRouterTreeShakable('export const answer = 42;\nconsole.log(answer);', 'plain.mjs')).toBeNull();
  });

  it('keeps the components a page does not use out of the bundle of the installed react-router', async () => {
    const [without, withPlugin] = await Promise.all([bundleCode([]), bundleCode([reactRouterTreeShaking()])]);
    // What survives minification of <Form> (its display name and a prop) and of the route error boundary.
    for (const unused of ['"Form"', 'fetcherKey', 'contextType']) {
      expect(without).toContain(unused);
      expect(withPlugin).not.toContain(unused);
    }
    expect(withPlugin.length).toBeLessThan(without.length / 2);
  }, 30_000);

  it('fails the build when react-router no longer has the declarations the plugin was written for', async () => {
    // A release whose Form is wrapped by a helper instead of being made by React.forwardRef directly.
    const reshapedId = '/virtual/node_modules/react-router/dist/production/chunk-new.mjs';
    const reshaped = EXPECTED_PURE_DECLARATIONS.filter((name) => name !== 'Form')
      .map((name) => `var ${name} = React.createContext(null);`)
      .concat('var Form = wrap(React.forwardRef(() => null));', 'Form.displayName = "Form";')
      .concat(`export { ${EXPECTED_PURE_DECLARATIONS.join(', ')} };`)
      .join('\n');
    const reshapedReactRouter: Plugin = {
      name: 'reshaped-react-router',
      enforce: 'pre',
      resolveId: (source) => (source === 'react-router' ? reshapedId : null),
      load: (id) => (id === reshapedId ? `import * as React from 'react';\n${reshaped}` : null),
    };
    await expect(
      build({
        configFile: false,
        logLevel: 'silent',
        plugins: [reshapedReactRouter, reactRouterTreeShaking()],
        build: {
          write: false,
          lib: { entry: REACT_ROUTER_ENTRY, formats: ['es'], fileName: 'entry' },
          rolldownOptions: { external: ['react'] },
        },
      }),
    ).rejects.toThrow(/not found: Form\. /);
  }, 30_000);
});
