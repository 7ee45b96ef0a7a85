declare const __SITE_URL__: string;

/**
 * Absolute base of canonical links, og:url and og:image. Fixed at build time from SITE_URL (vite.config.ts), so the
 * prerendered HTML does not depend on the server's APP_URL.
 */
export const SITE_URL: string = (typeof __SITE_URL__ === 'string' ? __SITE_URL__ : 'http://localhost:3000').replace(
  /\/$/,
  '',
);

export const absoluteUrl = (path: string) => `${SITE_URL}${path === '/' ? '/' : path}`;
