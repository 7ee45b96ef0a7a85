import { API_PATHS, type SessionUser } from '@agency/shared';

/**
 * GET login.php?action=check (spec 7/8): the signed-in user, or null. The body is read as text then
 * parsed; invalid JSON and network failures are logged, never shown, and leave the visitor signed out.
 */
export async function checkSession(): Promise<SessionUser | null> {
  let text: string;
  try {
    const response = await fetch(API_PATHS.SESSION_CHECK, { credentials: 'include' });
    text = await response.text();
  } catch (error) {
    console.error('Auth check failed', error);
    return null;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    console.error('Auth check failed: invalid JSON from the backend', error);
    return null;
  }
  return readSignedInUser(body);
}

function readSignedInUser(body: unknown): SessionUser | null {
  if (typeof body !== 'object' || body === null) return null;
  const { success, user } = body as { success?: unknown; user?: unknown };
  return success === true && isSessionUser(user) ? user : null;
}

export function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null) return false;
  const { username, email } = value as Record<string, unknown>;
  return typeof username === 'string' && typeof email === 'string';
}
