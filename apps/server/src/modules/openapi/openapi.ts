import {
  ACCOUNT_RULES,
  API_PATHS,
  AuditPageSchema,
  BRAND_NAME,
  BulkActionSchema,
  BulkAnswerSchema,
  EnquiryAnswerSchema,
  EnquiryUpdateSchema,
  InboxArrivalsSchema,
  InboxCountsSchema,
  InboxMatchesSchema,
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
  StaffAccountAnswerSchema,
  StaffAccountsAnswerSchema,
  SUBMISSION_RULES,
  UpdatePasswordSchema,
  storedFieldsOf,
  type MessageKind,
} from '@agency/shared';
import {
  envelope,
  inputSchemaOf,
  jsonAnswer,
  jsonContent,
  outputSchemaOf,
  PUBLIC,
  queryParametersOf,
  ref,
  refusals,
  responseRef,
  STAFF,
  type JsonSchema,
} from '../../lib/json-schema';
import { documentPathsOf, type DeclaredRoute } from '../../lib/routes';
import { ConfirmQuerySchema, SESSION_COOKIE_NAME } from '../auth/auth.routes';
import { publicOriginOf } from '../web/web.routes';
import { DeleteQuerySchema, ListQuerySchema } from '../messages/messages.routes';

/**
 * The OpenAPI 3.1 document of every endpoint the server answers (issue 11). The routes declared once
 * (lib/routes.ts, docs/decisions/0035) give their own operations; the answers are the JSON envelope with each
 * endpoint's own fields.
 */

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
export function buildOpenApiDocument(appUrl: string, declared: DeclaredRoute[]): Record<string, unknown> {
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
      ...documentPathsOf(declared),
    },
    components: components(),
  };
  built = { appUrl, document };
  return document;
}
