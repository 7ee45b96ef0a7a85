import path from 'node:path';
import type { Request, RequestHandler } from 'express';
import { API_MESSAGES, INBOX_PATHS, STAFF_ADMIN_PATHS } from '@agency/shared';
import { AppError } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The API's reads that write too: the inbox (reading an enquiry marks it read; its export is audited), the audit
 * log's export and the data requests (each search and export is audited). Only the staff pages call them, with fetch
 * or a download link on our own origin, so they are refused cross-site like a change: a link on another site must
 * not make a signed-in colleague run a search or an export in their name (issue 17).
 */
const READS_THAT_WRITE = [
  path.posix.dirname(INBOX_PATHS.COUNTS),
  STAFF_ADMIN_PATHS.AUDIT,
  STAFF_ADMIN_PATHS.DATA_REQUEST,
];

function isReadThatWrites(req: Request): boolean {
  const requested = `${req.baseUrl}${req.path}`;
  return READS_THAT_WRITE.some((prefix) => requested === prefix || requested.startsWith(`${prefix}/`));
}

const OWN_SITE_OR_DIRECT = new Set(['same-origin', 'same-site', 'none']);

/**
 * Whether a browser says the request comes from our own site or from the person themself (typed address,
 * bookmark); a request without Sec-Fetch-Site (curl, an old browser) counts as direct.
 */
export function isOwnSiteOrDirect(req: Request): boolean {
  const site = req.get('sec-fetch-site');
  return site === undefined || OWN_SITE_OR_DIRECT.has(site);
}

/**
 * A browser names the page that sent a state-changing request in Origin. Only our own origin
 * (APP_URL's, or the host the request was sent to) may change state; requests without Origin
 * (curl, server-to-server, old browsers on same-origin forms) are allowed. A browser that says
 * `Sec-Fetch-Site: cross-site` is refused too, Origin or not: some requests (a cross-site form
 * on an older browser, a privacy extension that strips Origin) carry that header alone. The
 * reads that write (READS_THAT_WRITE) are checked the same way, whatever their method.
 */
export function sameOriginOnly(appUrl: string, trustedOrigins: readonly string[] = []): RequestHandler {
  const appOrigin = new URL(appUrl).origin;
  // CORS_ORIGINS: front ends on other origins the operator named; they pass like our own (issue 10).
  const trusted = new Set(trustedOrigins);
  return (req, _res, next) => {
    if (req.method === 'OPTIONS' || (SAFE_METHODS.has(req.method) && !isReadThatWrites(req))) return next();
    const origin = req.get('origin');
    if (origin !== undefined && trusted.has(origin)) return next();
    if (req.get('sec-fetch-site') === 'cross-site') throw new AppError(403, API_MESSAGES.CROSS_SITE);
    if (origin === undefined) return next();
    const ownOrigin = `${req.protocol}://${req.get('host') ?? ''}`;
    if (origin !== appOrigin && origin !== ownOrigin) throw new AppError(403, API_MESSAGES.CROSS_SITE);
    next();
  };
}
