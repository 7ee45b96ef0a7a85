import type { SessionUser } from '@agency/shared';
import { checkSession } from '../api/check-session';

let early: Promise<SessionUser | null> | undefined;

/**
 * Starts the spec's one session check as the page's scripts start, before hydration: on the staff screens everything
 * waits for its answer, and hydration on a slow phone takes hundreds of milliseconds. The provider takes the answer
 * once (takeEarlySessionCheck); without an early start (tests, prerendering) it asks itself.
 */
export function startSessionCheck(): void {
  early ??= checkSession();
}

export function takeEarlySessionCheck(): Promise<SessionUser | null> | undefined {
  const pending = early;
  early = undefined;
  return pending;
}
