import { Router, type RequestHandler } from 'express';
import { API_PATHS } from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { methodNotAllowed } from '../../middleware/method-not-allowed';
import { listFailedMails } from './outbox.repository';

const FAILED_LIST_MAX = 200;

/** Mails that could not be delivered after every try, for the staff to see and follow up by hand. */
export function outboxRoutes(deps: Pick<AppDeps, 'db'>, requireStaff: RequestHandler): Router {
  const router = Router();
  router
    .route(API_PATHS.FAILED_MAILS)
    .get(requireStaff, async (_req, res) => {
      const mails = await listFailedMails(deps.db, FAILED_LIST_MAX);
      res.setHeader('Cache-Control', 'no-store');
      res.json({
        success: true,
        mails: mails.map((mail) => ({ ...mail, created_at: new Date(Number(mail.created_at)).toISOString() })),
      });
    })
    .all(methodNotAllowed(['GET']));
  return router;
}
