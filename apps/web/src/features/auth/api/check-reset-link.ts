import { RESET_LINK_PATH, ResetLinkAnswerSchema, type ResetLinkState } from '@agency/shared';
import { request } from '@/lib/api-client';

/** GET /api/reset-link?token=: whether the link can still set a password, or was used, or expired. */
export function checkResetLink(token: string, signal?: AbortSignal): Promise<ResetLinkState> {
  return request(RESET_LINK_PATH, { query: { token }, signal, schema: ResetLinkAnswerSchema }).then(
    (answer) => answer.state,
  );
}
