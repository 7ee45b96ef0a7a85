import type { Kysely } from 'kysely';
import { ACCOUNT_RULES } from '@agency/shared';
import type { Database } from '../../lib/database-schema';

/**
 * Failed sign-ins counted in the database, so every server process sees the same count:
 * at most LOGIN_FAILURES_ALLOWED per e-mail and per client address in a sliding window.
 */
export interface LoginSubjects {
  email: string;
  ip: string;
}

function subjectsOf({ email, ip }: LoginSubjects) {
  return [
    { scope: 'email' as const, subject: email.toLowerCase() },
    { scope: 'ip' as const, subject: ip },
  ];
}

/** Seconds until the next attempt is allowed, or 0 when it is allowed now. */
export async function secondsUntilLoginAllowed(
  db: Kysely<Database>,
  subjects: LoginSubjects,
  now: number,
): Promise<number> {
  const windowStart = now - ACCOUNT_RULES.LOGIN_FAILURE_WINDOW_MS;
  let wait = 0;
  for (const { scope, subject } of subjectsOf(subjects)) {
    const failures = await db
      .selectFrom('login_failures')
      .select('failed_at')
      .where('scope', '=', scope)
      .where('subject', '=', subject)
      .where('failed_at', '>', windowStart)
      .orderBy('failed_at', 'asc')
      .execute();
    const excess = failures.length - ACCOUNT_RULES.LOGIN_FAILURES_ALLOWED;
    if (excess < 0) continue;
    // Allowed again once enough of the oldest failures have left the window.
    const freeingFailure = failures[excess];
    if (!freeingFailure) continue;
    const freedAt = Number(freeingFailure.failed_at) + ACCOUNT_RULES.LOGIN_FAILURE_WINDOW_MS;
    wait = Math.max(wait, Math.ceil((freedAt - now) / 1000));
  }
  return Math.max(wait, 0);
}

export async function recordLoginFailure(db: Kysely<Database>, subjects: LoginSubjects, now: number): Promise<void> {
  await db
    .insertInto('login_failures')
    .values(subjectsOf(subjects).map((entry) => ({ ...entry, failed_at: now })))
    .execute();
  await db
    .deleteFrom('login_failures')
    .where('failed_at', '<=', now - ACCOUNT_RULES.LOGIN_FAILURE_WINDOW_MS)
    .execute();
}

/** A successful sign-in or password change clears the e-mail's count (the address's count stays). */
export async function clearEmailFailures(db: Kysely<Database>, email: string): Promise<void> {
  await db
    .deleteFrom('login_failures')
    .where('scope', '=', 'email')
    .where('subject', '=', email.toLowerCase())
    .execute();
}
