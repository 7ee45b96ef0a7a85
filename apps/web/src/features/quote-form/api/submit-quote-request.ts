import { API_PATHS, IDEMPOTENCY_HEADER, type QuoteRequest } from '@agency/shared';
import type { PublicSubmission } from '@/components/forms/public-submission';
import { request } from '@/lib/api-client';

/**
 * POST submit_quote.php: JSON name, email, phone, location, projectDescription, services (spec), with the human check
 * and the honeypot beside them and the Idempotency-Key header (issue 10). Reads `success`; the answer carries
 * `reference`.
 */
export function submitQuoteRequest(quote: QuoteRequest, submission: PublicSubmission): Promise<unknown> {
  return request(API_PATHS.SUBMIT_QUOTE, {
    method: 'POST',
    body: { ...quote, ...submission.fields },
    headers: { [IDEMPOTENCY_HEADER]: submission.idempotencyKey },
  });
}
