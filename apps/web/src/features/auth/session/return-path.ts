import { PATHS } from '@agency/shared';

/** The query parameter of /auth that names the page to return to after signing in. */
export const RETURN_PARAMETER = 'next';

/**
 * The page to open after signing in: `next` when it is a path of the staff area on this site (`/dashboard...`),
 * otherwise the inbox. Anything else (another site, `//host`, `/\host`, a scheme, the public pages) is ignored, so a
 * link to /auth cannot send a member of staff anywhere after they sign in (no open redirect).
 */
export function returnPathOf(next: string | null): string {
  const hasControl = [...(next ?? '')].some((character) => character.charCodeAt(0) < 0x20);
  if (!next || !/^\/(?![/\\])/.test(next) || next.includes('\\') || hasControl) return PATHS.dashboard;
  const base = 'https://same.site';
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return PATHS.dashboard;
  }
  const inStaffArea = url.pathname === PATHS.dashboard || url.pathname.startsWith(`${PATHS.dashboard}/`);
  if (url.origin !== base || !inStaffArea) return PATHS.dashboard;
  return `${url.pathname}${url.search}`;
}

/** /auth, returning to `path` after signing in (the inbox is the default and needs no parameter). */
export function signInPathReturningTo(path: string): string {
  const target = returnPathOf(path);
  if (target === PATHS.dashboard) return PATHS.auth;
  return `${PATHS.auth}?${new URLSearchParams({ [RETURN_PARAMETER]: target }).toString()}`;
}
