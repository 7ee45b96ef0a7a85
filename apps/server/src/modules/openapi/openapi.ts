import { z } from 'zod';
import {
  ACCOUNT_RULES,
  API_PATHS,
  AuditPageSchema,
  AuditQuerySchema,
  BRAND_NAME,
  BulkActionSchema,
  BulkAnswerSchema,
  DataErasureAnswerSchema,
  DataErasureSchema,
  DataRequestAnswerSchema,
  DataRequestQuerySchema,
  EnquiryAnswerSchema,
  EnquiryUpdateSchema,
  InboxArrivalsQuerySchema,
  InboxArrivalsSchema,
  InboxCountsSchema,
  InboxMatchesQuerySchema,
  InboxMatchesSchema,
  InboxExportQuerySchema,
  InboxListQuerySchema,
  InboxPageSchema,
  NoteAnswerSchema,
  NoteCreateSchema,
  StaffListSchema,
  ENQUIRY_KINDS,
  HONEYPOT_FIELD,
  HUMAN_CHECK_AFTER_PARAMETER,
  HUMAN_CHECK_FIELDS,
  IDEMPOTENCY_FIELD,
  IDEMPOTENCY_HEADER,
  LIMITS,
  LoginSchema,
  MESSAGE_KINDS,
  PATHS,
  RegisterSchema,
  ResetRequestSchema,
  ConfirmationRequestSchema,
  STAFF_ADMIN_PATHS,
  StaffAccountAnswerSchema,
  StaffAccountsAnswerSchema,
  SUBMISSION_RULES,
  UpdatePasswordSchema,
  storedFieldsOf,
  type MessageKind,
} from '@agency/shared';
import { XLSX_CONTENT_TYPE } from '../../lib/spreadsheet';
import { ConfirmQuerySchema, SESSION_COOKIE_NAME } from '../auth/auth.routes';
import { publicOriginOf } from '../web/web.routes';
import { STAFF_ROUTES } from '../staff/staff.routes';
import { INBOX_ROUTES } from '../inbox/inbox.routes';
import { DeleteQuerySchema, ListQuerySchema } from '../messages/messages.routes';

/**
 * The OpenAPI 3.1 document of every endpoint the server answers (issue 11). Request bodies and query parameters are
 * the shared zod schemas the routes parse with, turned into JSON Schema by zod itself (`io: 'input'`: what a client
 * sends, before trims and defaults); the answers are the JSON envelope with each endpoint's own fields.
 */

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

/**
 * Touches zod's JSON Schema needs for other tools: a query string's integer (decimalCount, typed `integer` by its
 * metadata) drops the digits pattern only strings have, a date-time its long regex (the format says it), a default
 * given as metadata stays (zod leaves it out of what a client sends); a record keyed by a closed list (each kind's
 * counts), which zod writes as `propertyNames` plus `required`, becomes an object with those properties (Redocly: a
 * required property must be defined).
 */
function forOtherTools({ zodSchema, jsonSchema }: { zodSchema: z.core.$ZodType; jsonSchema: object }): void {
  const json = jsonSchema as JsonSchema;
  if (json.type === 'integer' || json.format === 'date-time') delete json.pattern;
  const meta = z.globalRegistry.get(zodSchema);
  if (meta?.default !== undefined) json.default = meta.default;
  const keys = (json.propertyNames as { enum?: unknown[] } | undefined)?.enum;
  if (json.type === 'object' && Array.isArray(keys) && typeof json.additionalProperties === 'object') {
    json.properties = Object.fromEntries(keys.map((key) => [String(key), json.additionalProperties as JsonSchema]));
    json.additionalProperties = false;
    delete json.propertyNames;
  }
}

/** A zod schema as the JSON Schema of what a client may send (dialect 2020-12, OpenAPI 3.1's own). */
function inputSchemaOf(schema: z.ZodType): JsonSchema {
  // Refinements (the password rule) cannot be written in JSON Schema: the document says less than the server checks.
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    override: forOtherTools,
  }) as JsonSchema;
  return json;
}

function outputSchemaOf(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    io: 'output',
    unrepresentable: 'any',
    override: forOtherTools,
  }) as JsonSchema;
  return json;
}

/** Query parameters from an object schema, each property one parameter (its description the parameter's). */
function queryParametersOf(schema: z.ZodType): Record<string, unknown>[] {
  const json = inputSchemaOf(schema);
  return Object.entries(json.properties ?? {}).map(([name, { description, ...property }]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    ...(typeof description === 'string' ? { description } : {}),
    schema: property,
  }));
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const responseRef = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** The envelope with an endpoint's own fields; `success` fixed when the answer is always one or the other. */
function envelope(fields: Record<string, unknown> = {}, required: string[] = []): JsonSchema {
  return { allOf: [ref('Envelope'), { type: 'object', properties: fields, required }] };
}

function jsonAnswer(description: string, schema: unknown = ref('Envelope')) {
  return { description, content: { 'application/json': { schema } } };
}

