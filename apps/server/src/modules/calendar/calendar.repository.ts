import type { Kysely, Transaction } from 'kysely';
import type { Database, EpochMs } from '../../lib/database-schema';
import { isUniqueViolation } from '../../lib/db-errors';

type Db = Kysely<Database> | Transaction<Database>;

/** The one row's id. */
const ROW_ID = 1;

/** The stored settings as JSON, or undefined before any owner saved them. */
export async function readSettingsJson(db: Db): Promise<string | undefined> {
  const row = await db.selectFrom('business_calendar').select('settings').where('id', '=', ROW_ID).executeTakeFirst();
  return row?.settings;
}

/** Writes the one row: an update, or the first insert. */
export async function writeSettingsJson(db: Db, settings: string, userId: number | null, at: EpochMs): Promise<void> {
  const updated = await db
    .updateTable('business_calendar')
    .set({ settings, updated_by: userId, updated_at: at })
    .where('id', '=', ROW_ID)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  try {
    await db
      .insertInto('business_calendar')
      .values({ id: ROW_ID, settings, updated_by: userId, updated_at: at })
      .execute();
  } catch (error) {
    // Another owner's first save came in between: theirs is replaced, as any later save replaces an earlier one.
    if (!isUniqueViolation(error)) throw error;
    await db
      .updateTable('business_calendar')
      .set({ settings, updated_by: userId, updated_at: at })
      .where('id', '=', ROW_ID)
      .execute();
  }
}
