import express, { type RequestHandler } from 'express';
import { API_MESSAGES, LIMITS } from '@agency/shared';
import { AppError } from '../lib/errors';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * body-parser decodes a body with replacement characters where its bytes are not UTF-8, so a broken byte would be
 * stored as U+FFFD without anyone noticing; here such a body is refused instead. JSON between systems is UTF-8
 * (RFC 8259), so the UTF-16 and UTF-32 that body-parser would also accept are refused too.
 */
function refuseInvalidUtf8(_req: unknown, _res: unknown, body: Buffer, encoding: string | null): void {
  if (encoding !== 'utf-8') throw new AppError(415, API_MESSAGES.INVALID_UTF8);
  try {
    strictUtf8.decode(body);
  } catch {
    throw new AppError(400, API_MESSAGES.INVALID_UTF8);
  }
}

const parseJson = express.json({
  limit: LIMITS.JSON_BODY_MAX_BYTES,
  type: 'application/json',
  verify: refuseInvalidUtf8,
});

const parseForm = express.urlencoded({
  extended: false,
  limit: LIMITS.JSON_BODY_MAX_BYTES,
  parameterLimit: 100,
  type: 'application/x-www-form-urlencoded',
  verify: refuseInvalidUtf8,
});

/**
 * The public forms' submit endpoints take UTF-8 JSON (their scripts) or a browser's form post without JavaScript
 * (`application/x-www-form-urlencoded`, docs/decisions/0019; a repeated name arrives as a list); 415 otherwise.
 */
export const jsonOrFormBody: RequestHandler[] = [
  (req, _res, next) => {
    if (!req.is(['application/json', 'application/x-www-form-urlencoded'])) {
      throw new AppError(415, API_MESSAGES.UNSUPPORTED_CONTENT_TYPE);
    }
    next();
  },
  parseJson,
  parseForm,
];

/** JSON endpoints take UTF-8 JSON only (415 otherwise), at most 100 kB (413), well-formed (400). */
export const jsonBody: RequestHandler[] = [
  (req, _res, next) => {
    if (!req.is('application/json')) throw new AppError(415, API_MESSAGES.UNSUPPORTED_CONTENT_TYPE);
    next();
  },
  parseJson,
];
