import {
  ALL_KINDS,
  BulkActionSchema,
  EnquiryUpdateSchema,
  INBOX_PATHS,
  INBOX_VIEWS,
  InboxArrivalsQuerySchema,
  InboxExportQuerySchema,
  InboxListQuerySchema,
  InboxMatchesQuerySchema,
  MoveAnswerSchema,
  NoteCreateSchema,
  UNDO_PATH,
  UndoAnswerSchema,
  UndoBodySchema,
  type MessageKind,
} from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { signedInUserId } from '../auth/require-staff';
import { envelope, jsonAnswer, outputSchemaOf, ref, refusals, responseRef } from '../../lib/json-schema';
import { declareRoute, type DeclaredRoute } from '../../lib/routes';
import { sendCsv, sendXlsx, XLSX_CONTENT_TYPE } from '../../lib/spreadsheet';
import { KIND_PARAMETER, inEnquiry } from './inbox';
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
import { undoAction } from './undo.service';

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
  undo: UNDO_PATH,
} as const;

const VIEW_PARAMETER = {
  ...KIND_PARAMETER,
  schema: { type: 'string', enum: [...INBOX_VIEWS] },
  description: `A kind, or \`${ALL_KINDS}\` for every kind at once; anything else is 404`,
};

/** A view's kind (a kind or `all`); an unknown one is 404. */
const inView = { parameters: [VIEW_PARAMETER], parse: (raw: Record<string, string>) => viewOf(raw.kind ?? '') };
/** One kind's enquiries; an unknown kind is 404. */
const inKind = { parameters: [KIND_PARAMETER], parse: (raw: Record<string, string>) => kindOf(raw.kind ?? '') };
const staffOnly = { access: 'staff', tags: ['Inbox'] } as const;
const enquiryAnswer = (description: string) => jsonAnswer(description, ref('EnquiryAnswer'));
/** A move's answer: the enquiry and its undo ticket (docs/decisions/0044). */
const refused = envelope({ success: { const: false } }, ['message']);
const moveAnswer = (description: string) => jsonAnswer(description, outputSchemaOf(MoveAnswerSchema));

