import { Router } from 'express';
import { API_PATHS, HUMAN_CHECK_AFTER_PARAMETER } from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { methodNotAllowed } from '../../middleware/method-not-allowed';
import type { HumanCheck } from './human-check';

/**
 * GET /api/human-check: a new question for a public form, with its signed token (never cached: no-store).
 * `?after=<token>`, the question the form had, keeps the time the form was first served (issue 17).
 */
export function humanCheckRoutes(deps: Pick<AppDeps, 'clock'>, humanCheck: HumanCheck): Router {
  const router = Router();
  router
    .route(API_PATHS.HUMAN_CHECK)
    .get((req, res) => {
      const after = req.query[HUMAN_CHECK_AFTER_PARAMETER];
      res.json({
        success: true,
        ...humanCheck.issue(deps.clock().getTime(), typeof after === 'string' ? after : undefined),
      });
    })
    .all(methodNotAllowed(['GET']));
  return router;
}
