import type { Kysely } from 'kysely';
import type { Database, EpochMs } from '../../lib/database-schema';

export interface StoredFormOutcome {
  kind: string;
  state: string;
}

export async function insertFormOutcome(
  db: Kysely<Database>,
  row: { id: string; browser: string; kind: string; state: string; createdAt: EpochMs; expiresAt: EpochMs },
): Promise<void> {
  await db
    .insertInto('form_outcomes')
    .values({
      id: row.id,
      browser: row.browser,
      kind: row.kind,
      state: row.state,
      created_at: row.createdAt,
      expires_at: row.expiresAt,
    })
    .execute();
}

/** The outcome of that id for that browser, while it has not expired. */
export async function findFormOutcome(
  db: Kysely<Database>,
  id: string,
  browser: string,
  now: EpochMs,
): Promise<StoredFormOutcome | undefined> {
  return db
    .selectFrom('form_outcomes')
    .select(['kind', 'state'])
    .where('id', '=', id)
    .where('browser', '=', browser)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Deletes up to `limit` expired outcomes (the expires_at index); returns how many. */
export async function deleteExpiredFormOutcomes(db: Kysely<Database>, now: EpochMs, limit: number): Promise<number> {
  const expired = await db
    .selectFrom('form_outcomes')
    .select('id')
    .where('expires_at', '<=', now)
    .limit(limit)
    .execute();
  if (expired.length === 0) return 0;
  await db
    .deleteFrom('form_outcomes')
    .where(
      'id',
      'in',
      expired.map((row) => row.id),
    )
    .execute();
  return expired.length;
}
