import { API_PATHS, type CreativeTrainingRegistration, type WebTrainingRegistration } from '@agency/shared';
import type { TrainingVariant } from '@/content/training';
import { request } from '@/lib/api-client';

export type TrainingRegistration = WebTrainingRegistration | CreativeTrainingRegistration;

const SUBMIT_PATHS: Record<TrainingVariant, string> = {
  web: API_PATHS.SUBMIT_WEB_TRAINING,
  creative: API_PATHS.SUBMIT_CREATIVE_TRAINING,
};

/**
 * POST submit_webdev_training.php or submit_creative_training.php (the nine fields as JSON). The spec reads only the
 * HTTP ok status: a 2xx body is not read; a refusal's body is, for its 429/503 message or its field errors.
 */
export function submitTrainingRegistration(variant: TrainingVariant, registration: TrainingRegistration) {
  return request(SUBMIT_PATHS[variant], { method: 'POST', body: registration, success: 'status' });
}
