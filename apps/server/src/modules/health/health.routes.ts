import type { Kysely } from 'kysely';
import { API_MESSAGES, API_PATHS } from '@agency/shared';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/database-schema';
import { envelope, jsonAnswer, jsonContent, refusals } from '../../lib/json-schema';
import type { Logger } from '../../lib/logger';
import { declareRoute, type DeclaredRoute } from '../../lib/routes';
import { probeDatabase, type DatabaseHealth } from './health.service';

const HEALTH_TIMEOUT_MS = 3_000;

/**
 * `GET /api/health`: 200 `{ success: true, db: 'up' }` when the database reads and writes; otherwise 503 with `db`
 * saying how it fails (`down`, `read-only`, `full`) and the service-unavailable message.
 */
export function healthRouteDeclarations(db: Kysely<Database>, clock: Clock, logger: Logger): DeclaredRoute[] {
  return [
    declareRoute({
      method: 'get',
      path: API_PATHS.HEALTH,
      access: 'public',
      operationId: 'health',
      tags: ['Service'],
      summary: 'Whether the database answers',
      responses: {
        '200': jsonAnswer('Up', envelope({ success: { const: true }, db: { const: 'up' } }, ['db'])),
        '503': {
          description:
            'The database does not answer or read (down), takes no writes (read-only) or has no room left (full)',
          content: jsonContent(
            envelope({ success: { const: false }, db: { enum: ['down', 'read-only', 'full'] } }, ['db', 'message']),
          ),
        },
        ...refusals(405),
      },
      handle: async ({ res }) => {
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
      },
    }),
  ];
}
