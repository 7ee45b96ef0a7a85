import type { RequestHandler } from 'express';
import { API_MESSAGES } from '@agency/shared';
import { AppError } from '../../lib/errors';
import type { AuthService } from './auth.service';

/** Staff-only calls: 401 without a session, 403 for a signed-in account that is not staff. */
export function requireStaff(auth: AuthService): RequestHandler {
  return async (req, _res, next) => {
    const user = await auth.currentUser(req.session.userId);
    if (!user) throw new AppError(401, API_MESSAGES.NOT_SIGNED_IN);
    if (!auth.isStaff(user)) throw new AppError(403, API_MESSAGES.NOT_STAFF);
    next();
  };
}
