import { API_PATHS, type ApiResult, type ResetRequestInput } from '@agency/shared';
import { sendJson } from '@/lib/api-client';
import { readAuthResult } from './auth-result';

/** POST reset_password.php (JSON email): the server's message, the same for known and unknown addresses. */
export async function requestPasswordReset(input: ResetRequestInput): Promise<ApiResult> {
  return readAuthResult<ApiResult>(await sendJson(API_PATHS.RESET_REQUEST, 'POST', input));
}
