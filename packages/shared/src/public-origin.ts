/**
 * The origin the build writes into every absolute URL of the prerendered pages, sitemap.xml and robots.txt. The
 * server replaces it with APP_URL's origin when it first serves each file, so the public address is chosen when the
 * server starts, not when the site is built (docs/decisions/0017). `.invalid` never resolves (RFC 2606), so a file
 * served some other way points nowhere rather than at the wrong site.
 */
export const PUBLIC_ORIGIN_PLACEHOLDER = 'https://public-origin.rendezvous.invalid';
