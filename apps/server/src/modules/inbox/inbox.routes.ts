import { Router, type RequestHandler } from 'express';
import {
  BulkActionSchema,
  EnquiryRefSchema,
  EnquiryUpdateSchema,
  INBOX_PATHS,
  InboxArrivalsQuerySchema,
  InboxExportQuerySchema,
  InboxListQuerySchema,
  InboxMatchesQuerySchema,
  NoteCreateSchema,
} from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { jsonBody } from '../../middleware/json-body';
import { methodNotAllowed } from '../../middleware/method-not-allowed';
import { parseInput } from '../../middleware/validate';
import { signedInUserId } from '../auth/require-staff';
import { sendCsv, sendXlsx } from '../../lib/spreadsheet';
import { exportFileNameOf } from './inbox-csv';
import {
  addNote,
  bulkAction,
  countArrivals,
  countEnquiries,
  countMatches,
  exportEnquiries,
  getEnquiry,
  kindOf,
  listEnquiries,
  viewOf,
  listStaff,
  moveOne,
  updateEnquiry,
} from './inbox.service';

/**
 * The routes of INBOX_PATHS, with the kind and the id as parameters (inbox.test.ts checks that every INBOX_PATHS
 * address is one of these). Those with a fixed word after the kind come before `:kind/:id`, which would take them.
 */
export const INBOX_ROUTES = {
  counts: INBOX_PATHS.COUNTS,
  staff: INBOX_PATHS.STAFF,
  matches: INBOX_PATHS.MATCHES,
  list: '/api/enquiries/:kind',
  arrivals: '/api/enquiries/:kind/arrivals',
  export: '/api/enquiries/:kind/export.csv',
  exportXlsx: '/api/enquiries/:kind/export.xlsx',
  bulk: '/api/enquiries/:kind/bulk',
  enquiry: '/api/enquiries/:kind/:id',
  restore: '/api/enquiries/:kind/:id/restore',
  notSpam: '/api/enquiries/:kind/:id/not-spam',
  notes: '/api/enquiries/:kind/:id/notes',
} as const;

const IdParamSchema = EnquiryRefSchema.pick({ id: true });

/** The staff inbox (issue 11): every route staff only, every answer the JSON envelope but the exports' files. */
export function inboxRoutes(deps: AppDeps, requireStaff: RequestHandler): Router {
  const router = Router();
  const target = (params: Record<string, string>) => ({
    kind: kindOf(params.kind ?? ''),
    id: parseInput(IdParamSchema, { id: params.id }).id,
  });
  const answerEnquiry = async (kind: ReturnType<typeof kindOf>, id: number, userId: number) => ({
    success: true as const,
    enquiry: await getEnquiry(deps, kind, id, userId),
  });

  router
    .route(INBOX_ROUTES.counts)
    .get(requireStaff, async (req, res) => {
      res.json(await countEnquiries(deps, signedInUserId(req)));
    })
    .all(methodNotAllowed(['GET']));

  router
    .route(INBOX_ROUTES.staff)
    .get(requireStaff, async (req, res) => {
      res.json({ success: true, staff: await listStaff(deps, signedInUserId(req)) });
    })
    .all(methodNotAllowed(['GET']));

  router
    .route(INBOX_ROUTES.matches)
    .get(requireStaff, async (req, res) => {
      const query = parseInput(InboxMatchesQuerySchema, req.query);
      res.json(await countMatches(deps, query, signedInUserId(req)));
    })
    .all(methodNotAllowed(['GET']));

  router
    .route(INBOX_ROUTES.arrivals)
    .get(requireStaff, async (req, res) => {
      const kind = viewOf(req.params.kind);
      const query = parseInput(InboxArrivalsQuerySchema, req.query);
      res.json(await countArrivals(deps, kind, query, signedInUserId(req)));
    })
    .all(methodNotAllowed(['GET']));

  router
    .route(INBOX_ROUTES.list)
    .get(requireStaff, async (req, res) => {
      const kind = viewOf(req.params.kind);
      const query = parseInput(InboxListQuerySchema, req.query);
      res.json(await listEnquiries(deps, kind, query, signedInUserId(req)));
    })
    .all(methodNotAllowed(['GET']));

  for (const [path, format] of [
    [INBOX_ROUTES.export, 'csv'],
    [INBOX_ROUTES.exportXlsx, 'xlsx'],
  ] as const) {
    router
      .route(path)
      .get(requireStaff, async (req, res) => {
        const kind = viewOf(req.params.kind);
        const filter = parseInput(InboxExportQuerySchema, req.query);
        const sheet = await exportEnquiries(deps, kind, filter, signedInUserId(req));
        const fileName = exportFileNameOf(kind, deps.clock(), format);
        await (format === 'csv' ? sendCsv(res, fileName, sheet) : sendXlsx(res, fileName, [sheet]));
      })
      .all(methodNotAllowed(['GET']));
  }

  router
    .route(INBOX_ROUTES.bulk)
    .post(requireStaff, ...jsonBody, async (req, res) => {
      const kind = kindOf(req.params.kind);
      const bulk = parseInput(BulkActionSchema, req.body);
      res.json({ success: true, changed: await bulkAction(deps, kind, bulk, signedInUserId(req)) });
    })
    .all(methodNotAllowed(['POST']));

  router
    .route(INBOX_ROUTES.enquiry)
    .get(requireStaff, async (req, res) => {
      const { kind, id } = target(req.params);
      res.json(await answerEnquiry(kind, id, signedInUserId(req)));
    })
    .patch(requireStaff, ...jsonBody, async (req, res) => {
      const { kind, id } = target(req.params);
      const update = parseInput(EnquiryUpdateSchema, req.body);
      const userId = signedInUserId(req);
      await updateEnquiry(deps, kind, id, update, userId);
      res.json(await answerEnquiry(kind, id, userId));
    })
    .delete(requireStaff, async (req, res) => {
      const { kind, id } = target(req.params);
      const userId = signedInUserId(req);
      await moveOne(deps, kind, id, 'trash', userId);
      res.json(await answerEnquiry(kind, id, userId));
    })
    .all(methodNotAllowed(['GET', 'PATCH', 'DELETE']));

  for (const [path, move] of [
    [INBOX_ROUTES.restore, 'restore'],
    [INBOX_ROUTES.notSpam, 'not-spam'],
  ] as const) {
    router
      .route(path)
      .post(requireStaff, async (req, res) => {
        const { kind, id } = target(req.params);
        const userId = signedInUserId(req);
        await moveOne(deps, kind, id, move, userId);
        res.json(await answerEnquiry(kind, id, userId));
      })
      .all(methodNotAllowed(['POST']));
  }

  router
    .route(INBOX_ROUTES.notes)
    .post(requireStaff, ...jsonBody, async (req, res) => {
      const { kind, id } = target(req.params);
      const { body } = parseInput(NoteCreateSchema, req.body);
      res.status(201).json({ success: true, note: await addNote(deps, kind, id, body, signedInUserId(req)) });
    })
    .all(methodNotAllowed(['POST']));

  return router;
}
