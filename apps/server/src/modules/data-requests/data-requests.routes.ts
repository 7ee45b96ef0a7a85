import { Router, type RequestHandler } from 'express';
import { DataErasureSchema, DataRequestQuerySchema, STAFF_ADMIN_PATHS } from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { jsonBody } from '../../middleware/json-body';
import { methodNotAllowed } from '../../middleware/method-not-allowed';
import { parseInput } from '../../middleware/validate';
import { signedInUserId } from '../auth/require-staff';
import { writeCsv } from '../inbox/inbox-csv';
import { erasePerson, exportPerson, searchPerson } from './data-requests.service';

/** A person's records are few: they are read at once, and written as writeCsv's one batch. */
async function* inOneBatch(rows: string[][]): AsyncIterable<string[][]> {
  yield rows;
}

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

  router
    .route(STAFF_ADMIN_PATHS.DATA_REQUEST_EXPORT_CSV)
    .get(requireOwner, async (req, res) => {
      const query = parseInput(DataRequestQuerySchema, req.query);
      const { fileName, csvRows } = await exportPerson(deps, query, 'csv', signedInUserId(req));
      const [title = [], ...rest] = csvRows;
      res.status(200);
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.attachment(fileName);
      await writeCsv(res, title, inOneBatch(rest));
    })
    .all(methodNotAllowed(['GET']));

  router
    .route(STAFF_ADMIN_PATHS.DATA_REQUEST_ERASE)
    .post(requireOwner, ...jsonBody, async (req, res) => {
      const body = parseInput(DataErasureSchema, req.body);
      res.json(await erasePerson(deps, body, signedInUserId(req)));
    })
    .all(methodNotAllowed(['POST']));

  return router;
}
