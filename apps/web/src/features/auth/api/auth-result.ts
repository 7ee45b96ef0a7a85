import { SPEC_MESSAGES, type ApiResult } from '@agency/shared';
import { readJson } from '@/lib/api-client';

/**
 * The server said no (not ok, or success false). Its message is meant for people, so the auth
 * screen alerts it as is: "awaiting approval", "too many attempts", "confirm your e-mail first".
 */
export class AuthRejectedError extends Error {
  override name = 'AuthRejectedError';
}

/**
 * Reads an auth answer per spec 8: a body that is not JSON raises "Failed to parse JSON" (which the
 * screen reports as a network error); not ok or success false raises AuthRejectedError with the
 * server's message, or "Operation failed." when it gave none.
 */
export async function readAuthResult<T extends ApiResult>(response: Response): Promise<T> {
  const body = await readJson<Partial<T> | null>(response);
  const succeeded = response.ok && typeof body === 'object' && body !== null && body.success === true;
  if (!succeeded) {
    const serverMessage = typeof body === 'object' && body !== null ? body.message : undefined;
    throw new AuthRejectedError(serverMessage || SPEC_MESSAGES.OPERATION_FAILED);
  }
  return body as T;
}
