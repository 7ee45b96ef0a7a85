import { sql, type Kysely, type Migration } from 'kysely';
import { createTable, onMysql } from './table-options';

/**
 * Profile images live in the database (docs/decisions/0015), so every server instance on one database serves every
 * image, and an image is written in the same transaction as its account.
 */
export const profileImagesInDatabase: Migration = {
  async up(db: Kysely<unknown>) {
    // A photo re-encoded to 256 px WebP is a few KB, but 256 px of noise measured 45 KB, near MySQL's 64 KB `blob`.
    const content = onMysql(db) ? sql`mediumblob` : sql`blob`;
    const builder = createTable(db, 'profile_images')
      .addColumn('name', 'varchar(100)', (col) => col.primaryKey())
      // Deleting an account, by the app or by hand, takes its image with it.
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('content', content, (col) => col.notNull())
      .addColumn('content_type', 'varchar(100)', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull());
    await builder.execute();
    await db.schema.createIndex('profile_images_user').on('profile_images').column('user_id').execute();
  },
};
