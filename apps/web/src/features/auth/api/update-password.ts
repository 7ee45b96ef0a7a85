import { API_PATHS, type ApiResult, type UpdatePasswordInput } from '@agency/shared';
import { request } from '@/lib/api-client';

/** POST update_password.php (JSON token, password): the server's message. */
export function updatePassword(input: UpdatePasswordInput): Promise<ApiResult> {
  return request<ApiResult>(API_PATHS.UPDATE_PASSWORD, { method: 'POST', body: input });
}
