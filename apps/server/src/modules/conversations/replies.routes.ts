import { EnquiryRefSchema, ReplyAnswerSchema, ReplyCreateSchema, TimelineAnswerSchema } from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { jsonAnswer, outputSchemaOf, refusals, responseRef } from '../../lib/json-schema';
import { declareRoute, type DeclaredRoute } from '../../lib/routes';
import { parseInput } from '../../middleware/validate';
import { signedInUserId } from '../auth/require-staff';
import { inEnquiry } from '../inbox/inbox';
import { sendReply } from './replies';
import { getAttachment, getTimeline } from './timeline';

/** Beside the inbox's enquiry routes (inbox.routes.ts), with the same kind and id parameters. */
export const REPLY_ROUTES = {
  replies: '/api/enquiries/:kind/:id/replies',
  timeline: '/api/enquiries/:kind/:id/timeline',
  attachment: '/api/enquiries/:kind/:id/attachments/:attachmentId',
} as const;

const IdParamSchema = EnquiryRefSchema.pick({ id: true });

/** A staff reply from the enquiry and the enquiry's timeline (issue 20 items 1 and 6). */
export function replyRouteDeclarations(deps: AppDeps): DeclaredRoute[] {
  return [
    declareRoute({
      access: 'staff',
      tags: ['Inbox'],
      method: 'post',
      path: REPLY_ROUTES.replies,
      operationId: 'replyToEnquiry',
      summary: 'Sends an e-mail answer to the enquirer through the outbox, threaded under their auto-reply',
      description:
        "From MAIL_FROM with the staff member's name, Reply-To the plus-address of REPLY_TO_ADDRESS, subject `Re: ... [reference]`, In-Reply-To the last mail of the conversation and References rooted at the auto-reply. A body with an unfilled `[[blank]]` is 400. A New enquiry becomes Contacted; a waiting reply is answered.",
      params: inEnquiry,
      body: { schema: ReplyCreateSchema },
      responses: {
        '201': jsonAnswer(
          'The reply as the timeline shows it, its delivery pending',
          outputSchemaOf(ReplyAnswerSchema),
        ),
        '409': responseRef('Conflict'),
        ...refusals(400, 401, 403, 404, 405, 413, 415, 503),
      },
      handle: async ({ req, res, params: { kind, id }, body }) => {
        const mail = await sendReply(deps, kind, id, body.body, signedInUserId(req));
        res.status(201).json({ success: true, mail });
      },
    }),
    declareRoute({
      access: 'staff',
      tags: ['Inbox'],
      method: 'get',
      path: REPLY_ROUTES.timeline,
      operationId: 'getEnquiryTimeline',
      summary:
        'Everything that happened to the enquiry, oldest first: itself, its auto-reply, mails sent and received, notes, one-tap answers, status and assignee changes',
      params: inEnquiry,
      responses: {
        '200': jsonAnswer('The timeline', outputSchemaOf(TimelineAnswerSchema)),
        ...refusals(400, 401, 403, 404, 405, 503),
      },
      handle: async ({ req, res, params: { kind, id } }) => {
        res.json(await getTimeline(deps, kind, id, signedInUserId(req)));
      },
    }),
    declareRoute({
      access: 'staff',
      tags: ['Inbox'],
      method: 'get',
      path: REPLY_ROUTES.attachment,
      operationId: 'getEnquiryAttachment',
      summary: "A file that came with a customer's mail to the enquiry, as a download (staff only)",
      description:
        'Always a download (Content-Disposition: attachment) with its stored type, never shown inline, nosniff and a sandboxing CSP: a file a stranger sent is never run on this origin.',
      params: {
        parameters: [
          ...inEnquiry.parameters,
          { name: 'attachmentId', in: 'path', required: true, schema: { type: 'string', pattern: '^[0-9]+$' } },
        ],
        parse: (raw: Record<string, string>) => ({
          ...inEnquiry.parse(raw),
          attachmentId: parseInput(IdParamSchema, { id: raw.attachmentId }).id,
        }),
      },
      responses: {
        '200': {
          description: 'The file',
          content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
        },
        ...refusals(400, 401, 403, 404, 405, 503),
      },
      handle: async ({ req, res, params: { kind, id, attachmentId } }) => {
        const file = await getAttachment(deps, kind, id, attachmentId, signedInUserId(req));
        res.attachment(file.filename);
        res.type(file.contentType || 'application/octet-stream');
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.setHeader('Content-Security-Policy', "sandbox; default-src 'none'");
        res.setHeader('Cache-Control', 'private, no-store');
        res.send(file.content);
      },
    }),
  ];
}
