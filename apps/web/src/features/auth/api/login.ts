import { API_PATHS, SPEC_MESSAGES, type ApiResult, type LoginInput, type SessionUser } from '@agency/shared';
import { sendJson } from '@/lib/api-client';
import { AuthRejectedError, readAuthResult } from './auth-result';
import { isSessionUser } from './check-session';

interface LoginResult extends ApiResult {
  user: SessionUser;
}

/** POST login.php?action=login (JSON email, password): the signed-in user. */
export async function login(credentials: LoginInput): Promise<SessionUser> {
  const result = await readAuthResult<LoginResult>(await sendJson(API_PATHS.LOGIN, 'POST', credentials));
  if (!isSessionUser(result.user)) throw new AuthRejectedError(result.message || SPEC_MESSAGES.OPERATION_FAILED);
  return result.user;
}
