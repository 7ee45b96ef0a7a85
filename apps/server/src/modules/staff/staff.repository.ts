import type { Kysely, Transaction } from 'kysely';
import type { AccountRole } from '@agency/shared';
import type { Database } from '../../lib/database-schema';
import type { DialectName } from '../../lib/db';

type Db = Kysely<Database> | Transaction<Database>;

export interface AccountRow {
  id: number;
  email: string;
  role: AccountRole;
  confirmed_at: number | null;
  created_at: number;
  content_editor: number;
  display_name: string | null;
}

const ACCOUNT_COLUMNS = [
  'id',
  'email',
  'role',
  'confirmed_at',
  'created_at',
  'content_editor',
  'display_name',
] as const;

const accountOf = (row: AccountRow): AccountRow => ({
  id: Number(row.id),
  email: row.email,
  role: row.role,
  confirmed_at: row.confirmed_at === null ? null : Number(row.confirmed_at),
  created_at: Number(row.created_at),
  content_editor: Number(row.content_editor),
  display_name: row.display_name,
});

/** Every account, newest first: an agency has a handful, so no paging. */
export async function listAccounts(db: Db): Promise<AccountRow[]> {
  const rows = await db.selectFrom('users').select(ACCOUNT_COLUMNS).orderBy('id', 'desc').execute();
  return rows.map(accountOf);
}

export async function findAccount(db: Db, id: number): Promise<AccountRow | undefined> {
  const row = await db.selectFrom('users').select(ACCOUNT_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? accountOf(row) : undefined;
}

/** The account, locked on MySQL until the transaction ends (SQLite runs one writing transaction at a time anyway). */
export async function lockAccount(db: Db, id: number, dialect: DialectName): Promise<AccountRow | undefined> {
  const query = db.selectFrom('users').select(ACCOUNT_COLUMNS).where('id', '=', id);
  const row = await (dialect === 'mysql' ? query.forUpdate() : query).executeTakeFirst();
  return row ? accountOf(row) : undefined;
}

/**
 * Changes the role only while it is still `from`, so of two owners acting on one account at once only the first
 * changes it; false when the role was something else by then. is_staff follows for older readers.
 */
export async function changeRole(db: Db, id: number, from: readonly AccountRole[], to: AccountRole): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ role: to, is_staff: to === 'staff' || to === 'owner' ? 1 : 0 })
    .where('id', '=', id)
    .where('role', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Whether a colleague may edit the site's content (issue 22); owners always may, whatever it says. */
export async function setContentEditor(db: Db, id: number, editor: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ content_editor: editor ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}

/**
 * The owners' ids, locked on MySQL until the transaction ends, so two owners removing each other at the same moment
 * cannot both see the other still there (SQLite runs one writing transaction at a time anyway).
 */
export async function lockOwnerIds(db: Db, dialect: DialectName): Promise<number[]> {
  const query = db.selectFrom('users').select('id').where('role', '=', 'owner');
  const rows = await (dialect === 'mysql' ? query.forUpdate() : query).execute();
  return rows.map((row) => Number(row.id));
}
