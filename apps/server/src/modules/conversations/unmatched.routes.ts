import { z } from 'zod';
import { decimalId, UNMATCHED_MAIL_PATHS } from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { jsonAnswer, outputSchemaOf, refusals } from '../../lib/json-schema';
import { declareRoute, type DeclaredRoute } from '../../lib/routes';
import { parseInput } from '../../middleware/validate';
import { signedInUserId } from '../auth/require-staff';
import { attachUnmatchedMail, convertUnmatchedMail, listUnmatchedMails, unmatchedMail } from './unmatched.service';

/** The routes of UNMATCHED_MAIL_PATHS, with the mail's id as a parameter. */
export const UNMATCHED_ROUTES = {
  list: UNMATCHED_MAIL_PATHS.LIST,
  one: `${UNMATCHED_MAIL_PATHS.LIST}/:id`,
  attach: `${UNMATCHED_MAIL_PATHS.LIST}/:id/attach`,
  convert: `${UNMATCHED_MAIL_PATHS.LIST}/:id/convert`,
} as const;

const UNMATCHED_LIMIT = { DEFAULT: 50, MAX: 200 } as const;

const IdParamSchema = z.object({ id: decimalId });
const inMail = {
  parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[0-9]+$' } }],
  parse: (raw: Record<string, string>) => parseInput(IdParamSchema, { id: raw.id }).id,
};

const ListQuerySchema = z.object({
  before: z.coerce.number().int().positive().optional().describe("Mails older than this id (the answer's `next`)."),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(UNMATCHED_LIMIT.MAX)
    .default(UNMATCHED_LIMIT.DEFAULT)
    .describe(`Mails on a page, 1 to ${UNMATCHED_LIMIT.MAX} (${UNMATCHED_LIMIT.DEFAULT} by default).`),
});

const AttachBodySchema = z.object({
  reference: z
    .string()
    .trim()
    .regex(/^RD-\d{2}-\d{5,}$/i, 'Give an enquiry reference such as RD-26-00012.'),
});

const RowSchema = z.object({
  id: z.number(),
  fromAddress: z.string(),
  fromName: z.string().nullable(),
  subject: z.string(),
  preview: z.string(),
  automated: z.enum(['auto-reply', 'bounce']).nullable(),
  receivedAt: z.string(),
  attachments: z.number(),
});
const ListAnswerSchema = z.object({
  success: z.literal(true),
  mails: z.array(RowSchema),
  total: z.number(),
  next: z.number().nullable(),
});
const DetailAnswerSchema = z.object({
  success: z.literal(true),
  mail: RowSchema.extend({
    toAddress: z.string().nullable(),
    text: z.string(),
    attachmentNames: z.array(
      z.object({ id: z.number(), filename: z.string(), contentType: z.string(), size: z.number() }),
    ),
  }),
});
const FiledAnswerSchema = z.object({ success: z.literal(true), enquiryId: z.number(), reference: z.string() });

/** Received mails no rule matched (issue 20): staff read them and file them with an enquiry or make one of them. */
export function unmatchedRouteDeclarations(deps: AppDeps): DeclaredRoute[] {
  return [
    declareRoute({
      method: 'get',
      path: UNMATCHED_ROUTES.list,
      access: 'staff',
      tags: ['Inbox'],
      operationId: 'listUnmatchedMails',
      summary: 'Received mails that matched no enquiry, newest first',
      query: ListQuerySchema,
      responses: {
        '200': jsonAnswer('A page of unmatched mails', outputSchemaOf(ListAnswerSchema)),
        ...refusals(400, 401, 405, 503),
      },
      handle: async ({ res, query }) => {
        res.json({ success: true, ...(await listUnmatchedMails(deps, query)) });
      },
    }),
    declareRoute({
      method: 'get',
      path: UNMATCHED_ROUTES.one,
      access: 'staff',
      tags: ['Inbox'],
      operationId: 'getUnmatchedMail',
      summary: 'One unmatched mail, with its whole text and its attachments',
      params: inMail,
      responses: {
        '200': jsonAnswer('The mail', outputSchemaOf(DetailAnswerSchema)),
        ...refusals(400, 401, 404, 405, 503),
      },
      handle: async ({ res, params: id }) => {
        res.json({ success: true, mail: await unmatchedMail(deps, id) });
      },
    }),
    declareRoute({
      method: 'post',
      path: UNMATCHED_ROUTES.attach,
      access: 'staff',
      tags: ['Inbox'],
      operationId: 'attachUnmatchedMail',
      summary: "Files an unmatched mail with an enquiry, as a customer's reply (audited)",
      description:
        "A person's mail makes the enquiry wait for an answer and unread for everyone and notifies its assignee (or " +
        'every staff member); an auto-reply or bounce is only filed. 404 when the mail is gone or already filed, or ' +
        'no enquiry has the reference.',
      params: inMail,
      body: { schema: AttachBodySchema },
      responses: {
        '200': jsonAnswer('Filed', outputSchemaOf(FiledAnswerSchema)),
        ...refusals(400, 401, 403, 404, 405, 413, 415, 503),
      },
      handle: async ({ req, res, params: id, body }) => {
        res.json({ success: true, ...(await attachUnmatchedMail(deps, id, body.reference, signedInUserId(req))) });
      },
    }),
    declareRoute({
      method: 'post',
      path: UNMATCHED_ROUTES.convert,
      access: 'staff',
      tags: ['Inbox'],
      operationId: 'convertUnmatchedMail',
      summary: 'Makes an unmatched mail a new contact enquiry from its sender (audited, no auto-reply)',
      params: inMail,
      responses: {
        '201': jsonAnswer('The new enquiry', outputSchemaOf(FiledAnswerSchema)),
        ...refusals(401, 403, 404, 405, 503),
      },
      handle: async ({ req, res, params: id }) => {
        res.status(201).json({ success: true, ...(await convertUnmatchedMail(deps, id, signedInUserId(req))) });
      },
    }),
  ];
}
