import type { ErrorRequestHandler, RequestHandler } from 'express';
import multer from 'multer';
import { API_MESSAGES, SERVER_MESSAGES } from '@agency/shared';
import { databaseFailureOf } from '../lib/db-errors';
import { AppError } from '../lib/errors';
import type { Logger } from '../lib/logger';

export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ success: false, message: API_MESSAGES.NOT_FOUND });
};

interface BodyParserError extends Error {
  type?: string;
  status?: number;
}

function toAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof multer.MulterError) {
    if (error.code === 'LIMIT_FILE_SIZE') return new AppError(413, API_MESSAGES.IMAGE_TOO_LARGE);
    if (error.code === 'LIMIT_FILE_COUNT') return new AppError(413, SERVER_MESSAGES.ONE_IMAGE_ONLY);
    if (error.code === 'LIMIT_UNEXPECTED_FILE') {
      return new AppError(400, API_MESSAGES.INVALID_INPUT, { [error.field ?? '_']: 'This field is not expected.' });
    }
    return new AppError(413, API_MESSAGES.BODY_TOO_LARGE);
  }
  const bodyError = error as BodyParserError;
  switch (bodyError?.type) {
    case 'entity.parse.failed':
      return new AppError(400, API_MESSAGES.INVALID_JSON);
    case 'entity.too.large':
      return new AppError(413, API_MESSAGES.BODY_TOO_LARGE);
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return new AppError(415, API_MESSAGES.UNSUPPORTED_CONTENT_TYPE);
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
      return new AppError(400, API_MESSAGES.INVALID_INPUT);
  }
  // busboy (multipart) reports malformed bodies as plain errors.
  if (error instanceof Error && /^(Multipart|Malformed|Unexpected end of form|Part terminated)/i.test(error.message)) {
    return new AppError(400, API_MESSAGES.INVALID_INPUT);
  }
  // Other client errors raised by Express itself (a malformed %-escape in the path is 400).
  const status = (error as { status?: unknown })?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new AppError(status, status === 404 ? API_MESSAGES.NOT_FOUND : API_MESSAGES.INVALID_INPUT);
  }
  // A database that cannot be reached, read or written (read-only, disk full): 503, never 500 (issue 17).
  if (databaseFailureOf(error)) return new AppError(503, API_MESSAGES.SERVICE_UNAVAILABLE);
  return undefined;
}

/** Registered last: every failure becomes `{ success: false, message, errors? }`, never a stack. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const known = toAppError(error);
    if (!known || known.status >= 500) {
      logger.error({ err: error, reqId: req.id }, 'request failed');
    }
    const status = known?.status ?? 500;
    const message = known?.message ?? API_MESSAGES.UNEXPECTED;
    if (res.headersSent) return;
    // A route may have begun another kind of answer (a picture, with its type and dates) before it failed: the
    // failure is JSON, and no cache keeps it.
    for (const name of ['Content-Type', 'Content-Disposition', 'ETag', 'Last-Modified']) res.removeHeader(name);
    res.setHeader('Cache-Control', 'no-store');
    for (const [name, value] of Object.entries(known?.headers ?? {})) res.setHeader(name, value);
    res
      .status(status)
      .json(known?.errors ? { success: false, message, errors: known.errors } : { success: false, message });
  };
}
