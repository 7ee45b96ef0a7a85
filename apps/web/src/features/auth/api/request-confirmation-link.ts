import { API_PATHS, type ApiResult, type ConfirmationRequestInput } from '@agency/shared';
import { request } from '@/lib/api-client';

/** POST /api/resend-confirmation (issue 17): the server's message, the same whatever the address. */
export function requestConfirmationLink(input: ConfirmationRequestInput): Promise<ApiResult> {
  return request<ApiResult>(API_PATHS.RESEND_CONFIRMATION, { method: 'POST', body: input });
}
