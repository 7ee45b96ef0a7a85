import type { ApiResult } from '@agency/shared';
import { readJson, sendJson } from './api-client';

/** How the server answered a public form, as the form reports it (docs/decisions/0005-form-feedback.md). */
export type FormSubmitAnswer =
  | { outcome: 'sent' }
  | { outcome: 'failed' }
  /** 429 or 503: the server's own words (e.g. "try again in a minute"). */
  | { outcome: 'server-message'; message: string }
  /** 400: the server's field errors, keyed by API field name. */
  | { outcome: 'invalid'; errors: Record<string, string> };

const STATUSES_WITH_OWN_MESSAGE = new Set([429, 503]);

/** The refusals a form shows in the server's words: its message on 429/503, its field errors on 400. */
export function refusalOf(status: number, body: ApiResult): FormSubmitAnswer | null {
  if (STATUSES_WITH_OWN_MESSAGE.has(status) && body.message) {
    return { outcome: 'server-message', message: body.message };
  }
  if (status === 400 && body.errors && Object.keys(body.errors).length > 0) {
    return { outcome: 'invalid', errors: body.errors };
  }
  return null;
}

/** POSTs a form whose answer the spec reads by the body's `success` flag. Throws on a network or non-JSON answer. */
export async function submitFormReadingSuccess(path: string, form: unknown): Promise<FormSubmitAnswer> {
  const response = await sendJson(path, 'POST', form);
  const body = await readJson<ApiResult>(response);
  return refusalOf(response.status, body) ?? (body.success === true ? { outcome: 'sent' } : { outcome: 'failed' });
}
