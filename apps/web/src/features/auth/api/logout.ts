import { API_PATHS } from '@agency/shared';
import { request } from '@/lib/api-client';

/**
 * POST logout.php: the spec's GET still works for old clients, but the server ends a session on a GET only when the
 * browser says it comes from this site, so the app uses the method that is guarded like every other change. Only
 * the status is looked at, so an ok answer's body is not read. A failed call is logged and the caller still clears
 * the user, so a dead connection never keeps someone looking at a signed-in screen.
 */
export async function logout(): Promise<void> {
  try {
    await request(API_PATHS.LOGOUT, { method: 'POST', success: 'status' });
  } catch (error) {
    console.error('Logout request failed', error);
  }
}
