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
  FirstTouchFieldsSchema,
  HONEYPOT_FIELD,
  HUMAN_CHECK_FIELDS,
  IDEMPOTENCY_FIELD,
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
  outputSchemaOf,
  ref,
  kindSchemaNameOf,
  type JsonSchema,
} from '../../lib/json-schema';
import { documentPathsOf, type DeclaredRoute } from '../../lib/routes';

/**
 * The OpenAPI 3.1 document of every endpoint the server answers (issue 11). The routes declared once
 * (lib/routes.ts, docs/decisions/0035) give their own operations; the answers are the JSON envelope with each
 * endpoint's own fields.
 */

/**
 * A kind's submission body: its schema's fields plus the human check, the honeypot and the key (issue 10), and the
 * visit's first-touch source (docs/decisions/0041).
 */
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
      ...inputSchemaOf(FirstTouchFieldsSchema).properties,
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

function components(sessionCookieName: string): Record<string, unknown> {
  const refusal = (description: string) =>
    jsonAnswer(description, envelope({ success: { const: false } }, ['message']));
  const retryAfter = { description: 'Seconds to wait', schema: { type: 'integer', minimum: 1 } };
  const kindSchemas: Record<string, unknown> = {};
  for (const kind of MESSAGE_KINDS) {
    kindSchemas[kindSchemaNameOf(kind, 'Submission')] = submissionSchemaOf(kind);
    kindSchemas[kindSchemaNameOf(kind, 'Row')] = listedRowSchemaOf(kind);
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
          contentEditor: { type: 'boolean', description: 'May reach the Content area: an owner or a content editor.' },
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
          "Refused input: the fields' messages in errors (a browser's form post is answered 303 instead, docs/decisions/0045)",
        content: refusal('').content,
      },
      FormTooManyRequests: {
        description:
          "Too many submissions from this client: the message says how long to wait (a browser's form post is answered 303 instead, docs/decisions/0045)",
        content: refusal('').content,
        headers: { 'Retry-After': retryAfter },
      },
      ServiceUnavailable: refusal('The database does not answer'),
    },
    securitySchemes: {
      session: {
        type: 'apiKey',
        in: 'cookie',
        name: sessionCookieName,
        description: `The session of a signed-in staff member, set by ${API_PATHS.LOGIN.split('?')[0]} and ended by ${API_PATHS.LOGOUT}: HttpOnly (scripts cannot read it), SameSite=Lax (None with Secure when CORS_ORIGINS names another site in production), Secure in production, path /. It ends after ${ACCOUNT_RULES.SESSION_IDLE_MS / 60_000} minutes without a request (every answer renews it) and ${ACCOUNT_RULES.SESSION_ABSOLUTE_MS / 3_600_000} hours after signing in whatever happens; a staff-only call without it is 401.`,
      },
      inboundMail: {
        type: 'http',
        scheme: 'bearer',
        description:
          'INBOUND_MAIL_SECRET, for the inbound-mail webhook only (a mail provider posting received messages); unset, the webhook answers 404.',
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
      name: kindSchemaNameOf(kind, ''),
      description: `The ${ENQUIRY_KINDS[kind].notificationTitle} form: the spec's submit, list and delete`,
    })),
    { name: 'Inbox', description: "The staff inbox of every kind's enquiries (docs/decisions/0021)" },
    { name: 'Owners', description: "The owners' Staff page: approving, refusing and removing accounts" },
    { name: 'Audit log', description: 'Who did what, newest first; owners only (docs/decisions/0022)' },
    { name: 'Data requests', description: "A person's records found, exported and erased; owners only" },
    { name: 'Reports', description: 'Response times, enquiries per week and the funnel (docs/decisions/0042)' },
    { name: 'Content', description: "The site's content: drafts, versions, publishing; owners and editors (0043)" },
    { name: 'Service', description: 'Health, undelivered mails and this document' },
  ];
}

/** What the document says of the site: APP_URL's origin as its server, and the session cookie's name. */
export interface DocumentedSite {
  origin: string;
  sessionCookieName: string;
}

/**
 * The whole document from the routes the app declared. `origin` is APP_URL's as the server runs: the document's
 * server, so a client generated from it calls this site.
 */
export function buildOpenApiDocument(site: DocumentedSite, declared: DeclaredRoute[]): Record<string, unknown> {
  const { origin } = site;
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
      ...documentPathsOf(declared),
    },
    components: components(site.sessionCookieName),
  };
  return document;
}