const jsonContent = (schema: unknown) => ({ 'application/json': { schema } });

/** The refusals every endpoint may give, by status. */
const REFUSALS = {
  400: responseRef('BadRequest'),
  401: responseRef('NotSignedIn'),
  403: responseRef('Forbidden'),
  404: responseRef('NotFound'),
  405: responseRef('MethodNotAllowed'),
  413: responseRef('TooLarge'),
  415: responseRef('UnsupportedMediaType'),
  429: responseRef('TooManyRequests'),
  503: responseRef('ServiceUnavailable'),
} as const;

type RefusalStatus = keyof typeof REFUSALS;

function refusals(...statuses: RefusalStatus[]): Record<string, unknown> {
  return Object.fromEntries(statuses.map((status) => [String(status), REFUSALS[status]]));
}

/** A signed-in staff member's (or owner's) session cookie; owners-only calls say so in their summary. */
const STAFF = [{ session: [] }];
/** Open to anyone: declared, so a reader (and Redocly's security-defined rule) knows it was not forgotten. */
const PUBLIC: never[] = [];

/** A kind's submission body: its schema's fields plus the human check, the honeypot and the key (issue 10). */
function submissionSchemaOf(kind: MessageKind): JsonSchema {
  const fields = inputSchemaOf(ENQUIRY_KINDS[kind].schema);
  return {
    ...fields,
    properties: {
      ...fields.properties,
      [HUMAN_CHECK_FIELDS.token]: { type: 'string', maxLength: 500 },
      [HUMAN_CHECK_FIELDS.answer]: { type: ['string', 'integer', 'null'] },
      [HONEYPOT_FIELD]: {
        type: 'string',
        description: 'Left empty by people; a filled one marks the enquiry as spam.',
      },
      [IDEMPOTENCY_FIELD]: ref('IdempotencyKey'),
    },
  };
}

/** A stored enquiry of a kind as the lists give it: id, the fields of spec 3, created_at. */
function listedRowSchemaOf(kind: MessageKind): JsonSchema {
  const output = outputSchemaOf(ENQUIRY_KINDS[kind].schema);
  const fields = storedFieldsOf(kind);
  const properties: Record<string, JsonSchema> = { id: { type: 'integer', minimum: 1 } };
  for (const { field, listedAs } of fields) {
    const stored = output.properties?.[field] ?? {};
    properties[listedAs] = output.required?.includes(field) ? stored : { anyOf: [stored, { type: 'null' }] };
  }
  properties.created_at = { type: 'string', format: 'date-time' };
  return {
    type: 'object',
    properties,
    required: ['id', ...fields.map(({ listedAs }) => listedAs), 'created_at'],
  };
}

function kindSchemaName(kind: MessageKind, suffix: string): string {
  return `${kind
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('')}${suffix}`;
}

function messageOperations(kind: MessageKind): Record<string, Record<string, unknown>> {
  const { paths } = ENQUIRY_KINDS[kind];
  const tag = kindSchemaName(kind, '');
  const submission = ref(kindSchemaName(kind, 'Submission'));
  return {
    [paths.submit]: {
      post: {
        operationId: `submit${tag}`,
        security: PUBLIC,
        tags: [tag],
        summary: `Sends a ${kind.replace('_', ' ')} enquiry`,
        description:
          "JSON from the site's script, or a browser's form post without JavaScript (`application/x-www-form-urlencoded`, the same fields): a form post whose Accept prefers text/html is answered with the form's page, 200 with the success and its reference, or 400/429 with the form again, each message under its field and everything typed kept (docs/decisions/0019); any other request is answered with JSON. A repeated Idempotency-Key answers the first answer again.",
        parameters: [
          {
            name: IDEMPOTENCY_HEADER,
            in: 'header',
            required: false,
            schema: ref('IdempotencyKey'),
          },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: submission },
            'application/x-www-form-urlencoded': { schema: submission },
          },
        },
        responses: {
          '200': {
            description:
              "A browser's form post was stored (or taken as spam, answered the same): the form's page with the success message and the reference",
            content: { 'text/html': { schema: { type: 'string' } } },
          },
          '201': {
            description: 'Stored (or taken as spam, answered the same); two mails queued',
            content: {
              'application/json': {
                schema: envelope({ success: { const: true }, reference: { type: 'string', pattern: '^RD-' } }, [
                  'message',
                  'reference',
                ]),
              },
            },
          },
          ...refusals(400, 403, 405, 413, 415, 429, 503),
          '400': responseRef('FormRefused'),
          '429': responseRef('FormTooManyRequests'),
        },
      },
    },
    [paths.list]: {
      get: {
        operationId: `list${tag}`,
        tags: [tag],
        summary: 'Lists the stored enquiries, newest first (staff only)',
        description: 'Without parameters every row; limit, offset or q narrow the list and add total.',
        security: STAFF,
        parameters: queryParametersOf(ListQuerySchema),
        responses: {
          '200': jsonAnswer(
            'The enquiries',
            envelope(
              {
                success: { const: true },
                messages: { type: 'array', items: ref(kindSchemaName(kind, 'Row')) },
                total: { type: 'integer', minimum: 0 },
              },
              ['messages'],
            ),
          ),
          ...refusals(400, 401, 403, 405, 503),
        },
      },
    },
    [paths.delete]: {
      delete: {
        operationId: `delete${tag}`,
        tags: [tag],
        summary: 'Deletes one stored enquiry (staff only)',
        security: STAFF,
        parameters: queryParametersOf(DeleteQuerySchema),
        responses: {
          '200': jsonAnswer('Deleted'),
          ...refusals(400, 401, 403, 404, 405, 503),
        },
      },
    },
  };
}

