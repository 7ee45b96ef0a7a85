import { Router, type RequestHandler } from 'express';
import { AuditQuerySchema, STAFF_ADMIN_PATHS } from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { methodNotAllowed } from '../../middleware/method-not-allowed';
import { parseInput } from '../../middleware/validate';
import { signedInUserId } from '../auth/require-staff';
import { sendCsv, sendXlsx } from '../../lib/spreadsheet';
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

  for (const [path, format] of [
    [STAFF_ADMIN_PATHS.AUDIT_EXPORT, 'csv'],
    [STAFF_ADMIN_PATHS.AUDIT_EXPORT_XLSX, 'xlsx'],
  ] as const) {
    router
      .route(path)
      .get(requireOwner, async (req, res) => {
        const query = parseInput(AuditQuerySchema, req.query);
        const sheet = await exportAudit(deps, query, signedInUserId(req));
        const fileName = auditFileNameOf(deps.clock(), format);
        await (format === 'csv' ? sendCsv(res, fileName, sheet) : sendXlsx(res, fileName, [sheet]));
      })
      .all(methodNotAllowed(['GET']));
  }

  return router;
}