/** The staff inbox (issue 11): every route staff only, every answer the JSON envelope but the exports' files. */
export function inboxRouteDeclarations(deps: AppDeps): DeclaredRoute[] {
  const answerEnquiry = async (kind: MessageKind, id: number, userId: number) => ({
    success: true as const,
    enquiry: await getEnquiry(deps, kind, id, userId),
  });
  const exportOf = (format: 'csv' | 'xlsx') =>
    declareRoute({
      ...staffOnly,
      method: 'get',
      path: format === 'csv' ? INBOX_ROUTES.export : INBOX_ROUTES.exportXlsx,
      ...(format === 'csv'
        ? {
            operationId: 'exportEnquiries',
            summary:
              'The whole view as CSV (UTF-8 with a byte order mark; cells that could run as formulas neutralised)',
            responses: {
              '200': { description: 'The CSV file', content: { 'text/csv': { schema: { type: 'string' } } } },
              ...refusals(400, 401, 403, 404, 405, 503),
            },
          }
        : {
            operationId: 'exportEnquiriesXlsx',
            summary:
              'The whole view as an .xlsx workbook: phone numbers and references are text cells, times Lagos date cells',
            responses: {
              '200': {
                description: 'The workbook',
                content: { [XLSX_CONTENT_TYPE]: { schema: { type: 'string', format: 'binary' } } },
              },
              ...refusals(400, 401, 403, 404, 405, 503),
            },
          }),
      params: inView,
      query: InboxExportQuerySchema,
      handle: async ({ req, res, params: kind, query: filter }) => {
        const sheet = await exportEnquiries(deps, kind, filter, signedInUserId(req));
        const fileName = exportFileNameOf(kind, deps.clock(), format);
        await (format === 'csv' ? sendCsv(res, fileName, sheet) : sendXlsx(res, fileName, [sheet]));
      },
    });
  const moveOf = (move: 'restore' | 'not-spam') =>
    declareRoute({
      ...staffOnly,
      method: 'post',
      path: move === 'restore' ? INBOX_ROUTES.restore : INBOX_ROUTES.notSpam,
      operationId: move === 'restore' ? 'restoreEnquiry' : 'notSpamEnquiry',
      summary: move === 'restore' ? 'Back from the trash to the inbox' : 'From the spam folder to the inbox',
      params: inEnquiry,
      responses: {
        '200': moveAnswer('The enquiry in the inbox, and the ticket to undo the move'),
        '409': responseRef('Conflict'),
        ...refusals(400, 401, 403, 404, 405, 503),
      },
      handle: async ({ req, res, params: { kind, id } }) => {
        const userId = signedInUserId(req);
        const undo = await moveOne(deps, kind, id, move, userId);
        res.json({ ...(await answerEnquiry(kind, id, userId)), undo });
      },
    });

  return [
    declareRoute({
      ...staffOnly,
      method: 'get',
      path: INBOX_ROUTES.counts,
      operationId: 'countEnquiries',
      summary: "Each kind's new and unread enquiries in the inbox, and what its trash and spam hold",
      responses: { '200': jsonAnswer('The counts', ref('InboxCounts')), ...refusals(401, 403, 405, 503) },
      handle: async ({ req, res }) => {
        res.json(await countEnquiries(deps, signedInUserId(req)));
      },
    }),
    declareRoute({
      ...staffOnly,
      method: 'get',
      path: INBOX_ROUTES.staff,
      operationId: 'listStaff',
      summary: 'The staff accounts an enquiry can be assigned to',
      responses: { '200': jsonAnswer('The staff', ref('StaffList')), ...refusals(401, 403, 405, 503) },
      handle: async ({ req, res }) => {
        res.json({ success: true, staff: await listStaff(deps, signedInUserId(req)) });
      },
    }),
    declareRoute({
      ...staffOnly,
      method: 'get',
      path: INBOX_ROUTES.matches,
      operationId: 'countMatches',
      summary: "Each kind's count of enquiries a search and filters match (a status that does not apply is left out)",
      query: InboxMatchesQuerySchema,
      responses: { '200': jsonAnswer('The counts', ref('InboxMatches')), ...refusals(400, 401, 403, 405, 503) },
      handle: async ({ req, res, query }) => {
        res.json(await countMatches(deps, query, signedInUserId(req)));
      },
    }),
    declareRoute({
      ...staffOnly,
      method: 'get',
      path: INBOX_ROUTES.arrivals,
      operationId: 'countArrivals',
      summary: "How many enquiries of a view are newer than `since` (a page's `newest`): the inbox's poll",
      params: inView,
      query: InboxArrivalsQuerySchema,
      responses: {
        '200': jsonAnswer('The count', ref('InboxArrivals')),
        ...refusals(400, 401, 403, 404, 405, 503),
      },
      handle: async ({ req, res, params: kind, query }) => {
        res.json(await countArrivals(deps, kind, query, signedInUserId(req)));
      },
    }),
    declareRoute({
      ...staffOnly,
      method: 'get',
      path: INBOX_ROUTES.list,
      operationId: 'listEnquiries',
      summary: 'One page of a view of a kind, newest first (`after`: the next page down, `before`: the page back up)',
      params: inView,
      query: InboxListQuerySchema,
      responses: { '200': jsonAnswer('The page', ref('InboxPage')), ...refusals(400, 401, 403, 404, 405, 503) },
      handle: async ({ req, res, params: kind, query }) => {
        res.json(await listEnquiries(deps, kind, query, signedInUserId(req)));
      },
    }),
    exportOf('csv'),
    exportOf('xlsx'),
    declareRoute({
      ...staffOnly,
      method: 'post',
      path: INBOX_ROUTES.bulk,
      operationId: 'bulkEnquiries',
      summary: 'One action on several enquiries; those it does not apply to are skipped. Answers an undo ticket',
      params: inKind,
      body: { schema: BulkActionSchema, component: 'BulkAction' },
      responses: {
        '200': jsonAnswer('How many changed', ref('BulkAnswer')),
        ...refusals(400, 401, 403, 404, 405, 413, 415, 503),
      },
      handle: async ({ req, res, params: kind, body }) => {
        res.json({ success: true, ...(await bulkAction(deps, kind, body, signedInUserId(req))) });
      },
    }),
    declareRoute({
      ...staffOnly,
      method: 'get',
      path: INBOX_ROUTES.enquiry,
      operationId: 'getEnquiry',
      summary: 'One enquiry with every field, its notes and its history (does not mark it read)',
      params: inEnquiry,
      responses: { '200': enquiryAnswer('The enquiry'), ...refusals(400, 401, 403, 404, 405, 503) },
      handle: async ({ req, res, params: { kind, id } }) => {
        res.json(await answerEnquiry(kind, id, signedInUserId(req)));
      },
    }),
    declareRoute({
      ...staffOnly,
      method: 'patch',
      path: INBOX_ROUTES.enquiry,
      operationId: 'updateEnquiry',
      summary: 'Status, assignee, read mark or a one-tap answer, each change in the history',
      params: inEnquiry,
      body: { schema: EnquiryUpdateSchema, component: 'EnquiryUpdate' },
      responses: {
        '200': enquiryAnswer('The enquiry as changed'),
        ...refusals(400, 401, 403, 404, 405, 413, 415, 503),
      },
      handle: async ({ req, res, params: { kind, id }, body }) => {
        const userId = signedInUserId(req);
        await updateEnquiry(deps, kind, id, body, userId);
        res.json(await answerEnquiry(kind, id, userId));
      },
    }),
    declareRoute({
      ...staffOnly,
      method: 'delete',
      path: INBOX_ROUTES.enquiry,
      operationId: 'trashEnquiry',
      summary: 'Moves the enquiry to the trash (purged after 30 days)',
      params: inEnquiry,
      responses: {
        '200': moveAnswer('The enquiry in the trash, and the ticket to undo the move'),
        ...refusals(400, 401, 403, 404, 405, 503),
      },
      handle: async ({ req, res, params: { kind, id } }) => {
        const userId = signedInUserId(req);
        const undo = await moveOne(deps, kind, id, 'trash', userId);
        res.json({ ...(await answerEnquiry(kind, id, userId)), undo });
      },
    }),
    moveOf('restore'),
    moveOf('not-spam'),
    declareRoute({
      ...staffOnly,
      method: 'post',
      path: INBOX_ROUTES.notes,
      operationId: 'addEnquiryNote',
      summary: 'An internal note',
      params: inEnquiry,
      body: { schema: NoteCreateSchema, component: 'NoteCreate' },
      responses: {
        '201': jsonAnswer('The note', ref('NoteAnswer')),
        ...refusals(400, 401, 403, 404, 405, 413, 415, 503),
      },
      handle: async ({ req, res, params: { kind, id }, body }) => {
        res.status(201).json({ success: true, note: await addNote(deps, kind, id, body.body, signedInUserId(req)) });
      },
    }),
    declareRoute({
      ...staffOnly,
      method: 'post',
      path: INBOX_ROUTES.undo,
      operationId: 'undoInboxAction',
      summary:
        "Undoes a move or bulk status change by its ticket's token, for the account that made it and within its time: each enquiry not changed since goes back",
      body: { schema: UndoBodySchema },
      responses: {
        '200': jsonAnswer('What went back and what stayed', outputSchemaOf(UndoAnswerSchema)),
        '409': jsonAnswer('Undone already, or every enquiry was changed again since', refused),
        '410': jsonAnswer('Too late: the time to undo has passed', refused),
        ...refusals(400, 401, 403, 404, 405, 413, 415, 503),
      },
      handle: async ({ req, res, body }) => {
        res.json(await undoAction(deps, body.token, signedInUserId(req)));
      },
    }),
  ];
}
