import { API_PATHS } from '@agency/shared';
import { request } from '@/lib/api-client';

/**
 * GET logout.php (spec 7): only the status is looked at, so an ok answer's body is not read. A failed call is
 * logged and the caller still clears the user, so a dead connection never keeps someone looking at a signed-in
 * screen.
 */
export async function logout(): Promise<void> {
  try {
    await request(API_PATHS.LOGOUT, { success: 'status' });
  } catch (error) {
    console.error('Logout request failed', error);
  }
}
