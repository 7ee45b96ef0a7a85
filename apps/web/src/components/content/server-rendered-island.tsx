import { createContext, useContext, type ElementType, type HTMLAttributes, type ReactNode, type Ref } from 'react';

/**
 * Marks a part of a public page that only the app can bring to life (a carousel): the boot module starts the app
 * when such a part nears the viewport, as it does on the visitor's first touch, key or pointer
 * (docs/decisions/0031-start-on-first-interaction.md).
 */
export const NEEDS_APP = { 'data-needs-app': '' } as const;

/**
 * True in the browser while the app hydrates the page the server rendered (and until the first client-side
 * navigation): the parts of it drawn from the site's content are then kept as the server drew them, since the
 * browser's bundle does not hold the published content (docs/decisions/0043, "Rendering").
 */
export const ServerHtmlContext = createContext(false);

export const useServerHtml = () => useContext(ServerHtmlContext);

export interface ServerRenderedIslandProps extends HTMLAttributes<HTMLElement> {
  /** The element the server renders around `children` (a section, a heading...): the island adds none. */
  as?: ElementType;
  ref?: Ref<HTMLElement>;
  children?: ReactNode;
}

/**
 * A part of a public page drawn from the site's content. Server, and a page the app renders itself: renders
 * `children` inside `as`. Browser, hydrating the server's page: keeps whatever HTML the server put inside `as`
 * without re-rendering it, so the published text is never swapped for another copy and the content behind it (the
 * projects, the testimonials, a training's fees) never has to be in the page's JavaScript.
 */
export function ServerRenderedIsland({ as: Element = 'div', children, ...attributes }: ServerRenderedIslandProps) {
  const adopt = useServerHtml();
  if (import.meta.env.SSR || !adopt) return <Element {...attributes}>{children}</Element>;
  // An empty dangerouslySetInnerHTML tells React to adopt the server's children as they are during hydration.
  return <Element {...attributes} dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />;
}
