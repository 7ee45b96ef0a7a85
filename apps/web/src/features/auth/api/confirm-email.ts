import { API_PATHS, type ApiResult } from '@agency/shared';
import { readJson } from '@/lib/api-client';

export interface ConfirmEmailOutcome {
  success: boolean;
  message: string;
}

/**
 * Confirmation tokens are single use. React may mount the page twice in development (StrictMode)
 * and a visitor may come back to it, so each token is sent at most once per page load and every
 * caller shares that one answer.
 */
const confirmationsByToken = new Map<string, Promise<ConfirmEmailOutcome>>();

/** GET confirm-email.php?token= (credentials). Rejects only on a network failure or a non-JSON body. */
export function confirmEmailOnce(token: string): Promise<ConfirmEmailOutcome> {
  let confirmation = confirmationsByToken.get(token);
  if (!confirmation) {
    confirmation = confirmEmail(token);
    confirmationsByToken.set(token, confirmation);
  }
  return confirmation;
}

async function confirmEmail(token: string): Promise<ConfirmEmailOutcome> {
  const response = await fetch(`${API_PATHS.CONFIRM_EMAIL}?token=${encodeURIComponent(token)}`, {
    credentials: 'include',
  });
  const body = await readJson<Partial<ApiResult> | null>(response);
  return {
    success: response.ok && body?.success === true,
    message: typeof body?.message === 'string' ? body.message : '',
  };
}

/** Tests start each case with a fresh page load. */
export function forgetConfirmations(): void {
  confirmationsByToken.clear();
}
