import { API_PATHS, isSessionUser, type SessionUser } from '@agency/shared';
import { ApiError, request, type ResponseSchema } from '@/lib/api-client';

/** spec 7: success, user. An answer that names no user means nobody is signed in, which is not a failure. */
const SessionCheckAnswerSchema: ResponseSchema<SessionUser | null> = {
  parse(answer) {
    const user = typeof answer === 'object' && answer !== null ? (answer as { user?: unknown }).user : undefined;
    return isSessionUser(user) ? user : null;
  },
};

/**
 * GET login.php?action=check (spec 7/8): the signed-in user, or null. Invalid JSON and network failures are logged,
 * never shown, and leave the visitor signed out; so does a refusal (no session), silently.
 */
export async function checkSession(): Promise<SessionUser | null> {
  try {
    return await request(API_PATHS.SESSION_CHECK, { schema: SessionCheckAnswerSchema });
  } catch (error) {
    if (!(error instanceof ApiError) || error.kind === 'network') {
      console.error('Auth check failed', error instanceof ApiError ? error.cause : error);
    } else if (error.kind === 'unreadable') {
      console.error('Auth check failed: invalid JSON from the backend', error.cause);
    }
    return null;
  }
}
