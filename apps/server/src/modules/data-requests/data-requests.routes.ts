import { Router, type RequestHandler } from 'express';
import { DataErasureSchema, DataRequestQuerySchema, STAFF_ADMIN_PATHS } from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { jsonBody } from '../../middleware/json-body';
import { methodNotAllowed } from '../../middleware/method-not-allowed';
import { parseInput } from '../../middleware/validate';
import { signedInUserId } from '../auth/require-staff';
import { sendCsv, sendXlsx, sendZip } from '../../lib/spreadsheet';
import { oneTableOf } from './data-request-sheets';
import { erasePerson, exportPerson, searchPerson } from './data-requests.service';

/** Data requests under the Nigeria Data Protection Act 2023 (issue 12): every route for owners only. */
export function dataRequestsRoutes(deps: AppDeps, requireOwner: RequestHandler): Router {
  const router = Router();

  router
    .route(STAFF_ADMIN_PATHS.DATA_REQUEST)
    .get(requireOwner, async (req, res) => {
      const query = parseInput(DataRequestQuerySchema, req.query);
      res.json(await searchPerson(deps, query, signedInUserId(req)));
    })
    .all(methodNotAllowed(['GET']));

  router
    .route(STAFF_ADMIN_PATHS.DATA_REQUEST_EXPORT_JSON)
    .get(requireOwner, async (req, res) => {
      const query = parseInput(DataRequestQuerySchema, req.query);
      const { fileName, answer } = await exportPerson(deps, query, 'json', signedInUserId(req));
      const { success: _success, ...records } = answer;
      res.attachment(fileName);
      res.type('application/json');
      res.send(JSON.stringify({ exportedAt: deps.clock().toISOString(), ...records }, null, 2));
    })
    .all(methodNotAllowed(['GET']));

  // A person's records are few: each file is made in memory. The ZIP (one CSV per table) and the workbook are the
  // files to hand over; the one-file CSV stays for the clients that fetch it.
  for (const [path, format] of [
    [STAFF_ADMIN_PATHS.DATA_REQUEST_EXPORT_CSV, 'csv'],
    [STAFF_ADMIN_PATHS.DATA_REQUEST_EXPORT_ZIP, 'zip'],
    [STAFF_ADMIN_PATHS.DATA_REQUEST_EXPORT_XLSX, 'xlsx'],
  ] as const) {
    router
      .route(path)
      .get(requireOwner, async (req, res) => {
        const query = parseInput(DataRequestQuerySchema, req.query);
        const { fileName, sheets } = await exportPerson(deps, query, format, signedInUserId(req));
        if (format === 'csv') await sendCsv(res, fileName, await oneTableOf(sheets));
        else if (format === 'zip') await sendZip(res, fileName, sheets);
        else await sendXlsx(res, fileName, sheets);
      })
      .all(methodNotAllowed(['GET']));
  }

  router
    .route(STAFF_ADMIN_PATHS.DATA_REQUEST_ERASE)
    .post(requireOwner, ...jsonBody, async (req, res) => {
      const body = parseInput(DataErasureSchema, req.body);
      res.json(await erasePerson(deps, body, signedInUserId(req)));
    })
    .all(methodNotAllowed(['POST']));

  return router;
}
