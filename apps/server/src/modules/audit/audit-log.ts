import type { Kysely } from 'kysely';
import type { AuditAction } from '@agency/shared';
import type { Database, EpochMs } from '../../lib/database-schema';

/** Who did it: a signed-in account, or the server itself (the daily purge). */
export interface AuditActor {
  id: number | null;
  email: string;
}

export const SERVER_ACTOR: AuditActor = { id: null, email: 'the server' };

export interface AuditRecord {
  action: AuditAction;
  actor: AuditActor;
  /** What it was done to, in words: "contact RD-26-00012", "account amaka@…", "3 enquiries". */
  target: string;
  /** Counts and filters; never a person's message or anything an erasure must remove. */
  detail?: Record<string, unknown>;
  at: EpochMs;
}

/**
 * Appends one entry to the audit log (issue 12, docs/decisions/0022). Pass the transaction of the action itself, so
 * the action and its record are stored together or not at all. Nothing in the product updates or deletes entries.
 */
export async function recordAudit(db: Kysely<Database>, record: AuditRecord): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      action: record.action,
      actor_id: record.actor.id,
      actor_email: record.actor.email,
      target: record.target.slice(0, 300),
      detail: JSON.stringify(record.detail ?? {}),
      created_at: record.at,
    })
    .execute();
}

/** The signed-in account as the log names it; read in the action's transaction, so the address is the current one. */
export async function actorOf(db: Kysely<Database>, userId: number): Promise<AuditActor> {
  const user = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  return { id: userId, email: user?.email ?? `account ${userId}` };
}
