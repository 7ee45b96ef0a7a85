import { AuditQuerySchema, STAFF_ADMIN_PATHS } from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { jsonAnswer, ref, refusals } from '../../lib/json-schema';
import { declareRoute, type DeclaredRoute } from '../../lib/routes';
import { sendCsv, sendXlsx, XLSX_CONTENT_TYPE } from '../../lib/spreadsheet';
import { signedInUserId } from '../auth/require-staff';
import { auditFileNameOf, exportAudit, listAudit } from './audit.service';

const ownersOnly = { access: 'owner', tags: ['Audit log'], query: AuditQuerySchema } as const;

/**
 * The audit log for owners (issue 12): read and export only. No route changes or deletes an entry, so a PUT, PATCH
 * or DELETE on the log is 405 and on an entry's address 404.
 */
export function auditRouteDeclarations(deps: AppDeps): DeclaredRoute[] {
  const exportOf = (format: 'csv' | 'xlsx') =>
    declareRoute({
      ...ownersOnly,
      method: 'get',
      ...(format === 'csv'
        ? {
            path: STAFF_ADMIN_PATHS.AUDIT_EXPORT,
            operationId: 'exportAuditLog',
            summary:
              'The filtered audit log as CSV (UTF-8 with a byte order mark): with `limit`, the entries of that one page; the export is itself recorded',
            responses: {
              '200': { description: 'The CSV file', content: { 'text/csv': { schema: { type: 'string' } } } },
              ...refusals(400, 401, 403, 405, 503),
            },
          }
        : {
            path: STAFF_ADMIN_PATHS.AUDIT_EXPORT_XLSX,
            operationId: 'exportAuditLogXlsx',
            summary: 'The same entries as the CSV export, as an .xlsx workbook (times as Lagos date cells)',
            responses: {
              '200': {
                description: 'The workbook',
                content: { [XLSX_CONTENT_TYPE]: { schema: { type: 'string', format: 'binary' } } },
              },
              ...refusals(400, 401, 403, 405, 503),
            },
          }),
      handle: async ({ req, res, query }) => {
        const sheet = await exportAudit(deps, query, signedInUserId(req));
        const fileName = auditFileNameOf(deps.clock(), format);
        await (format === 'csv' ? sendCsv(res, fileName, sheet) : sendXlsx(res, fileName, [sheet]));
      },
    });
  return [
    declareRoute({
      ...ownersOnly,
      method: 'get',
      path: STAFF_ADMIN_PATHS.AUDIT,
      operationId: 'listAuditLog',
      summary: 'One page of the audit log, newest first, paged as the inbox is (`after`, `before`; owners only)',
      responses: { '200': jsonAnswer('The page', ref('AuditPage')), ...refusals(400, 401, 403, 405, 503) },
      handle: async ({ res, query }) => {
        res.json(await listAudit(deps, query));
      },
    }),
    exportOf('csv'),
    exportOf('xlsx'),
  ];
}
