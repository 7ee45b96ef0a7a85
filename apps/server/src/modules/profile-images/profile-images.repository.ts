import type { Kysely, Transaction } from 'kysely';
import { DEFAULT_AVATAR } from '@agency/shared';
import type { Database } from '../../lib/database-schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Every stored image is the server's own re-encoding, so its type is known; the column spares the route a guess. */
const STORED_CONTENT_TYPE = 'image/webp';

export interface StoredProfileImage {
  content: Buffer;
  contentType: string;
  createdAt: number;
}

export async function insertProfileImage(
  db: Db,
  image: { name: string; userId: number; content: Buffer; createdAt: number },
): Promise<void> {
  await db
    .insertInto('profile_images')
    .values({
      name: image.name,
      user_id: image.userId,
      content: image.content,
      content_type: STORED_CONTENT_TYPE,
      created_at: image.createdAt,
    })
    .execute();
}

export async function findProfileImage(db: Db, name: string): Promise<StoredProfileImage | undefined> {
  const row = await db
    .selectFrom('profile_images')
    .select(['content', 'content_type', 'created_at'])
    .where('name', '=', name)
    .executeTakeFirst();
  return row && { content: row.content, contentType: row.content_type, createdAt: row.created_at };
}

/** Accounts whose image name has no row: those registered before the images moved into the database. */
export async function listProfileImagesMissingFromDatabase(
  db: Db,
): Promise<Array<{ name: string; userId: number; createdAt: number }>> {
  const rows = await db
    .selectFrom('users')
    .leftJoin('profile_images', 'profile_images.name', 'users.profile_image')
    .select(['users.id', 'users.profile_image', 'users.created_at'])
    .where('users.profile_image', '!=', DEFAULT_AVATAR)
    .where('profile_images.name', 'is', null)
    .orderBy('users.id')
    .execute();
  return rows.map((row) => ({ name: row.profile_image, userId: row.id, createdAt: row.created_at }));
}

/** A person's earlier pictures, once a new one replaces them (issue 23): nobody is shown by them any more. */
export async function deleteProfileImagesOf(db: Db, userId: number, keptName: string): Promise<void> {
  await db.deleteFrom('profile_images').where('user_id', '=', userId).where('name', '!=', keptName).execute();
}
