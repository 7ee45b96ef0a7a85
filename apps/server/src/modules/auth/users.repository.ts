import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, UsersTable } from '../../lib/database-schema';
import { isUniqueViolation } from '../../lib/db-errors';

export type User = Selectable<UsersTable>;
type Db = Kysely<Database> | Transaction<Database>;

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export async function findUserById(db: Db, id: number): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertUser(
  db: Db,
  user: { email: string; passwordHash: string; profileImage: string; createdAt: number },
): Promise<number> {
  const result = await db
    .insertInto('users')
    .values({
      email: user.email.toLowerCase(),
      password_hash: user.passwordHash,
      profile_image: user.profileImage,
      is_staff: 0,
      confirmed_at: null,
      created_at: user.createdAt,
    })
    .executeTakeFirstOrThrow();
  return Number(result.insertId);
}

/**
 * Claims the installation for the very first account ever created on this database, with or without an allowlist
 * (docs/decisions/0004). The single installation row's primary key makes the claim atomic: of any number of
 * concurrent registrations exactly one insert succeeds, and the row stays when that account is deleted, so the
 * first-account rule never reopens. `grantStaff` is false when an allowlist decides who the staff are; when it is
 * true the account is the installation's owner (docs/decisions/0022). is_staff is still written for older readers.
 */
export async function claimFirstAccount(db: Db, userId: number, now: number, grantStaff: boolean): Promise<boolean> {
  try {
    await db.insertInto('installation').values({ id: 1, first_user_id: userId, claimed_at: now }).execute();
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
  if (grantStaff) await db.updateTable('users').set({ is_staff: 1, role: 'owner' }).where('id', '=', userId).execute();
  return true;
}

export async function deleteUser(db: Db, id: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

/** True when this call confirmed the address (false when it was confirmed already). */
export async function markEmailConfirmed(db: Db, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ confirmed_at: now })
    .where('id', '=', id)
    .where('confirmed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The owners' addresses: who hears that someone waits for approval. */
export async function listOwnerEmails(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('users').select('email').where('role', '=', 'owner').orderBy('id').execute();
  return rows.map((row) => row.email);
}

export async function updatePasswordHash(db: Db, id: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
}

/** Confirmed accounts, for the staff rule to filter (a handful of rows at an agency). */
export async function listConfirmedUsers(db: Db): Promise<User[]> {
  return db.selectFrom('users').selectAll().where('confirmed_at', 'is not', null).orderBy('id').execute();
}

/**
 * A pre-approved (allowlisted) account becomes the owner when the installation has none yet: the first staff account
 * is the owner whichever way it became staff. One statement, so of two such accounts at once at most one wins on
 * SQLite; on MySQL both may, which leaves two owners and nobody locked out. The derived table is MySQL's way of
 * reading the table an update changes.
 */
export async function makeOwnerIfNone(db: Db, userId: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ role: 'owner', is_staff: 1 })
    .where('id', '=', userId)
    .where('role', '=', 'pending')
    .where(sql<boolean>`not exists (select 1 from (select id from users where role = 'owner') as owners)`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The name the person goes by (issue 23); null clears it. */
export async function updateDisplayName(db: Db, id: number, displayName: string | null): Promise<void> {
  await db.updateTable('users').set({ display_name: displayName }).where('id', '=', id).execute();
}

export async function updateProfileImageName(db: Db, id: number, profileImage: string): Promise<void> {
  await db.updateTable('users').set({ profile_image: profileImage }).where('id', '=', id).execute();
}
