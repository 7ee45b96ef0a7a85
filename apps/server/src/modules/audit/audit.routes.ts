import { Router, type RequestHandler } from 'express';
import { AuditQuerySchema, STAFF_ADMIN_PATHS } from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { methodNotAllowed } from '../../middleware/method-not-allowed';
import { parseInput } from '../../middleware/validate';
import { signedInUserId } from '../auth/require-staff';
import { writeCsv } from '../inbox/inbox-csv';
import { auditFileNameOf, exportAudit, listAudit } from './audit.service';

/**
 * The audit log for owners (issue 12): read and export only. No route changes or deletes an entry, so a PUT, PATCH
 * or DELETE on the log is 405 and on an entry's address 404.
 */
export function auditRoutes(deps: AppDeps, requireOwner: RequestHandler): Router {
  const router = Router();

  router
    .route(STAFF_ADMIN_PATHS.AUDIT)
    .get(requireOwner, async (req, res) => {
      res.json(await listAudit(deps, parseInput(AuditQuerySchema, req.query)));
    })
    .all(methodNotAllowed(['GET']));

  router
    .route(STAFF_ADMIN_PATHS.AUDIT_EXPORT)
    .get(requireOwner, async (req, res) => {
      const query = parseInput(AuditQuerySchema, req.query);
      const { header, batches } = await exportAudit(deps, query, signedInUserId(req));
      res.status(200);
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.attachment(auditFileNameOf(deps.clock()));
      await writeCsv(res, header, batches);
    })
    .all(methodNotAllowed(['GET']));

  return router;
}
