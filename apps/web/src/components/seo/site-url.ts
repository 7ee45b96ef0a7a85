import { PUBLIC_ORIGIN_PLACEHOLDER } from '@agency/shared';

let pageOrigin: string | undefined;

function originOf(url: string | undefined): string | undefined {
  try {
    return url ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The origin the page was served under as the public address: the one the server wrote into its og:url (APP_URL,
 * docs/decisions/0017), read once, before any client-side navigation rewrites the head. A page with no og:url (the
 * dev server's bare index.html) uses its own origin.
 */
function servedOrigin(): string {
  if (pageOrigin) return pageOrigin;
  const ogUrl = document.head.querySelector<HTMLMetaElement>('meta[property="og:url"]')?.content;
  pageOrigin = originOf(ogUrl) ?? window.location.origin;
  return pageOrigin;
}

/**
 * Absolute URL of a path on the site, for canonical links, og:url, og:image and JSON-LD. The prerenderer writes the
 * placeholder origin, which the server replaces with APP_URL; in the browser, the origin the server put in the page,
 * so a head rewritten after a client-side navigation names the same address as a page loaded from the server.
 */
export function absoluteUrl(path: string): string {
  const origin = import.meta.env.SSR ? PUBLIC_ORIGIN_PLACEHOLDER : servedOrigin();
  return `${origin}${path === '' ? '/' : path}`;
}
