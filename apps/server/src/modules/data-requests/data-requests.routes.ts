import {
  DataErasureAnswerSchema,
  DataErasureSchema,
  DataRequestAnswerSchema,
  DataRequestQuerySchema,
  STAFF_ADMIN_PATHS,
} from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { envelope, jsonAnswer, outputSchemaOf, refusals, type JsonSchema } from '../../lib/json-schema';
import { declareRoute, type DeclaredRoute } from '../../lib/routes';
import { sendCsv, sendXlsx, sendZip, XLSX_CONTENT_TYPE } from '../../lib/spreadsheet';
import { signedInUserId } from '../auth/require-staff';
import { oneTableOf } from './data-request-sheets';
import { erasePerson, exportPerson, searchPerson } from './data-requests.service';

const ownersOnly = { access: 'owner', tags: ['Data requests'] } as const;

/** A downloaded file's schema by its type: the JSON export is the records with the time of the export. */
function fileSchemaOf(type: string): JsonSchema {
  if (type === 'application/json') {
    return {
      type: 'object',
      properties: { exportedAt: { type: 'string', format: 'date-time' } },
      required: ['exportedAt'],
      description: 'The records findPersonData answers, and when they were exported',
    };
  }
  return type.startsWith('text/') ? { type: 'string' } : { type: 'string', format: 'binary' };
}

/** A download's answers: the file (Content-Disposition: attachment) or a refusal. */
const downloadResponses = (type: string) => ({
  '200': {
    description: 'The file (Content-Disposition: attachment)',
    content: { [type]: { schema: fileSchemaOf(type) } },
  },
  ...refusals(400, 401, 403, 405, 503),
});

/** Data requests under the Nigeria Data Protection Act 2023 (issue 12): every route for owners only. */
export function dataRequestsRouteDeclarations(deps: AppDeps): DeclaredRoute[] {
  // A person's records are few: each file is made in memory. The ZIP (one CSV per table) and the workbook are the
  // files to hand over; the one-file CSV stays for the clients that fetch it.
  const sheetsOf = (format: 'csv' | 'zip' | 'xlsx', path: string, operationId: string, summary: string, type: string) =>
    declareRoute({
      ...ownersOnly,
      method: 'get',
      path,
      operationId,
      summary,
      query: DataRequestQuerySchema,
      responses: downloadResponses(type),
      handle: async ({ req, res, query }) => {
        const { fileName, sheets, files } = await exportPerson(deps, query, format, signedInUserId(req));
        if (format === 'csv') await sendCsv(res, fileName, await oneTableOf(sheets));
        else if (format === 'zip') await sendZip(res, fileName, sheets, files);
        else await sendXlsx(res, fileName, sheets);
      },
    });
  return [
    declareRoute({
      ...ownersOnly,
      method: 'get',
      path: STAFF_ADMIN_PATHS.DATA_REQUEST,
      operationId: 'findPersonData',
      summary: 'Every enquiry (any folder), note and mail record of a person, by e-mail or phone; audited masked',
      query: DataRequestQuerySchema,
      responses: {
        '200': jsonAnswer("The person's records", outputSchemaOf(DataRequestAnswerSchema)),
        ...refusals(400, 401, 403, 405, 503),
      },
      handle: async ({ req, res, query }) => {
        res.json(await searchPerson(deps, query, signedInUserId(req)));
      },
    }),
    declareRoute({
      ...ownersOnly,
      method: 'get',
      path: STAFF_ADMIN_PATHS.DATA_REQUEST_EXPORT_JSON,
      operationId: 'exportPersonDataJson',
      summary: 'The same records as JSON',
      query: DataRequestQuerySchema,
      responses: downloadResponses('application/json'),
      handle: async ({ req, res, query }) => {
        const { fileName, answer } = await exportPerson(deps, query, 'json', signedInUserId(req));
        const { success: _success, ...records } = answer;
        res.attachment(fileName);
        res.type('application/json');
        res.send(JSON.stringify({ exportedAt: deps.clock().toISOString(), ...records }, null, 2));
      },
    }),
    sheetsOf(
      'csv',
      STAFF_ADMIN_PATHS.DATA_REQUEST_EXPORT_CSV,
      'exportPersonDataCsv',
      'The same records as one CSV (UTF-8 with a byte order mark): a row per value (Table, Row, Column, Value)',
      'text/csv',
    ),
    sheetsOf(
      'zip',
      STAFF_ADMIN_PATHS.DATA_REQUEST_EXPORT_ZIP,
      'exportPersonDataZip',
      "The same records as a ZIP of one CSV per table (each kind of enquiry, notes, mails, conversations), each with its header, and the files the person's mails brought under attachments/",
      'application/zip',
    ),
    sheetsOf(
      'xlsx',
      STAFF_ADMIN_PATHS.DATA_REQUEST_EXPORT_XLSX,
      'exportPersonDataXlsx',
      'The same records as an .xlsx workbook, one sheet per table',
      XLSX_CONTENT_TYPE,
    ),
    declareRoute({
      ...ownersOnly,
      method: 'post',
      path: STAFF_ADMIN_PATHS.DATA_REQUEST_ERASE,
      operationId: 'erasePersonData',
      summary: "Erases the person's enquiries, notes and mail records when expectedRecords is the number found",
      body: { schema: DataErasureSchema },
      responses: {
        '200': jsonAnswer('What was erased', outputSchemaOf(DataErasureAnswerSchema)),
        '409': jsonAnswer(
          'The number of records is no longer the one confirmed; nothing was erased',
          envelope({ success: { const: false } }, ['message']),
        ),
        ...refusals(400, 401, 403, 405, 413, 415, 503),
      },
      handle: async ({ req, res, body }) => {
        res.json(await erasePerson(deps, body, signedInUserId(req)));
      },
    }),
  ];
}