const pathOf = (apiPath: string) => apiPath.split('?')[0] ?? apiPath;

const actionParameter = (action: string) => ({
  name: 'action',
  in: 'query',
  required: true,
  schema: { const: action },
});

function authOperations(): Record<string, Record<string, unknown>> {
  const user = { user: ref('SessionUser') };
  return {
    [pathOf(API_PATHS.LOGIN)]: {
      get: {
        operationId: 'checkSession',
        security: PUBLIC,
        tags: ['Account'],
        summary: 'The signed-in user, if any',
        parameters: [actionParameter('check')],
        responses: {
          '200': jsonAnswer('success true with the user, or success false when nobody is signed in', envelope(user)),
          ...refusals(400, 405, 503),
        },
      },
      post: {
        operationId: 'login',
        security: PUBLIC,
        tags: ['Account'],
        summary: 'Signs a staff member in',
        parameters: [actionParameter('login')],
        requestBody: { required: true, content: jsonContent(ref('Login')) },
        responses: {
          '200': jsonAnswer('Signed in; the session cookie is set', envelope(user, ['message', 'user'])),
          ...refusals(400, 401, 403, 405, 413, 415, 429, 503),
        },
      },
    },
    [API_PATHS.LOGOUT]: {
      get: {
        operationId: 'logoutByLink',
        security: PUBLIC,
        tags: ['Account'],
        summary: "Signs out (the spec's GET; refused from another site)",
        responses: { '200': jsonAnswer('Signed out'), ...refusals(403, 405, 503) },
      },
      post: {
        operationId: 'logout',
        security: PUBLIC,
        tags: ['Account'],
        summary: 'Signs out',
        responses: { '200': jsonAnswer('Signed out'), ...refusals(403, 405, 503) },
      },
    },
    [API_PATHS.REGISTER]: {
      post: {
        operationId: 'register',
        security: PUBLIC,
        tags: ['Account'],
        summary: 'Creates an account and mails its confirmation link',
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': { schema: ref('Register'), encoding: { profile_image: { contentType: 'image/*' } } },
          },
        },
        responses: {
          '201': jsonAnswer('Registered; a confirmation mail is queued'),
          ...refusals(400, 403, 405, 413, 415, 429, 503),
        },
      },
    },
    [API_PATHS.CONFIRM_EMAIL]: {
      get: {
        operationId: 'confirmEmail',
        security: PUBLIC,
        tags: ['Account'],
        summary: "Confirms an account's e-mail address with the token from its mail",
        parameters: queryParametersOf(ConfirmQuerySchema),
        responses: { '200': jsonAnswer('Confirmed'), ...refusals(400, 405, 503) },
      },
    },
    [API_PATHS.RESET_REQUEST]: {
      post: {
        operationId: 'requestPasswordReset',
        security: PUBLIC,
        tags: ['Account'],
        summary: 'Mails a reset link (the same answer whether the address has an account or not)',
        requestBody: { required: true, content: jsonContent(ref('ResetRequest')) },
        responses: { '200': jsonAnswer('Requested'), ...refusals(400, 403, 405, 413, 415, 429, 503) },
      },
    },
    [API_PATHS.RESEND_CONFIRMATION]: {
      post: {
        operationId: 'requestConfirmationLink',
        security: PUBLIC,
        tags: ['Account'],
        summary:
          'Mails a new 24-hour confirmation link to an account not yet confirmed; older links stop working (the same answer for any address)',
        description:
          "JSON, or a browser's form post without JavaScript (`application/x-www-form-urlencoded`, the same field): a form post whose Accept prefers text/html is answered 303 to /new-confirmation-link/sent (to the form again when the address is not one); any other request gets JSON.",
        requestBody: {
          required: true,
          content: {
            ...jsonContent(ref('ConfirmationRequest')),
            'application/x-www-form-urlencoded': { schema: ref('ConfirmationRequest') },
          },
        },
        responses: {
          '200': jsonAnswer('Requested'),
          '303': { description: "A browser's form post: the page that gives the same answer" },
          ...refusals(400, 403, 405, 413, 415, 429, 503),
        },
      },
    },
    [API_PATHS.UPDATE_PASSWORD]: {
      post: {
        operationId: 'updatePassword',
        security: PUBLIC,
        tags: ['Account'],
        summary: 'Sets a new password with the token from a reset mail',
        requestBody: { required: true, content: jsonContent(ref('UpdatePassword')) },
        responses: { '200': jsonAnswer('Updated'), ...refusals(400, 403, 405, 413, 415, 429, 503) },
      },
    },
  };
}

function serviceOperations(): Record<string, Record<string, unknown>> {
  return {
    [API_PATHS.HUMAN_CHECK]: {
      get: {
        operationId: 'issueHumanCheck',
        security: PUBLIC,
        tags: ['Forms'],
        summary: 'A new question "What is a + b?" with its signed, single-use token (30 minutes)',
        parameters: [
          {
            name: HUMAN_CHECK_AFTER_PARAMETER,
            in: 'query',
            required: false,
            description:
              'The token of the question the form had (refused or answered wrongly): the new token keeps the time the form was first served, so a quick correction is not too fast. An invalid or expired one is ignored.',
            schema: { type: 'string', maxLength: 500 },
          },
        ],
        responses: {
          '200': jsonAnswer(
            'The question',
            envelope(
              {
                success: { const: true },
                a: { type: 'integer', minimum: 0, maximum: 9 },
                b: { type: 'integer', minimum: 0, maximum: 9 },
                token: { type: 'string' },
              },
              ['a', 'b', 'token'],
            ),
          ),
          ...refusals(405),
        },
      },
    },
    [API_PATHS.HEALTH]: {
      get: {
        operationId: 'health',
        security: PUBLIC,
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
      },
    },
    [API_PATHS.FAILED_MAILS]: {
      get: {
        operationId: 'listFailedMails',
        tags: ['Service'],
        summary: 'Mails not delivered after every try, newest first (staff only)',
        security: STAFF,
        responses: {
          '200': jsonAnswer(
            'The mails',
            envelope({ success: { const: true }, mails: { type: 'array', items: ref('FailedMail') } }, ['mails']),
          ),
          ...refusals(401, 403, 405, 503),
        },
      },
    },
    [`${API_PATHS.PROFILE_IMAGES}/{file}`]: {
      get: {
        operationId: 'profileImage',
        security: PUBLIC,
        tags: ['Account'],
        summary: 'A profile image by its stored name, or the default avatar (also at /uploads/profile_images/{file})',
        parameters: [{ name: 'file', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': { description: 'The image', content: { 'image/*': { schema: { type: 'string', format: 'binary' } } } },
          ...refusals(404, 405, 503),
        },
      },
    },
    [API_PATHS.OPENAPI]: {
      get: {
        operationId: 'openApiDocument',
        security: PUBLIC,
        tags: ['Service'],
        summary: 'This document',
        responses: {
          '200': { description: 'The OpenAPI 3.1 document', content: jsonContent({ type: 'object' }) },
          ...refusals(405),
        },
      },
    },
  };
}

/** An Express route path (`/api/enquiries/:kind`) in OpenAPI's form (`/api/enquiries/{kind}`). */
const documentPathOf = (route: string) => route.replace(/:(\w+)/g, '{$1}');

const KIND_PARAMETER = {
  name: 'kind',
  in: 'path',
  required: true,
  schema: { type: 'string', enum: [...MESSAGE_KINDS] },
  description: 'An unknown kind is 404',
};
const ID_PARAMETER = { name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[0-9]+$' } };

/** The staff inbox (issue 11): its answers are the shared schemas' own (InboxPageSchema and the rest). */
function inboxOperations(): Record<string, Record<string, unknown>> {
  const staffOnly = { tags: ['Inbox'], security: STAFF };
  const enquiryAnswer = (description: string) => jsonAnswer(description, ref('EnquiryAnswer'));
  const inEnquiry = [KIND_PARAMETER, ID_PARAMETER];
  return {
    [INBOX_ROUTES.counts]: {
      get: {
        ...staffOnly,
        operationId: 'countEnquiries',
        summary: "Each kind's new and unread enquiries in the inbox, and what its trash and spam hold",
        responses: { '200': jsonAnswer('The counts', ref('InboxCounts')), ...refusals(401, 403, 405, 503) },
      },
    },
    [INBOX_ROUTES.staff]: {
      get: {
        ...staffOnly,
        operationId: 'listStaff',
        summary: 'The staff accounts an enquiry can be assigned to',
        responses: { '200': jsonAnswer('The staff', ref('StaffList')), ...refusals(401, 403, 405, 503) },
      },
    },
    [INBOX_ROUTES.matches]: {
      get: {
        ...staffOnly,
        operationId: 'countMatches',
        summary: "Each kind's count of enquiries a search and filters match (a status that does not apply is left out)",
        parameters: queryParametersOf(InboxMatchesQuerySchema),
        responses: { '200': jsonAnswer('The counts', ref('InboxMatches')), ...refusals(400, 401, 403, 405, 503) },
      },
    },
    [documentPathOf(INBOX_ROUTES.arrivals)]: {
      get: {
        ...staffOnly,
        operationId: 'countArrivals',
        summary: "How many enquiries of a view are newer than `since` (a page's `newest`): the inbox's poll",
        parameters: [KIND_PARAMETER, ...queryParametersOf(InboxArrivalsQuerySchema)],
        responses: {
          '200': jsonAnswer('The count', ref('InboxArrivals')),
          ...refusals(400, 401, 403, 404, 405, 503),
        },
      },
    },
    [documentPathOf(INBOX_ROUTES.list)]: {
      get: {
        ...staffOnly,
        operationId: 'listEnquiries',
        summary: 'One page of a view of a kind, newest first (`after`: the next page down, `before`: the page back up)',
        parameters: [KIND_PARAMETER, ...queryParametersOf(InboxListQuerySchema)],
        responses: { '200': jsonAnswer('The page', ref('InboxPage')), ...refusals(400, 401, 403, 404, 405, 503) },
      },
    },
    [documentPathOf(INBOX_ROUTES.export)]: {
      get: {
        ...staffOnly,
        operationId: 'exportEnquiries',
        summary: 'The whole view as CSV (UTF-8 with a byte order mark; cells that could run as formulas neutralised)',
        parameters: [KIND_PARAMETER, ...queryParametersOf(InboxExportQuerySchema)],
        responses: {
          '200': { description: 'The CSV file', content: { 'text/csv': { schema: { type: 'string' } } } },
          ...refusals(400, 401, 403, 404, 405, 503),
        },
      },
    },
    [documentPathOf(INBOX_ROUTES.exportXlsx)]: {
      get: {
        ...staffOnly,
        operationId: 'exportEnquiriesXlsx',
        summary:
          'The whole view as an .xlsx workbook: phone numbers and references are text cells, times Lagos date cells',
        parameters: [KIND_PARAMETER, ...queryParametersOf(InboxExportQuerySchema)],
        responses: {
          '200': {
            description: 'The workbook',
            content: { [XLSX_CONTENT_TYPE]: { schema: { type: 'string', format: 'binary' } } },
          },
          ...refusals(400, 401, 403, 404, 405, 503),
        },
      },
    },
    [documentPathOf(INBOX_ROUTES.bulk)]: {
      post: {
        ...staffOnly,
        operationId: 'bulkEnquiries',
        summary: 'One action on several enquiries; those it does not apply to are skipped',
        parameters: [KIND_PARAMETER],
        requestBody: { required: true, content: jsonContent(ref('BulkAction')) },
        responses: {
          '200': jsonAnswer('How many changed', ref('BulkAnswer')),
          ...refusals(400, 401, 403, 404, 405, 413, 415, 503),
        },
      },
    },
    [documentPathOf(INBOX_ROUTES.enquiry)]: {
      get: {
        ...staffOnly,
        operationId: 'getEnquiry',
        summary: 'One enquiry with every field, its notes and its history (does not mark it read)',
        parameters: inEnquiry,
        responses: { '200': enquiryAnswer('The enquiry'), ...refusals(400, 401, 403, 404, 405, 503) },
      },
      patch: {
        ...staffOnly,
        operationId: 'updateEnquiry',
        summary: 'Status, assignee, read mark or a one-tap answer, each change in the history',
        parameters: inEnquiry,
        requestBody: { required: true, content: jsonContent(ref('EnquiryUpdate')) },
        responses: {
          '200': enquiryAnswer('The enquiry as changed'),
          ...refusals(400, 401, 403, 404, 405, 413, 415, 503),
        },
      },
      delete: {
        ...staffOnly,
        operationId: 'trashEnquiry',
        summary: 'Moves the enquiry to the trash (purged after 30 days)',
        parameters: inEnquiry,
        responses: { '200': enquiryAnswer('The enquiry in the trash'), ...refusals(400, 401, 403, 404, 405, 503) },
      },
    },
    [documentPathOf(INBOX_ROUTES.restore)]: {
      post: {
        ...staffOnly,
        operationId: 'restoreEnquiry',
        summary: 'Back from the trash to the inbox',
        parameters: inEnquiry,
        responses: {
          '200': enquiryAnswer('The enquiry in the inbox'),
          '409': responseRef('Conflict'),
          ...refusals(400, 401, 403, 404, 405, 503),
        },
      },
    },
    [documentPathOf(INBOX_ROUTES.notSpam)]: {
      post: {
        ...staffOnly,
        operationId: 'notSpamEnquiry',
        summary: 'From the spam folder to the inbox',
        parameters: inEnquiry,
        responses: {
          '200': enquiryAnswer('The enquiry in the inbox'),
          '409': responseRef('Conflict'),
          ...refusals(400, 401, 403, 404, 405, 503),
        },
      },
    },
    [documentPathOf(INBOX_ROUTES.notes)]: {
      post: {
        ...staffOnly,
        operationId: 'addEnquiryNote',
        summary: 'An internal note',
        parameters: inEnquiry,
        requestBody: { required: true, content: jsonContent(ref('NoteCreate')) },
        responses: {
          '201': jsonAnswer('The note', ref('NoteAnswer')),
          ...refusals(400, 401, 403, 404, 405, 413, 415, 503),
        },
      },
    },
  };
}

/** The owners' Staff page and audit log (issue 12): owners only, so staff are 403. */
function ownerOperations(): Record<string, Record<string, unknown>> {
  const ownersOnly = { security: STAFF };
  const accountAnswer = (description: string) => jsonAnswer(description, ref('StaffAccountAnswer'));
  const accountAction = (operationId: string, summary: string) => ({
    post: {
      ...ownersOnly,
      tags: ['Owners'],
      operationId,
      summary,
      parameters: [ID_PARAMETER],
      responses: {
        '200': accountAnswer('The account as changed'),
        '409': responseRef('AccountConflict'),
        ...refusals(400, 401, 403, 404, 405, 503),
      },
    },
  });
  return {
    [STAFF_ROUTES.accounts]: {
      get: {
        ...ownersOnly,
        tags: ['Owners'],
        operationId: 'listAccounts',
        summary: 'Every account, newest first, with its role (owners only)',
        responses: { '200': jsonAnswer('The accounts', ref('StaffAccountsAnswer')), ...refusals(401, 403, 405, 503) },
      },
    },
    [documentPathOf(STAFF_ROUTES.approve)]: accountAction(
      'approveAccount',
      'A confirmed account waiting for approval becomes staff at once and is mailed (owners only)',
    ),
    [documentPathOf(STAFF_ROUTES.refuse)]: accountAction('refuseAccount', 'Refuses a waiting account (owners only)'),
    [documentPathOf(STAFF_ROUTES.remove)]: accountAction(
      'removeAccount',
      'Removes a staff member or owner and ends their sessions at once; never the last owner (owners only)',
    ),
    [documentPathOf(STAFF_ROUTES.makeOwner)]: accountAction('makeOwner', 'Makes a staff member an owner (owners only)'),
    [documentPathOf(STAFF_ROUTES.makeStaff)]: accountAction(
      'makeStaff',
      'Makes an owner staff again; never the last owner (owners only)',
    ),
    [STAFF_ADMIN_PATHS.AUDIT]: {
      get: {
        ...ownersOnly,
        tags: ['Audit log'],
        operationId: 'listAuditLog',
        summary: 'One page of the audit log, newest first, paged as the inbox is (`after`, `before`; owners only)',
        parameters: queryParametersOf(AuditQuerySchema),
        responses: { '200': jsonAnswer('The page', ref('AuditPage')), ...refusals(400, 401, 403, 405, 503) },
      },
    },
    [STAFF_ADMIN_PATHS.AUDIT_EXPORT]: {
      get: {
        ...ownersOnly,
        tags: ['Audit log'],
        operationId: 'exportAuditLog',
        summary:
          'The filtered audit log as CSV (UTF-8 with a byte order mark): with `limit`, the entries of that one page; the export is itself recorded',
        parameters: queryParametersOf(AuditQuerySchema),
        responses: {
          '200': { description: 'The CSV file', content: { 'text/csv': { schema: { type: 'string' } } } },
          ...refusals(400, 401, 403, 405, 503),
        },
      },
    },
    [STAFF_ADMIN_PATHS.AUDIT_EXPORT_XLSX]: {
      get: {
        ...ownersOnly,
        tags: ['Audit log'],
        operationId: 'exportAuditLogXlsx',
        summary: 'The same entries as the CSV export, as an .xlsx workbook (times as Lagos date cells)',
        parameters: queryParametersOf(AuditQuerySchema),
        responses: {
          '200': {
            description: 'The workbook',
            content: { [XLSX_CONTENT_TYPE]: { schema: { type: 'string', format: 'binary' } } },
          },
          ...refusals(400, 401, 403, 405, 503),
        },
      },
    },
  };
}

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

/** Data requests (issue 12, docs/decisions/0022): a person's records found, exported and erased; owners only. */
function dataRequestOperations(): Record<string, Record<string, unknown>> {
  const ownersOnly = { security: STAFF, tags: ['Data requests'] };
  const person = queryParametersOf(DataRequestQuerySchema);
  const download = (operationId: string, summary: string, type: string) => ({
    get: {
      ...ownersOnly,
      operationId,
      summary,
      parameters: person,
      responses: {
        '200': {
          description: 'The file (Content-Disposition: attachment)',
          content: { [type]: { schema: fileSchemaOf(type) } },
        },
        ...refusals(400, 401, 403, 405, 503),
      },
    },
  });
  return {
    [STAFF_ADMIN_PATHS.DATA_REQUEST]: {
      get: {
        ...ownersOnly,
        operationId: 'findPersonData',
        summary: 'Every enquiry (any folder), note and mail record of a person, by e-mail or phone; audited masked',
        parameters: person,
        responses: {
          '200': jsonAnswer("The person's records", outputSchemaOf(DataRequestAnswerSchema)),
          ...refusals(400, 401, 403, 405, 503),
        },
      },
    },
    [STAFF_ADMIN_PATHS.DATA_REQUEST_EXPORT_JSON]: download(
      'exportPersonDataJson',
      'The same records as JSON',
      'application/json',
    ),
    [STAFF_ADMIN_PATHS.DATA_REQUEST_EXPORT_CSV]: download(
      'exportPersonDataCsv',
      'The same records as one CSV (UTF-8 with a byte order mark): a row per value (Table, Row, Column, Value)',
      'text/csv',
    ),
    [STAFF_ADMIN_PATHS.DATA_REQUEST_EXPORT_ZIP]: download(
      'exportPersonDataZip',
      'The same records as a ZIP of one CSV per table (each kind of enquiry, notes, mails), each with its header',
      'application/zip',
    ),
    [STAFF_ADMIN_PATHS.DATA_REQUEST_EXPORT_XLSX]: download(
      'exportPersonDataXlsx',
      'The same records as an .xlsx workbook, one sheet per table',
      XLSX_CONTENT_TYPE,
    ),
    [STAFF_ADMIN_PATHS.DATA_REQUEST_ERASE]: {
      post: {
        ...ownersOnly,
        operationId: 'erasePersonData',
        summary: "Erases the person's enquiries, notes and mail records when expectedRecords is the number found",
        requestBody: { required: true, content: jsonContent(inputSchemaOf(DataErasureSchema)) },
        responses: {
          '200': jsonAnswer('What was erased', outputSchemaOf(DataErasureAnswerSchema)),
          '409': jsonAnswer(
            'The number of records is no longer the one confirmed; nothing was erased',
            envelope({ success: { const: false } }, ['message']),
          ),
          ...refusals(400, 401, 403, 405, 413, 415, 503),
        },
      },
    },
  };
}

function components(): Record<string, unknown> {
  const refusal = (description: string) =>
    jsonAnswer(description, envelope({ success: { const: false } }, ['message']));
  const retryAfter = { description: 'Seconds to wait', schema: { type: 'integer', minimum: 1 } };
  const formPage = { 'text/html': { schema: { type: 'string' } } };
  const kindSchemas: Record<string, unknown> = {};
  for (const kind of MESSAGE_KINDS) {
    kindSchemas[kindSchemaName(kind, 'Submission')] = submissionSchemaOf(kind);
    kindSchemas[kindSchemaName(kind, 'Row')] = listedRowSchemaOf(kind);
  }
  const register = inputSchemaOf(RegisterSchema);
  return {
    schemas: {
      Envelope: {
        type: 'object',
        description: 'Every JSON answer; errors names the fields a refusal is about, each with its message.',
        properties: {
          success: { type: 'boolean' },
          message: { type: 'string' },
          errors: { type: 'object', additionalProperties: { type: 'string' } },
        },
        required: ['success'],
      },
      SessionUser: {
        type: 'object',
        properties: {
          username: { type: 'string' },
          email: { type: 'string' },
          profile_image: { type: 'string' },
        },
        required: ['username', 'email', 'profile_image'],
      },
      FailedMail: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          purpose: { type: 'string' },
          recipient: { type: 'string' },
          subject: { type: 'string' },
          attempts: { type: 'integer' },
          last_error: { type: ['string', 'null'] },
          created_at: { type: 'string', format: 'date-time' },
        },
        required: ['id', 'purpose', 'recipient', 'subject', 'attempts', 'last_error', 'created_at'],
      },
      IdempotencyKey: {
        type: 'string',
        pattern: `^[A-Za-z0-9_-]{1,${SUBMISSION_RULES.IDEMPOTENCY_KEY_MAX}}$`,
      },
      Login: inputSchemaOf(LoginSchema),
      Register: {
        ...register,
        properties: {
          ...register.properties,
          profile_image: {
            type: 'string',
            contentMediaType: 'image/*',
            description: `Optional, at most ${LIMITS.PROFILE_IMAGE_MAX_BYTES} bytes`,
          },
        },
      },
      ResetRequest: inputSchemaOf(ResetRequestSchema),
      ConfirmationRequest: inputSchemaOf(ConfirmationRequestSchema),
      UpdatePassword: inputSchemaOf(UpdatePasswordSchema),
      ...kindSchemas,
      InboxPage: outputSchemaOf(InboxPageSchema),
      InboxCounts: outputSchemaOf(InboxCountsSchema),
      InboxArrivals: outputSchemaOf(InboxArrivalsSchema),
      InboxMatches: outputSchemaOf(InboxMatchesSchema),
      StaffList: outputSchemaOf(StaffListSchema),
      EnquiryAnswer: outputSchemaOf(EnquiryAnswerSchema),
      NoteAnswer: outputSchemaOf(NoteAnswerSchema),
      BulkAnswer: outputSchemaOf(BulkAnswerSchema),
      EnquiryUpdate: inputSchemaOf(EnquiryUpdateSchema),
      NoteCreate: inputSchemaOf(NoteCreateSchema),
      BulkAction: inputSchemaOf(BulkActionSchema),
      StaffAccountsAnswer: outputSchemaOf(StaffAccountsAnswerSchema),
      StaffAccountAnswer: outputSchemaOf(StaffAccountAnswerSchema),
      AuditPage: outputSchemaOf(AuditPageSchema),
    },
    responses: {
      BadRequest: refusal('Refused input: a field (see errors), the query, the JSON or its UTF-8'),
      NotSignedIn: refusal('Nobody is signed in'),
      Forbidden: refusal(
        'A change from another site, an account that is not (yet) staff, or staff on an owners-only call',
      ),
      NotFound: refusal('No such thing'),
      Conflict: refusal('The enquiry is not in the folder this action moves it from'),
      AccountConflict: refusal(
        'The account does not have the role this action starts from, is not confirmed yet, or is the last owner',
      ),
      MethodNotAllowed: {
        ...refusal('Not a method of this path'),
        headers: { Allow: { schema: { type: 'string' } } },
      },
      TooLarge: refusal(`A body over ${LIMITS.JSON_BODY_MAX_BYTES} bytes, or an image over its limit`),
      UnsupportedMediaType: refusal('A content type this endpoint does not take, or not UTF-8'),
      TooManyRequests: {
        ...refusal('Too many tries from this client; the message says how long to wait'),
        headers: { 'Retry-After': retryAfter },
      },
      FormRefused: {
        description:
          "Refused input. JSON: the fields' messages in errors. A browser's form post: the form's page again, each message under its field, everything typed kept",
        content: { ...refusal('').content, ...formPage },
      },
      FormTooManyRequests: {
        description:
          "Too many submissions from this client. JSON: the message says how long to wait. A browser's form post: the form's page again with that message, everything typed kept",
        content: { ...refusal('').content, ...formPage },
        headers: { 'Retry-After': retryAfter },
      },
      ServiceUnavailable: refusal('The database does not answer'),
    },
    securitySchemes: {
      session: {
        type: 'apiKey',
        in: 'cookie',
        name: SESSION_COOKIE_NAME,
        description: `The session of a signed-in staff member, set by ${API_PATHS.LOGIN.split('?')[0]} and ended by ${API_PATHS.LOGOUT}: HttpOnly (scripts cannot read it), SameSite=Lax (None with Secure when CORS_ORIGINS names another site in production), Secure in production, path /. It ends after ${ACCOUNT_RULES.SESSION_IDLE_MS / 60_000} minutes without a request (every answer renews it) and ${ACCOUNT_RULES.SESSION_ABSOLUTE_MS / 3_600_000} hours after signing in whatever happens; a staff-only call without it is 401.`,
      },
    },
  };
}

/** Every tag an operation names, with what it groups (Redocly's operation-tag-defined keeps the two lists equal). */
function tags(): Array<{ name: string; description: string }> {
  return [
    { name: 'Account', description: 'Signing in and out, registering, confirming the address, passwords' },
    { name: 'Forms', description: "The public forms' human check" },
    ...MESSAGE_KINDS.map((kind) => ({
      name: kindSchemaName(kind, ''),
      description: `The ${ENQUIRY_KINDS[kind].notificationTitle} form: the spec's submit, list and delete`,
    })),
    { name: 'Inbox', description: "The staff inbox of every kind's enquiries (docs/decisions/0021)" },
    { name: 'Owners', description: "The owners' Staff page: approving, refusing and removing accounts" },
    { name: 'Audit log', description: 'Who did what, newest first; owners only (docs/decisions/0022)' },
    { name: 'Data requests', description: "A person's records found, exported and erased; owners only" },
    { name: 'Service', description: 'Health, undelivered mails and this document' },
  ];
}

/** The whole document; built once per address, since nothing in it changes while the server runs. */
let built: { appUrl: string; document: Record<string, unknown> } | undefined;

/** `appUrl` is APP_URL as the server runs: the document's server, so a client generated from it calls this site. */
export function buildOpenApiDocument(appUrl: string): Record<string, unknown> {
  if (built?.appUrl === appUrl) return built.document;
  const origin = publicOriginOf(appUrl);
  const document = {
    openapi: '3.1.0',
    info: {
      title: `${BRAND_NAME} API`,
      version: '1.0.0',
      description: "The spec's section 7 endpoints and what issue 10 added; JSON answers share one envelope.",
      contact: { name: BRAND_NAME, url: `${origin}${PATHS.contact}` },
      license: { name: "Proprietary: the agency's own API, no licence granted", identifier: 'LicenseRef-Proprietary' },
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: origin, description: 'This site (APP_URL)' }],
    tags: tags(),
    paths: {
      ...authOperations(),
      ...Object.assign({}, ...MESSAGE_KINDS.map(messageOperations)),
      ...serviceOperations(),
      ...inboxOperations(),
      ...ownerOperations(),
      ...dataRequestOperations(),
    },
    components: components(),
  };
  built = { appUrl, document };
  return document;
}
