import type { RequestHandler } from 'express';
import type { z } from 'zod';
import { API_MESSAGES, fieldErrorsOf } from '@agency/shared';
import { AppError } from '../lib/errors';

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw new AppError(400, API_MESSAGES.INVALID_INPUT, fieldErrorsOf(result.error));
  return result.data;
}

/** Replaces req.body with the parsed value, or answers 400 with `errors`. */
export function validateBody(schema: z.ZodType): RequestHandler {
  return (req, _res, next) => {
    req.body = parseInput(schema, req.body);
    next();
  };
}
