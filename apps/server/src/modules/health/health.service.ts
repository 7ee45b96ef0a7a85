import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../lib/database-schema';
import { databaseFailureOf, type DatabaseFailure } from '../../lib/db-errors';

/** What `/api/health` says of the database. */
export type DatabaseHealth = 'up' | DatabaseFailure;

/**
 * Bytes the write probe stores: more than a SQLite page (4 KiB), so the probe needs pages the file does not have
 * free, as a submission would; a full disk refuses it (issue 17).
 */
const PROBE_BYTES = 16 * 1024;

/** Thrown inside the probe's transaction to roll it back: the probe leaves nothing behind. */
class ProbeRolledBack extends Error {}

/**
 * A read and a write, as a request makes them: a row read from a table, then a row stored in a transaction that is
 * rolled back. A database that answers `select 1` may still refuse to read its file (SQLITE_IOERR, a corrupt file)
 * or to write (a read-only file or server, an account allowed to read only, a full disk); each is told apart by the
 * error it gives. Rejects only with errors that say nothing about the database (the caller's timeout aside).
 */
export async function probeDatabase(db: Kysely<Database>, now: number): Promise<DatabaseHealth> {
  try {
    await db.selectFrom('users').select('id').limit(1).execute();
  } catch (error) {
    if (databaseFailureOf(error)) return 'down';
    throw error;
  }
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('idempotency_keys')
        .values({
          scope: 'health-probe',
          idempotency_key: randomUUID(),
          status: 0,
          answer: 'x'.repeat(PROBE_BYTES),
          created_at: now,
        })
        .execute();
      throw new ProbeRolledBack();
    });
  } catch (error) {
    if (error instanceof ProbeRolledBack) return 'up';
    const failure = databaseFailureOf(error);
    if (failure) return failure;
    throw error;
  }
  return 'up';
}
