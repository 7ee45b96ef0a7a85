import {
  API_PATHS,
  IDEMPOTENCY_HEADER,
  type CreativeTrainingRegistration,
  type WebTrainingRegistration,
} from '@agency/shared';
import type { PublicSubmission } from '@/components/forms/public-submission';
import type { TrainingVariant } from '@/content/training';
import { request } from '@/lib/api-client';

export type TrainingRegistration = WebTrainingRegistration | CreativeTrainingRegistration;

/** Each variant's submit endpoint: its form posts there too when JavaScript is off. */
export const SUBMIT_PATHS: Record<TrainingVariant, string> = {
  web: API_PATHS.SUBMIT_WEB_TRAINING,
  creative: API_PATHS.SUBMIT_CREATIVE_TRAINING,
};

/**
 * POST submit_webdev_training.php or submit_creative_training.php: the nine fields as JSON (spec), with the human
 * check and the honeypot beside them and the Idempotency-Key header (issue 10). The spec reads only the HTTP ok
 * status: a 2xx is a success whatever its body, which is read only for its `reference`; a refusal's body is read for
 * its 429/503 message or its field errors.
 */
export function submitTrainingRegistration(
  variant: TrainingVariant,
  registration: TrainingRegistration,
  submission: PublicSubmission,
): Promise<unknown> {
  return request(SUBMIT_PATHS[variant], {
    method: 'POST',
    body: { ...registration, ...submission.fields },
    headers: { [IDEMPOTENCY_HEADER]: submission.idempotencyKey },
    success: 'status',
    okBody: 'if-json',
  });
}
