import type { RequestHandler } from 'express';
import { API_MESSAGES } from '@agency/shared';
import { AppError } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A browser names the page that sent a state-changing request in Origin. Only our own origin
 * (APP_URL's, or the host the request was sent to) may change state; requests without Origin
 * (curl, server-to-server, old browsers on same-origin forms) are allowed.
 */
export function sameOriginOnly(appUrl: string): RequestHandler {
  const appOrigin = new URL(appUrl).origin;
  return (req, _res, next) => {
    const origin = req.get('origin');
    if (SAFE_METHODS.has(req.method) || origin === undefined) return next();
    const ownOrigin = `${req.protocol}://${req.get('host') ?? ''}`;
    if (origin !== appOrigin && origin !== ownOrigin) throw new AppError(403, API_MESSAGES.CROSS_SITE);
    next();
  };
}
