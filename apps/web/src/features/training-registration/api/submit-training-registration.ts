import {
  API_PATHS,
  type ApiResult,
  type CreativeTrainingRegistration,
  type WebTrainingRegistration,
} from '@agency/shared';
import { readJson, sendJson } from '@/lib/api-client';

export type TrainingVariant = 'web' | 'creative';

export type TrainingSubmitAnswer =
  | { outcome: 'registered' }
  | { outcome: 'failed' }
  /** 429 or 503: the server's own words. */
  | { outcome: 'server-message'; message: string }
  /** 400: the server's field errors, keyed by API field name. */
  | { outcome: 'invalid'; errors: Record<string, string> };

const SUBMIT_PATHS: Record<TrainingVariant, string> = {
  web: API_PATHS.SUBMIT_WEB_TRAINING,
  creative: API_PATHS.SUBMIT_CREATIVE_TRAINING,
};

const STATUSES_WITH_OWN_MESSAGE = new Set([429, 503]);

/**
 * POST submit_webdev_training.php or submit_creative_training.php. The spec reads only the HTTP ok status;
 * the body of a refusal is read only to show a rate-limit or outage message, or field errors.
 * Throws on a network failure.
 */
export async function submitTrainingRegistration(
  variant: TrainingVariant,
  registration: WebTrainingRegistration | CreativeTrainingRegistration,
): Promise<TrainingSubmitAnswer> {
  const response = await sendJson(SUBMIT_PATHS[variant], 'POST', registration);
  if (response.ok) return { outcome: 'registered' };

  const body = await readJson<ApiResult>(response).catch(() => null);
  if (body && STATUSES_WITH_OWN_MESSAGE.has(response.status) && body.message) {
    return { outcome: 'server-message', message: body.message };
  }
  if (body && response.status === 400 && body.errors && Object.keys(body.errors).length > 0) {
    return { outcome: 'invalid', errors: body.errors };
  }
  return { outcome: 'failed' };
}
