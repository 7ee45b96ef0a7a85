import type { Kysely, Transaction } from 'kysely';
import type { MessageKind, PresenceActivity } from '@agency/shared';
import type { Database, EpochMs } from '../../lib/database-schema';
import type { DialectName } from '../../lib/db';

type Db = Kysely<Database> | Transaction<Database>;

/** The enquiry's id from its kind and the id in its address (its own, or the one it had before 0010), as the inbox reads it. */
export async function findEnquiryId(db: Db, kind: MessageKind, id: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('enquiries')
    .select('id')
    .where('kind', '=', kind)
    .where((eb) => eb.or([eb('id', '=', id), eb('legacy_id', '=', id)]))
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.id);
}

/** Writes or renews one person's presence on one enquiry: one row per pair, whichever instance writes it. */
export async function upsertPresence(
  db: Db,
  dialect: DialectName,
  row: { enquiryId: number; userId: number; activity: PresenceActivity; expiresAt: EpochMs },
): Promise<void> {
  const changes = { activity: row.activity, expires_at: row.expiresAt };
  const insert = db
    .insertInto('enquiry_presence')
    .values({ enquiry_id: row.enquiryId, user_id: row.userId, ...changes });
  await (
    dialect === 'mysql'
      ? insert.onDuplicateKeyUpdate(changes)
      : insert.onConflict((conflict) => conflict.columns(['enquiry_id', 'user_id']).doUpdateSet(changes))
  ).execute();
}

export async function deletePresence(db: Db, enquiryId: number, userId: number): Promise<void> {
  await db.deleteFrom('enquiry_presence').where('enquiry_id', '=', enquiryId).where('user_id', '=', userId).execute();
}

/** Rows past their time: nobody reads them again, so any heartbeat clears them (by the expires_at index). */
export async function deleteExpiredPresence(db: Db, now: EpochMs): Promise<void> {
  await db.deleteFrom('enquiry_presence').where('expires_at', '<=', now).execute();
}

export interface PresenceRow {
  user_id: number;
  activity: PresenceActivity;
  email: string;
  display_name: string | null;
}

/** The people on an enquiry whose presence has not expired, but one. */
export async function listPresence(
  db: Db,
  enquiryId: number,
  options: { now: EpochMs; except: number },
): Promise<PresenceRow[]> {
  const rows = await db
    .selectFrom('enquiry_presence')
    .innerJoin('users', 'users.id', 'enquiry_presence.user_id')
    .select(['enquiry_presence.user_id', 'enquiry_presence.activity', 'users.email', 'users.display_name'])
    .where('enquiry_presence.enquiry_id', '=', enquiryId)
    .where('enquiry_presence.expires_at', '>', options.now)
    .where('enquiry_presence.user_id', '<>', options.except)
    .execute();
  return rows.map((row) => ({ ...row, user_id: Number(row.user_id) }));
}
