import session, { type SessionData } from 'express-session';
import type { Kysely } from 'kysely';
import { ACCOUNT_RULES } from '@agency/shared';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/database-schema';
import type { DialectName } from '../../lib/db';

declare module 'express-session' {
  interface SessionData {
    userId: number;
    /** When the user signed in (epoch ms): the 12-hour absolute limit counts from here. */
    authenticatedAt: number;
  }
}

const PRUNE_EVERY_MS = 15 * 60 * 1000;

type Callback<T = void> = (error?: unknown, value?: T) => void;

/**
 * express-session's store over Kysely, so sessions live in the same database on SQLite and
 * MySQL, survive restarts and are shared by every server process. Expiry is enforced here with
 * the injected clock: a row lives until the earlier of 30 minutes after its last use and
 * 12 hours after sign-in.
 */
export class KyselySessionStore extends session.Store {
  private lastPrunedAt = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    private readonly clock: Clock,
  ) {
    super();
  }

  private expiresAt(data: SessionData, now: number): number {
    const idleEnd = now + ACCOUNT_RULES.SESSION_IDLE_MS;
    const absoluteEnd = (data.authenticatedAt ?? now) + ACCOUNT_RULES.SESSION_ABSOLUTE_MS;
    return Math.min(idleEnd, absoluteEnd);
  }

  override get(sid: string, callback: Callback<SessionData | null>): void {
    this.run(callback, async () => {
      const now = this.clock().getTime();
      const row = await this.db
        .selectFrom('sessions')
        .select(['data', 'expires_at'])
        .where('sid', '=', sid)
        .executeTakeFirst();
      if (!row) return null;
      if (Number(row.expires_at) <= now) {
        await this.db.deleteFrom('sessions').where('sid', '=', sid).execute();
        return null;
      }
      return JSON.parse(row.data) as SessionData;
    });
  }

  override set(sid: string, data: SessionData, callback?: Callback): void {
    this.run(callback, async () => {
      const now = this.clock().getTime();
      const values = {
        sid,
        user_id: data.userId ?? null,
        data: JSON.stringify(data),
        expires_at: this.expiresAt(data, now),
      };
      const { sid: _sid, ...changes } = values;
      const insert = this.db.insertInto('sessions').values(values);
      await (
        this.dialect === 'mysql'
          ? insert.onDuplicateKeyUpdate(changes)
          : insert.onConflict((conflict) => conflict.column('sid').doUpdateSet(changes))
      ).execute();
      await this.pruneExpired(now);
    });
  }

  override touch(sid: string, data: SessionData, callback?: Callback): void {
    this.run(callback, async () => {
      const now = this.clock().getTime();
      await this.db
        .updateTable('sessions')
        .set({ expires_at: this.expiresAt(data, now) })
        .where('sid', '=', sid)
        .where('expires_at', '>', now)
        .execute();
    });
  }

  override destroy(sid: string, callback?: Callback): void {
    this.run(callback, async () => {
      await this.db.deleteFrom('sessions').where('sid', '=', sid).execute();
    });
  }

  private async pruneExpired(now: number): Promise<void> {
    if (now - this.lastPrunedAt < PRUNE_EVERY_MS) return;
    this.lastPrunedAt = now;
    await this.db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
  }

  private run<T>(callback: Callback<T> | undefined, work: () => Promise<T>): void {
    work().then(
      (value) => callback?.(undefined, value),
      (error: unknown) => callback?.(error),
    );
  }
}

/** Signing out everywhere: used when a password changes. */
export async function destroyUserSessions(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Signing out everywhere but here: a password changed while signed in keeps the session that changed it. */
export async function destroyOtherSessions(db: Kysely<Database>, userId: number, keptSid: string): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('sid', '!=', keptSid)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
