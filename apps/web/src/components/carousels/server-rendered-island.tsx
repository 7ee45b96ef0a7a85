import type { ReactNode } from 'react';

/**
 * Marks a part of a public page that only the app can bring to life (a carousel): the boot module starts the app
 * when such a part nears the viewport, as it does on the visitor's first touch, key or pointer
 * (docs/decisions/0031-start-on-first-interaction.md).
 */
export const NEEDS_APP = { 'data-needs-app': '' } as const;

/**
 * Server: renders `children`. Browser: keeps whatever HTML the server put there without re-rendering it, so the
 * data behind it (the nine projects, the six testimonials) never has to be in the page's JavaScript: the live
 * carousel brings its own copy when it loads. On a client-side navigation the island starts empty and the
 * carousel's reserved height keeps the page still.
 */
export function ServerRenderedIsland({ className, children }: { className: string; children?: ReactNode }) {
  if (import.meta.env.SSR) return <div className={className}>{children}</div>;
  // An empty dangerouslySetInnerHTML tells React to adopt the server's children as they are during hydration.
  return <div className={className} dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />;
}
