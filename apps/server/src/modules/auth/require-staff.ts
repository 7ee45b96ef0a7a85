import type { Request, RequestHandler } from 'express';
import { API_MESSAGES } from '@agency/shared';
import { AppError } from '../../lib/errors';
import type { AuthService } from './auth.service';

/** What a signed-in account that is not an owner hears from an owner-only call. */
export const OWNERS_ONLY = 'Only an owner of this installation can do this.';

/** Staff-only calls: 401 without a session, 403 for a signed-in account that is not staff. */
export function requireStaff(auth: AuthService): RequestHandler {
  return async (req, _res, next) => {
    const user = await auth.currentUser(req.session.userId);
    if (!user) throw new AppError(401, API_MESSAGES.NOT_SIGNED_IN);
    if (!auth.isStaff(user)) throw new AppError(403, API_MESSAGES.NOT_STAFF);
    next();
  };
}

/** Owner-only calls (issue 12): 401 without a session, 403 for staff and every other account that is not an owner. */
export function requireOwner(auth: AuthService): RequestHandler {
  return async (req, _res, next) => {
    const user = await auth.currentUser(req.session.userId);
    if (!user) throw new AppError(401, API_MESSAGES.NOT_SIGNED_IN);
    if (!auth.isOwner(user)) throw new AppError(403, OWNERS_ONLY);
    next();
  };
}

/** The account of a request that requireStaff let through. */
export function signedInUserId(req: Request): number {
  const userId = req.session.userId;
  if (userId === undefined) throw new AppError(401, API_MESSAGES.NOT_SIGNED_IN);
  return userId;
}
