import { API_PATHS, type ApiResult, type QuoteRequest } from '@agency/shared';
import { readJson, sendJson } from '@/lib/api-client';

export type QuoteSubmitAnswer =
  | { outcome: 'sent' }
  | { outcome: 'failed' }
  /** 429 or 503: the server's own words (e.g. "try again in a minute"). */
  | { outcome: 'server-message'; message: string }
  /** 400: the server's field errors, keyed by API field name. */
  | { outcome: 'invalid'; errors: Record<string, string> };

const STATUSES_WITH_OWN_MESSAGE = new Set([429, 503]);

/** POST submit_quote.php; the spec reads the `success` flag. Throws on a network or non-JSON answer. */
export async function submitQuoteRequest(request: QuoteRequest): Promise<QuoteSubmitAnswer> {
  const response = await sendJson(API_PATHS.SUBMIT_QUOTE, 'POST', request);
  const body = await readJson<ApiResult>(response);
  if (STATUSES_WITH_OWN_MESSAGE.has(response.status) && body.message) {
    return { outcome: 'server-message', message: body.message };
  }
  if (response.status === 400 && body.errors && Object.keys(body.errors).length > 0) {
    return { outcome: 'invalid', errors: body.errors };
  }
  return body.success === true ? { outcome: 'sent' } : { outcome: 'failed' };
}
