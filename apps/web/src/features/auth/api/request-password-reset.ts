import { API_PATHS, type ApiResult, type ResetRequestInput } from '@agency/shared';
import { request } from '@/lib/api-client';

/** POST reset_password.php (JSON email): the server's message, the same for known and unknown addresses. */
export function requestPasswordReset(input: ResetRequestInput): Promise<ApiResult> {
  return request<ApiResult>(API_PATHS.RESET_REQUEST, { method: 'POST', body: input });
}
