import type { ReactNode } from 'react';

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
