import type { RequestHandler } from 'express';
import { API_MESSAGES } from '@agency/shared';
import { AppError } from '../lib/errors';

/** The last handler of a known path: any other method is 405 with the Allow header. */
export function methodNotAllowed(allowed: string[]): RequestHandler {
  const allow = [...new Set(allowed.flatMap((method) => (method === 'GET' ? ['GET', 'HEAD'] : [method])))].join(', ');
  return () => {
    throw new AppError(405, API_MESSAGES.METHOD_NOT_ALLOWED, undefined, { Allow: allow });
  };
}
