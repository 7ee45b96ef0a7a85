import type { RequestHandler } from 'express';
import { API_MESSAGES } from '@agency/shared';
import { AppError } from '../lib/errors';

/**
 * Spread into multer's options: text fields that name no charset are read as latin1, one character per byte, so that
 * `strictUtf8Fields` sees their bytes. (@types/multer does not list busboy's `defCharset` yet.)
 */
export const TEXT_FIELDS_AS_BYTES = { defCharset: 'latin1' } as const;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
/** Text read as latin1 holds no character beyond U+00FF; busboy read such text in a charset the part named. */
const BEYOND_LATIN1 = /[\u0100-\uffff]/;

function decodeField(value: unknown, field: string): unknown {
  if (typeof value === 'string') {
    const refused = new AppError(400, API_MESSAGES.INVALID_UTF8, { [field]: API_MESSAGES.INVALID_UTF8 });
    if (BEYOND_LATIN1.test(value)) throw refused;
    try {
      return strictUtf8.decode(Buffer.from(value, 'latin1'));
    } catch {
      throw refused;
    }
  }
  if (Array.isArray(value)) return value.map((item) => decodeField(item, field));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, decodeField(item, field)]));
  }
  return value;
}

/**
 * After multer (with TEXT_FIELDS_AS_BYTES): each text field decoded as UTF-8, and a field whose bytes are not UTF-8 is
 * refused, where busboy would have replaced them with U+FFFD without a word. Browsers and curl send text parts
 * without a charset of their own; a part that names one may be refused, and is never read as something else.
 */
export const strictUtf8Fields: RequestHandler = (req, _res, next) => {
  const fields: Record<string, unknown> = { ...(req.body as Record<string, unknown>) };
  for (const [field, value] of Object.entries(fields)) fields[field] = decodeField(value, field);
  req.body = fields;
  next();
};
