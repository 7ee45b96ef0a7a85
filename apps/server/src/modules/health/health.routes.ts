import { Router } from 'express';
import { sql, type Kysely } from 'kysely';
import { API_MESSAGES, API_PATHS } from '@agency/shared';
import type { Database } from '../../lib/database-schema';
import type { Logger } from '../../lib/logger';
import { methodNotAllowed } from '../../middleware/method-not-allowed';

const HEALTH_TIMEOUT_MS = 3_000;

export function healthRoutes(db: Kysely<Database>, logger: Logger): Router {
  const router = Router();
  router
    .route(API_PATHS.HEALTH)
    .get(async (_req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      try {
        await Promise.race([
          sql`select 1`.execute(db),
          new Promise((_resolve, reject) =>
            setTimeout(() => reject(new Error('health check timed out')), HEALTH_TIMEOUT_MS).unref(),
          ),
        ]);
        res.json({ success: true, db: 'up' });
      } catch (error) {
        logger.warn({ err: error }, 'health check: database unreachable');
        res.status(503).json({ success: false, db: 'down', message: API_MESSAGES.SERVICE_UNAVAILABLE });
      }
    })
    .all(methodNotAllowed(['GET']));
  return router;
}
