import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { RateLimiterMySQL, RateLimiterRes, RateLimiterSQLite, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimit } from '../config/rate-limit';
import type { Database } from './database-schema';
import { withConflictRetry } from './db-errors';
import { AppError } from './errors';
import { driverOf } from './db';

export type RateVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const ALLOWED: RateVerdict = { allowed: true };

/**
 * Attempts per subject in fixed windows, counted in the database's rate_limits table by rate-limiter-flexible, so
 * every server process shares the counts (docs/decisions/0014). Each count is one atomic upsert that returns the new
 * total: a refused attempt never ran, however many arrive at once.
 *
 * Never call it inside a transaction: on SQLite it waits for the one connection, which the transaction holds.
 */
export interface RateLimiter {
  /** Counts one attempt in every window; refused when any window is over its limit (refused attempts count too). */
  consume(subject: string): Promise<RateVerdict>;
  /** Gives one attempt back, for an attempt that turned out not to count (the right password). */
  refund(subject: string): Promise<void>;
  /** Forgets the subject's attempts. */
  clear(subject: string): Promise<void>;
  /** The refusal this process holds in memory for the subject (refused before, its window not over), if any. */
  refusedFromMemory(subject: string): RateVerdict | undefined;
}

/**
 * `name` keeps limits apart in the shared table; the subject (an address, an e-mail) is stored only as its SHA-256.
 * The library reads the time from Date.now(), not from the app's clock (tests move both).
 */
/**
 * A subject as the rate_limits table stores it, after the limit's prefix (`auto-reply:86400:<this>`): hashed, so the
 * table holds no address in clear; an erasure finds a person's counters by it.
 */
export function subjectKeyOf(subject: string): string {
  return createHash('sha256').update(subject).digest('hex');
}

export function createRateLimiter(db: Kysely<Database>, name: string, limit: RateLimit): RateLimiter {
  const driver = driverOf(db);
  const windows: RateLimiterAbstract[] = limit.map(({ points, seconds }) => {
    // The table comes from migration 0005; the library neither creates it nor runs its own cleanup timer.
    const options = {
      keyPrefix: `${name}:${seconds}`,
      points,
      duration: seconds,
      tableName: 'rate_limits',
      tableCreated: true,
      clearExpiredByTimeout: false,
    };
    return driver.kind === 'sqlite'
      ? new RateLimiterSQLite({ ...options, storeClient: driver.database, storeType: 'better-sqlite3' })
      : new RateLimiterMySQL({ ...options, storeClient: driver.pool, storeType: 'pool', dbName: driver.databaseName });
  });

  // better-sqlite3 is one connection, which Kysely lends to one transaction at a time. A write made beside Kysely
  // while a transaction holds it would join that transaction and vanish with its rollback, so on SQLite the library
  // runs in a transaction of its own like any write (which joins the group commit, lib/sqlite-group-commit.ts). On
  // MySQL it takes a connection of its own from the pool. InnoDB may pick an upsert as a deadlock victim, and another
  // process may hold SQLite's write lock: both are run again.
  const run = <T>(work: () => Promise<T>): Promise<T> =>
    withConflictRetry(() => (driver.kind === 'sqlite' ? db.transaction().execute(work) : work()));

  const keyOf = subjectKeyOf;

  /** Rows of ended windows are deleted whenever a new window starts, so the table holds only live counts. */
  const deleteEnded = () =>
    withConflictRetry(() => db.deleteFrom('rate_limits').where('expire', '<', Date.now()).execute());

  // Once a subject is refused in a window, this process refuses it from memory until that window ends: a flood of
  // refused attempts neither writes nor waits for the database (issue 13); the counts stay shared between processes.
  const refusedUntil = new Map<string, number>();

  /** How long this process still refuses the key in this window from memory (0: ask the database). */
  function refusedMs(window: RateLimiterAbstract, key: string): number {
    const blockKey = refusalKeyOf(window, key);
    const until = refusedUntil.get(blockKey);
    if (until === undefined) return 0;
    if (until > Date.now()) return until - Date.now();
    refusedUntil.delete(blockKey);
    return 0;
  }

  const verdictOf = (waitMs: number): RateVerdict =>
    waitMs === 0 ? ALLOWED : { allowed: false, retryAfterSeconds: Math.ceil(waitMs / 1000) };

  async function consumeWindow(window: RateLimiterAbstract, key: string): Promise<number> {
    const blockedMs = refusedMs(window, key);
    if (blockedMs > 0) return blockedMs;
    try {
      const counted = await run(() => window.consume(key));
      if (counted.isFirstInDuration) await deleteEnded();
      return 0;
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      const waitMs = Math.max(refusal.msBeforeNext, 1);
      if (refusedUntil.size >= MAX_REFUSED_IN_MEMORY) forgetEnded(refusedUntil);
      refusedUntil.set(refusalKeyOf(window, key), Date.now() + waitMs);
      return waitMs;
    }
  }

  return {
    async consume(subject) {
      const key = keyOf(subject);
      let waitMs = 0;
      for (const window of windows) waitMs = Math.max(waitMs, await consumeWindow(window, key));
      return verdictOf(waitMs);
    },
    refusedFromMemory(subject) {
      if (refusedUntil.size === 0) return undefined;
      const key = keyOf(subject);
      const waitMs = Math.max(0, ...windows.map((window) => refusedMs(window, key)));
      return waitMs === 0 ? undefined : verdictOf(waitMs);
    },
    async refund(subject) {
      const key = keyOf(subject);
      for (const window of windows) refusedUntil.delete(refusalKeyOf(window, key));
      for (const window of windows) await run(() => window.reward(key, 1));
    },
    async clear(subject) {
      const key = keyOf(subject);
      for (const window of windows) refusedUntil.delete(refusalKeyOf(window, key));
      for (const window of windows) await run(() => window.delete(key));
    },
  };
}

/** Subjects refused from memory at most; beyond it, ended refusals are dropped first. */
const MAX_REFUSED_IN_MEMORY = 10_000;

const refusalKeyOf = (window: RateLimiterAbstract, key: string) => `${window.keyPrefix}\n${key}`;

function forgetEnded(refusedUntil: Map<string, number>): void {
  const now = Date.now();
  for (const [key, until] of refusedUntil) if (until <= now) refusedUntil.delete(key);
  // Still full (a flood from as many addresses): the oldest refusals go; their next attempt asks the database.
  for (const key of refusedUntil.keys()) {
    if (refusedUntil.size < MAX_REFUSED_IN_MEMORY) break;
    refusedUntil.delete(key);
  }
}

/** The answer to a refused attempt: 429, Retry-After in seconds, and a message that names the minutes to wait. */
export function tooManyRequests(retryAfterSeconds: number, message: (minutes: number) => string): AppError {
  return new AppError(429, message(Math.ceil(retryAfterSeconds / 60)), undefined, {
    'Retry-After': String(retryAfterSeconds),
  });
}
