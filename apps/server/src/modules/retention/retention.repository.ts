import type { Kysely, Transaction } from 'kysely';
import type { Database, EpochMs } from '../../lib/database-schema';
import { isUniqueViolation } from '../../lib/db-errors';

export type Db = Kysely<Database> | Transaction<Database>;

/**
 * Claims a once-a-day job for one Lagos day: true for exactly one caller per job and day, whichever instance and
 * however many at once. The row is made the first time (a racing twin's insert fails on the primary key); then only
 * an update that moves last_run_on to today changes a row, and the database lets one such update do it.
 */
export async function claimDay(
  db: Kysely<Database>,
  claim: { job: string; day: string; instanceId: string; now: EpochMs },
): Promise<boolean> {
  try {
    await db
      .insertInto('scheduled_runs')
      .values({ job: claim.job, last_run_on: '', claimed_by: null, claimed_at: null, finished_at: null })
      .execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const result = await db
    .updateTable('scheduled_runs')
    .set({ last_run_on: claim.day, claimed_by: claim.instanceId, claimed_at: claim.now, finished_at: null })
    .where('job', '=', claim.job)
    .where('last_run_on', '<>', claim.day)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markRunFinished(db: Db, job: string, instanceId: string, now: EpochMs): Promise<void> {
  await db
    .updateTable('scheduled_runs')
    .set({ finished_at: now })
    .where('job', '=', job)
    .where('claimed_by', '=', instanceId)
    .execute();
}

/** Gives a failed run's day back, so the next hourly check (of any instance) tries again. */
export async function releaseDay(db: Db, job: string, day: string, instanceId: string): Promise<void> {
  await db
    .updateTable('scheduled_runs')
    .set({ last_run_on: '' })
    .where('job', '=', job)
    .where('last_run_on', '=', day)
    .where('claimed_by', '=', instanceId)
    .execute();
}

/** Up to `limit` enquiries, in any folder, that arrived before the cutoff. */
export async function listArrivedBefore(db: Db, cutoff: EpochMs, limit: number): Promise<number[]> {
  const rows = await db.selectFrom('enquiries').select('id').where('created_at', '<', cutoff).limit(limit).execute();
  return rows.map((row) => Number(row.id));
}

/** Up to `limit` enquiries put in the trash before the cutoff (the (folder, trashed_at) index). */
export async function listTrashedBefore(db: Db, cutoff: EpochMs, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('enquiries')
    .select('id')
    .where('folder', '=', 'trash')
    .where('trashed_at', '<', cutoff)
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.id));
}

/** Up to `limit` enquiries caught as spam that arrived before the cutoff. */
export async function listSpamBefore(db: Db, cutoff: EpochMs, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('enquiries')
    .select('id')
    .where('folder', '=', 'spam')
    .where('created_at', '<', cutoff)
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.id));
}

/**
 * Up to `limit` mail records done with before the cutoff: sent (counted from sending) or given up on (counted from
 * when they were written). A pending mail is still to be sent and stays, however old.
 */
export async function listExpiredMails(
  db: Db,
  cutoff: EpochMs,
  limit: number,
): Promise<Array<{ id: number; messageId: string }>> {
  const rows = await db
    .selectFrom('outbox')
    .select(['id', 'message_id'])
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'sent'), eb('sent_at', '<', cutoff)]),
        eb.and([eb('status', '=', 'failed'), eb('created_at', '<', cutoff)]),
      ]),
    )
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: Number(row.id), messageId: row.message_id }));
}
