import { Router } from 'express';
import { API_PATHS } from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { methodNotAllowed } from '../../middleware/method-not-allowed';
import type { HumanCheck } from './human-check';

/** GET /api/human-check: a new question for a public form, with its signed token (never cached: no-store). */
export function humanCheckRoutes(deps: Pick<AppDeps, 'clock'>, humanCheck: HumanCheck): Router {
  const router = Router();
  router
    .route(API_PATHS.HUMAN_CHECK)
    .get((_req, res) => {
      res.json({ success: true, ...humanCheck.issue(deps.clock().getTime()) });
    })
    .all(methodNotAllowed(['GET']));
  return router;
}
