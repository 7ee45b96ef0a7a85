import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { decimalId, STAFF_ADMIN_PATHS } from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { methodNotAllowed } from '../../middleware/method-not-allowed';
import { parseInput } from '../../middleware/validate';
import { signedInUserId } from '../auth/require-staff';
import { changeAccount, listAccounts, type StaffAction } from './staff.service';

/** The routes of STAFF_ADMIN_PATHS' accounts, with the id as a parameter (staff.test.ts checks they agree). */
export const STAFF_ROUTES = {
  accounts: STAFF_ADMIN_PATHS.ACCOUNTS,
  approve: `${STAFF_ADMIN_PATHS.ACCOUNTS}/:id/approve`,
  refuse: `${STAFF_ADMIN_PATHS.ACCOUNTS}/:id/refuse`,
  remove: `${STAFF_ADMIN_PATHS.ACCOUNTS}/:id/remove`,
  makeOwner: `${STAFF_ADMIN_PATHS.ACCOUNTS}/:id/make-owner`,
  makeStaff: `${STAFF_ADMIN_PATHS.ACCOUNTS}/:id/make-staff`,
} as const;

const IdParamSchema = z.object({ id: decimalId });

/** The owners' Staff page (issue 12): every route owners only. */
export function staffRoutes(deps: AppDeps, requireOwner: RequestHandler): Router {
  const router = Router();

  router
    .route(STAFF_ROUTES.accounts)
    .get(requireOwner, async (req, res) => {
      res.json({ success: true, accounts: await listAccounts(deps, signedInUserId(req)) });
    })
    .all(methodNotAllowed(['GET']));

  for (const [path, action] of [
    [STAFF_ROUTES.approve, 'approve'],
    [STAFF_ROUTES.refuse, 'refuse'],
    [STAFF_ROUTES.remove, 'remove'],
    [STAFF_ROUTES.makeOwner, 'make-owner'],
    [STAFF_ROUTES.makeStaff, 'make-staff'],
  ] as const satisfies ReadonlyArray<readonly [string, StaffAction]>) {
    router
      .route(path)
      .post(requireOwner, async (req, res) => {
        const { id } = parseInput(IdParamSchema, { id: req.params.id });
        res.json({ success: true, account: await changeAccount(deps, action, id, signedInUserId(req)) });
      })
      .all(methodNotAllowed(['POST']));
  }

  return router;
}
