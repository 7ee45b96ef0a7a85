import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database, EpochMs, OutboxTable } from '../../lib/database-schema';
import type { DialectName } from '../../lib/db';

export type OutboxRow = Selectable<OutboxTable>;
type Db = Kysely<Database> | Transaction<Database>;

export async function insertMails(db: Db, rows: Array<Insertable<OutboxTable>>): Promise<void> {
  if (rows.length > 0) await db.insertInto('outbox').values(rows).execute();
}

/** One row, and its id (MariaDB gives back one insert id per statement). */
export async function insertMail(db: Db, row: Insertable<OutboxTable>): Promise<number> {
  const result = await db.insertInto('outbox').values(row).executeTakeFirstOrThrow();
  return Number(result.insertId);
}

/** Deletes mail records by id, whatever their status: a pending one is then never sent (docs/decisions/0022). */
export async function deleteMails(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('outbox').where('id', 'in', ids).execute();
}

/**
 * The first `batch` due mails: pending, due, and not leased by a sender (or leased by one that has not finished within
 * its lease, e.g. a process that was killed). In the order of the due index (status, next_attempt_at, id), so the
 * first due row is read, not sorted out of every pending one: ordered by id alone, each claim sorted the whole
 * backlog (15 ms at 16,000 pending mails, issue 13).
 */
export function dueMails(db: Db, now: EpochMs, batch: number) {
  return db
    .selectFrom('outbox')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(batch);
}

export interface Claim {
  owner: string;
  now: EpochMs;
  leaseUntil: EpochMs;
  batch: number;
}

/**
 * Takes up to `batch` due rows for one sender: pending, due, and not leased by another sender (or leased by one
 * that has not finished within its lease, e.g. a process that was killed). Two senders never hold the same row.
 */
export async function claimDueMails(db: Kysely<Database>, dialect: DialectName, claim: Claim): Promise<OutboxRow[]> {
  const lease = { lease_owner: claim.owner, lease_until: claim.leaseUntil };

  if (dialect === 'mysql') {
    // Rows another sender is claiming right now are skipped, not waited for. READ COMMITTED: under InnoDB's default
    // REPEATABLE READ the locking read takes gap locks on the due index, which deadlock with a submission inserting
    // its mails at the same moment (seen with two processes on MariaDB).
    await db
      .transaction()
      .setIsolationLevel('read committed')
      .execute(async (trx) => {
        const rows = await dueMails(trx, claim.now, claim.batch).forUpdate().skipLocked().execute();
        if (rows.length === 0) return;
        await trx
          .updateTable('outbox')
          .set(lease)
          .where(
            'id',
            'in',
            rows.map((row) => row.id),
          )
          .execute();
      });
    return db.selectFrom('outbox').selectAll().where('lease_owner', '=', claim.owner).orderBy('id').execute();
  }
  // One UPDATE statement: SQLite runs it under its single writer lock, so the claim is atomic across processes. In a
  // transaction, so that it shares the group commit with the submissions of the moment (lib/sqlite-group-commit.ts).
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('outbox')
      .set(lease)
      .where('id', 'in', dueMails(trx, claim.now, claim.batch))
      .execute();
    return trx.selectFrom('outbox').selectAll().where('lease_owner', '=', claim.owner).orderBy('id').execute();
  });
}

/** Marks a mail sent, if this sender still holds it; a mail that carried a token keeps no copy of its body. */
export async function markMailSent(db: Kysely<Database>, row: OutboxRow, owner: string, now: EpochMs): Promise<void> {
  // A transaction of one statement: on SQLite it shares the group commit (lib/sqlite-group-commit.ts).
  await db.transaction().execute((trx) =>
    trx
      .updateTable('outbox')
      .set({
        status: 'sent',
        sent_at: now,
        attempts: row.attempts + 1,
        lease_owner: null,
        lease_until: null,
        last_error: null,
        ...(row.holds_secret ? { text_body: '', html_body: '' } : {}),
      })
      .where('id', '=', row.id)
      .where('lease_owner', '=', owner)
      .execute(),
  );
}

export async function markMailAttemptFailed(
  db: Kysely<Database>,
  row: OutboxRow,
  owner: string,
  outcome: { failedForGood: boolean; nextAttemptAt: EpochMs; error: string },
): Promise<void> {
  await db
    .updateTable('outbox')
    .set({
      status: outcome.failedForGood ? 'failed' : 'pending',
      attempts: row.attempts + 1,
      next_attempt_at: outcome.nextAttemptAt,
      lease_owner: null,
      lease_until: null,
      last_error: outcome.error.slice(0, 500),
    })
    .where('id', '=', row.id)
    .where('lease_owner', '=', owner)
    .execute();
}

export interface FailedMail {
  id: number;
  purpose: string;
  recipient: string;
  subject: string;
  attempts: number;
  last_error: string | null;
  created_at: EpochMs;
}

export async function listFailedMails(db: Kysely<Database>, limit: number): Promise<FailedMail[]> {
  return db
    .selectFrom('outbox')
    .select(['id', 'purpose', 'recipient', 'subject', 'attempts', 'last_error', 'created_at'])
    .where('status', '=', 'failed')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function countMailsByStatus(db: Kysely<Database>): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('outbox')
    .select(['status', (eb) => eb.fn.countAll().as('count')])
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
}
