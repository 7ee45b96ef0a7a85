import { API_PATHS, isSessionUser, type LoginInput, type SessionUser } from '@agency/shared';
import { request, type ResponseSchema } from '@/lib/api-client';

/** spec 7: success, message, user. The user is what the caller keeps. */
const LoginAnswerSchema: ResponseSchema<SessionUser> = {
  parse(answer) {
    const user = typeof answer === 'object' && answer !== null ? (answer as { user?: unknown }).user : undefined;
    if (!isSessionUser(user)) throw new TypeError('The login answer names no user');
    return user;
  },
};

/**
 * POST login.php?action=login (JSON email, password): the signed-in user. A refusal (not ok, or success false) is
 * an ApiError of kind 'rejected' carrying the server's message ("awaiting approval", "too many attempts"...).
 */
export function login(credentials: LoginInput): Promise<SessionUser> {
  return request(API_PATHS.LOGIN, { method: 'POST', body: credentials, schema: LoginAnswerSchema });
}
