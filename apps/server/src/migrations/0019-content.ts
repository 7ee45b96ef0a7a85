import { sql, type Kysely, type Migration } from 'kysely';
import { createTable, onMysql } from './table-options';

/**
 * Issue 22 (docs/decisions/0043): the site's content in the database, edited by staff. Each item (a case study, blog
 * post, testimonial or training page) has a draft and numbered versions; the published version is the one the public
 * pages show. Images are stored with their responsive variants, so every instance on one database serves them.
 * `site_state.revision` goes up in the same transaction as every change to what is published: each instance renders
 * the public pages again when it sees a new revision. Every table is created only when missing, so a start broken
 * off on MariaDB (which commits each DDL statement) is finished by the next.
 */
export const content: Migration = {
  async up(db: Kysely<unknown>) {
    const mysql = onMysql(db);
    const longText = mysql ? sql`mediumtext` : sql`text`;
    const longBlob = mysql ? sql`longblob` : sql`blob`;
    const tables = new Set((await db.introspection.getTables()).map((table) => table.name));
    const userColumns = new Set(
      (await db.introspection.getTables()).find((table) => table.name === 'users')?.columns.map((c) => c.name) ?? [],
    );

    // Owners name editors; an editor reaches the Content area (owners always do).
    if (!userColumns.has('content_editor')) {
      await db.schema
        .alterTable('users')
        .addColumn('content_editor', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
    }

    if (!tables.has('content_items')) {
      await createTable(db, 'content_items')
        .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
        .addColumn('type', 'varchar(16)', (col) => col.notNull())
        .addColumn('slug', 'varchar(120)', (col) => col.notNull())
        // The draft: the type's fields as JSON (the type's schema in @agency/shared decides what is valid).
        .addColumn('draft', longText, (col) => col.notNull())
        .addColumn('draft_updated_at', 'bigint', (col) => col.notNull())
        .addColumn('draft_updated_by', 'integer')
        // The version the public pages show; null: not published.
        .addColumn('published_version', 'integer')
        .addColumn('published_at', 'bigint')
        // A version to publish at a time (on the injected clock); the first instance to move it publishes it.
        .addColumn('scheduled_version', 'integer')
        .addColumn('publish_at', 'bigint')
        // The order in lists and carousels (lower first).
        .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('created_by', 'integer')
        .addColumn('deleted_at', 'bigint')
        .addUniqueConstraint('content_items_type_slug', ['type', 'slug'])
        .execute();
      await db.schema.createIndex('content_items_publish_at').on('content_items').column('publish_at').execute();
    }

    if (!tables.has('content_versions')) {
      await createTable(db, 'content_versions')
        .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
        .addColumn('item_id', 'integer', (col) => col.notNull().references('content_items.id').onDelete('cascade'))
        .addColumn('version', 'integer', (col) => col.notNull())
        .addColumn('data', longText, (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('created_by', 'integer')
        .addUniqueConstraint('content_versions_item_version', ['item_id', 'version'])
        .execute();
    }

    if (!tables.has('content_images')) {
      await createTable(db, 'content_images')
        // A hash of the uploaded bytes: the same file uploaded twice is one image.
        .addColumn('id', 'varchar(32)', (col) => col.primaryKey())
        .addColumn('width', 'integer', (col) => col.notNull())
        .addColumn('height', 'integer', (col) => col.notNull())
        // The focal point for crops, in thousandths of the width and height from the top left (500/500: centre).
        .addColumn('focal_x', 'integer', (col) => col.notNull().defaultTo(500))
        .addColumn('focal_y', 'integer', (col) => col.notNull().defaultTo(500))
        .addColumn('original_type', 'varchar(32)', (col) => col.notNull())
        .addColumn('original', longBlob, (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('created_by', 'integer')
        .execute();
    }

    if (!tables.has('content_image_variants')) {
      await createTable(db, 'content_image_variants')
        .addColumn('image_id', 'varchar(32)', (col) =>
          col.notNull().references('content_images.id').onDelete('cascade'),
        )
        .addColumn('format', 'varchar(8)', (col) => col.notNull())
        .addColumn('width', 'integer', (col) => col.notNull())
        .addColumn('height', 'integer', (col) => col.notNull())
        .addColumn('bytes', longBlob, (col) => col.notNull())
        .addPrimaryKeyConstraint('content_image_variants_pk', ['image_id', 'format', 'width'])
        .execute();
    }

    if (!tables.has('site_state')) {
      await createTable(db, 'site_state')
        .addColumn('id', 'integer', (col) => col.primaryKey())
        .addColumn('revision', 'integer', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      await db
        .insertInto('site_state' as never)
        .values({ id: 1, revision: 0, updated_at: 0 } as never)
        .execute();
    }
  },
};
