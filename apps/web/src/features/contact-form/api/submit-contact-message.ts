import { API_PATHS, IDEMPOTENCY_HEADER, type ContactMessage } from '@agency/shared';
import type { PublicSubmission } from '@/components/forms/public-submission';
import { request } from '@/lib/api-client';

/**
 * POST submit_contactform.php: JSON name, email, phone, message (spec), with the human check and the honeypot beside
 * them and the Idempotency-Key header (issue 10). The spec reads the `success` flag; the answer carries `reference`.
 */
export function submitContactMessage(message: ContactMessage, submission: PublicSubmission): Promise<unknown> {
  return request(API_PATHS.SUBMIT_CONTACT, {
    method: 'POST',
    body: { ...message, ...submission.fields },
    headers: { [IDEMPOTENCY_HEADER]: submission.idempotencyKey },
  });
}
