import express, { type RequestHandler } from 'express';
import { API_MESSAGES, LIMITS } from '@agency/shared';
import { AppError } from '../lib/errors';

const parseJson = express.json({ limit: LIMITS.JSON_BODY_MAX_BYTES, type: 'application/json' });

/** JSON endpoints take JSON only (415 otherwise), at most 100 kB (413), well-formed (400). */
export const jsonBody: RequestHandler[] = [
  (req, _res, next) => {
    if (!req.is('application/json')) throw new AppError(415, API_MESSAGES.UNSUPPORTED_CONTENT_TYPE);
    next();
  },
  parseJson,
];
