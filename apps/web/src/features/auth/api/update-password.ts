import { API_PATHS, type ApiResult, type UpdatePasswordInput } from '@agency/shared';
import { readJson, sendJson } from '@/lib/api-client';

export interface UpdatePasswordOutcome {
  success: boolean;
  message: string;
}

/** POST update_password.php (JSON token, password). Rejects only on a network failure or a non-JSON body. */
export async function updatePassword(input: UpdatePasswordInput): Promise<UpdatePasswordOutcome> {
  const response = await sendJson(API_PATHS.UPDATE_PASSWORD, 'POST', input);
  const body = await readJson<Partial<ApiResult> | null>(response);
  return {
    success: response.ok && body?.success === true,
    message: typeof body?.message === 'string' ? body.message : '',
  };
}
