import {
  API_PATHS,
  type ApiResult,
  type CreativeTrainingRegistration,
  type WebTrainingRegistration,
} from '@agency/shared';
import { readJson, sendJson } from '@/lib/api-client';
import { refusalOf, type FormSubmitAnswer } from '@/lib/form-submission';

export type TrainingVariant = 'web' | 'creative';
export type TrainingRegistration = WebTrainingRegistration | CreativeTrainingRegistration;

const SUBMIT_PATHS: Record<TrainingVariant, string> = {
  web: API_PATHS.SUBMIT_WEB_TRAINING,
  creative: API_PATHS.SUBMIT_CREATIVE_TRAINING,
};

/**
 * POST submit_webdev_training.php or submit_creative_training.php. The spec reads only the HTTP ok status;
 * the body of a refusal is read only to show a rate-limit or outage message, or field errors.
 * Throws on a network failure.
 */
export async function submitTrainingRegistration(
  variant: TrainingVariant,
  registration: TrainingRegistration,
): Promise<FormSubmitAnswer> {
  const response = await sendJson(SUBMIT_PATHS[variant], 'POST', registration);
  if (response.ok) return { outcome: 'sent' };

  const body = await readJson<ApiResult>(response).catch(() => null);
  return (body && refusalOf(response.status, body)) ?? { outcome: 'failed' };
}
