import { API_PATHS } from '@agency/shared';
import { request, type ResponseSchema } from '@/lib/api-client';

/** spec 7: success, message. The message is what the page shows ('' when the server gave none). */
const ConfirmEmailAnswerSchema: ResponseSchema<string> = {
  parse(answer) {
    const message = typeof answer === 'object' && answer !== null ? (answer as { message?: unknown }).message : '';
    return typeof message === 'string' ? message : '';
  },
};

/**
 * Confirmation tokens are single use. React may mount the page twice in development (StrictMode)
 * and a visitor may come back to it, so each token is sent at most once per page load and every
 * caller shares that one answer.
 */
const confirmationsByToken = new Map<string, Promise<string>>();

/**
 * GET confirm-email.php?token= (credentials): the server's message once the address is confirmed. A refused token
 * is an ApiError of kind 'rejected' with the server's message; any other failure, another kind.
 */
export function confirmEmailOnce(token: string): Promise<string> {
  let confirmation = confirmationsByToken.get(token);
  if (!confirmation) {
    confirmation = request(API_PATHS.CONFIRM_EMAIL, { query: { token }, schema: ConfirmEmailAnswerSchema });
    confirmationsByToken.set(token, confirmation);
  }
  return confirmation;
}

/** Tests start each case with a fresh page load. */
export function forgetConfirmations(): void {
  confirmationsByToken.clear();
}
