import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, EmailTokenPurpose, EmailTokensTable } from '../../lib/database-schema';

type Db = Kysely<Database> | Transaction<Database>;
export type EmailToken = Selectable<EmailTokensTable>;

export async function insertEmailToken(
  db: Db,
  token: { userId: number; purpose: EmailTokenPurpose; hash: string; expiresAt: number; createdAt: number },
): Promise<number> {
  const result = await db
    .insertInto('email_tokens')
    .values({
      user_id: token.userId,
      purpose: token.purpose,
      token_hash: token.hash,
      expires_at: token.expiresAt,
      used_at: null,
      created_at: token.createdAt,
    })
    .executeTakeFirstOrThrow();
  return Number(result.insertId);
}

export async function findUsableToken(
  db: Db,
  hash: string,
  purpose: EmailTokenPurpose,
  now: number,
): Promise<EmailToken | undefined> {
  return db
    .selectFrom('email_tokens')
    .selectAll()
    .where('token_hash', '=', hash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Spends a token; false when another request spent it first (single use under concurrency). */
export async function spendToken(db: Db, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A new reset link voids the older ones; a changed password voids them all. */
export async function voidTokens(
  db: Db,
  userId: number,
  purpose: EmailTokenPurpose,
  now: number,
  exceptId?: number,
): Promise<void> {
  await db
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .$if(exceptId !== undefined, (query) => query.where('id', '!=', exceptId ?? 0))
    .execute();
}

/** A token by its hash whatever became of it: spent, voided, expired or still usable. */
export async function findToken(db: Db, hash: string, purpose: EmailTokenPurpose): Promise<EmailToken | undefined> {
  return db
    .selectFrom('email_tokens')
    .selectAll()
    .where('token_hash', '=', hash)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}
