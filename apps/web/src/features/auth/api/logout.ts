import { API_PATHS } from '@agency/shared';

/**
 * GET logout.php (spec 7): the body is not read. A failed call is logged and the caller still clears
 * the user, so a dead connection never keeps someone looking at a signed-in screen.
 */
export async function logout(): Promise<void> {
  try {
    await fetch(API_PATHS.LOGOUT, { credentials: 'include' });
  } catch (error) {
    console.error('Logout request failed', error);
  }
}
