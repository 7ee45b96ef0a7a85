import { Router } from 'express';
import type { Kysely } from 'kysely';
import { API_MESSAGES, API_PATHS } from '@agency/shared';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/database-schema';
import type { Logger } from '../../lib/logger';
import { methodNotAllowed } from '../../middleware/method-not-allowed';
import { probeDatabase, type DatabaseHealth } from './health.service';

const HEALTH_TIMEOUT_MS = 3_000;

/**
 * `GET /api/health`: 200 `{ success: true, db: 'up' }` when the database reads and writes; otherwise 503 with `db`
 * saying how it fails (`down`, `read-only`, `full`) and the service-unavailable message.
 */
export function healthRoutes(db: Kysely<Database>, clock: Clock, logger: Logger): Router {
  const router = Router();
  router
    .route(API_PATHS.HEALTH)
    .get(async (_req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      let health: DatabaseHealth;
      try {
        health = await Promise.race([
          probeDatabase(db, clock().getTime()),
          new Promise<never>((_resolve, reject) =>
            setTimeout(() => reject(new Error('health check timed out')), HEALTH_TIMEOUT_MS).unref(),
          ),
        ]);
      } catch (error) {
        logger.warn({ err: error }, 'health check: database unreachable');
        health = 'down';
      }
      if (health === 'up') {
        res.json({ success: true, db: 'up' });
        return;
      }
      logger.warn({ db: health }, 'health check: the database refuses work');
      res.status(503).json({ success: false, db: health, message: API_MESSAGES.SERVICE_UNAVAILABLE });
    })
    .all(methodNotAllowed(['GET']));
  return router;
}
