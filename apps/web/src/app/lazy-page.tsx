import { use, type ComponentType } from 'react';

type PageModule<P> = { default: ComponentType<P> };

export type LazyPage<P extends object> = ComponentType<P> & {
  /** Starts (or reuses) the download of the page module; awaited before hydration and prerendering. */
  preload: () => Promise<PageModule<P>>;
  /** The module's path from the web root (src/app/routes/x.tsx): the prerenderer links its CSS and chunks. */
  source: string;
};

/**
 * A route's page, split into its own chunk. Unlike React.lazy it can be preloaded, so the client hydrates the
 * prerendered HTML with the module already in memory and never flashes a fallback.
 */
export function lazyPage<P extends object>(source: string, loader: () => Promise<PageModule<P>>): LazyPage<P> {
  let pending: Promise<PageModule<P>> | undefined;
  let loaded: ComponentType<P> | undefined;

  const preload = () => {
    pending ??= loader().then((module) => {
      loaded = module.default;
      return module;
    });
    return pending;
  };

  function Page(props: P) {
    const Component = loaded ?? use(preload()).default;
    return <Component {...props} />;
  }

  return Object.assign(Page, { preload, source });
}
