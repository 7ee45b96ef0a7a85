import { timingSafeEqual, createHash } from 'node:crypto';
import express, { type RequestHandler } from 'express';
import { z } from 'zod';
import { API_MESSAGES } from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { jsonAnswer, outputSchemaOf, refusals } from '../../lib/json-schema';
import { AppError } from '../../lib/errors';
import { declareRoute, type DeclaredRoute } from '../../lib/routes';
import { ingestMail } from './inbound.service';

export const INBOUND_MAIL_PATH = '/api/inbound-mail';

export const INBOUND_MESSAGES = {
  NO_TOKEN: 'Send the inbound-mail secret as "Authorization: Bearer <INBOUND_MAIL_SECRET>".',
  NOT_RFC822: 'Send the message as it was received, with Content-Type: message/rfc822.',
  EMPTY: 'The message is empty.',
} as const;

const StoredAnswerSchema = z.object({
  success: z.literal(true),
  /** The stored mail. */
  mailId: z.number(),
  /** Its enquiry, or null: Unmatched. */
  enquiryId: z.number().nullable(),
  /** True: this message was stored before; nothing changed. */
  duplicate: z.boolean(),
});

/** Compares the bearer token with the secret in constant time (both hashed first, so their lengths match). */
function tokenMatches(header: string | undefined, secret: string): boolean {
  const token = /^Bearer[ \t]+(\S+)\s*$/i.exec(header ?? '')?.[1];
  if (!token) return false;
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(token), digest(secret));
}

/**
 * The inbound-mail webhook (issue 20 item 5): a mail provider (or a local MTA's pipe) posts each received message
 * byte for byte. The order of the checks gives nothing away: off (no secret) is 404 as if the route did not exist,
 * then the token (401) before the body is read, then the type (415), then the size (413).
 */
export function inboundRouteDeclarations(deps: AppDeps): DeclaredRoute[] {
  const { inboundMail } = deps.config;
  const guard: RequestHandler = (req, res, next) => {
    if (!inboundMail.secret) throw new AppError(404, API_MESSAGES.NOT_FOUND);
    if (!tokenMatches(req.get('authorization'), inboundMail.secret)) {
      res.set('WWW-Authenticate', 'Bearer realm="inbound-mail"');
      throw new AppError(401, INBOUND_MESSAGES.NO_TOKEN);
    }
    if (!req.is('message/rfc822')) throw new AppError(415, INBOUND_MESSAGES.NOT_RFC822);
    next();
  };
  const readRaw = express.raw({ type: 'message/rfc822', limit: inboundMail.maxBytes });
  const declared = declareRoute({
    method: 'post',
    path: INBOUND_MAIL_PATH,
    access: 'public',
    tags: ['Service'],
    operationId: 'postInboundMail',
    summary: 'A received mail, as raw message/rfc822 (the inbound-mail webhook)',
    description:
      'Off (404) unless INBOUND_MAIL_SECRET is set; then it needs `Authorization: Bearer <INBOUND_MAIL_SECRET>` ' +
      '(401 without or with another), `Content-Type: message/rfc822` (415 otherwise) and at most ' +
      'INBOUND_MAIL_MAX_BYTES (413 above, 10 MB by default). The message is stored once, filed with its enquiry ' +
      '(thread, subject reference, plus-address token, sender) or as unmatched: 201 when new, 200 with ' +
      '`duplicate: true` when the same Message-ID was received before, so a provider may retry safely.',
    requestBody: {
      required: true,
      content: { 'message/rfc822': { schema: { type: 'string', contentMediaType: 'message/rfc822' } } },
    },
    before: [guard, readRaw],
    responses: {
      '200': jsonAnswer('Received before: nothing changed', outputSchemaOf(StoredAnswerSchema)),
      '201': jsonAnswer('Stored', outputSchemaOf(StoredAnswerSchema)),
      ...refusals(400, 401, 404, 405, 413, 415, 503),
    },
    handle: async ({ req, res }) => {
      const raw: unknown = req.body;
      if (!Buffer.isBuffer(raw) || raw.length === 0) throw new AppError(400, INBOUND_MESSAGES.EMPTY);
      const stored = await ingestMail(deps, { raw, source: 'webhook' });
      res.status(stored.duplicate ? 200 : 201).json({ success: true, ...stored });
    },
  });
  // Its own scheme: the document says this call takes the bearer secret, not a session.
  return [{ ...declared, operation: { ...declared.operation, security: [{ inboundMail: [] }] } }];
}
