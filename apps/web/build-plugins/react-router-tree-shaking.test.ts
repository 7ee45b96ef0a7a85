// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { makeReactRouterTreeShakable, reactRouterTreeShaking } from './react-router-tree-shaking';

const ROUTER_ONLY_ENTRY = fileURLToPath(new URL('./fixtures/router-only-entry.ts', import.meta.url));

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
  it('turns a component and the static fields set right after it into one pure declaration', () => {
    const code = [
      'var Link = React10.forwardRef(function LinkWithRef() {});',
      'Link.displayName = "Link";',
      'var Boundary = class extends React2.Component {};',
      'Boundary.contextType = RouteContext;',
      'var RouteContext = React.createContext(null);',
      'var unrelated = 1;',
      'unrelated.field = 2;',
    ].join('\n');
    const edit = makeReactRouterTreeShakable(code, 'chunk.mjs');
    expect(edit?.code.split('\n')).toEqual([
      'var Link = /* @__PURE__ */ (() => { const Link = React10.forwardRef(function LinkWithRef() {});',
      'Link.displayName = "Link"; return Link; })();',
      'var Boundary = /* @__PURE__ */ (() => { const Boundary = class extends React2.Component {};',
      'Boundary.contextType = RouteContext; return Boundary; })();',
      'var RouteContext = /* @__PURE__ */ React.createContext(null);',
      'var unrelated = /* @__PURE__ */ (() => { const unrelated = 1;',
      'unrelated.field = 2; return unrelated; })();',
    ]);
    expect(edit?.pureDeclarations).toBe(4);
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
});
