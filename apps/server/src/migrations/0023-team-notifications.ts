import type { Kysely, Migration } from 'kysely';
import { createTable } from './table-options';

/**
 * Issue 23 item 4 (docs/decisions/0046): each person's choice of a mail when an enquiry is assigned to them (on for
 * everyone, existing accounts included), and who has an enquiry open or is writing a reply on it. The column is added
 * only when missing, so an interrupted run on MariaDB (which commits each DDL statement) resumes.
 */
export const teamNotifications: Migration = {
  async up(db: Kysely<unknown>) {
    const userColumns = new Set(
      (await db.introspection.getTables())
        .find((table) => table.name === 'users')
        ?.columns.map((column) => column.name) ?? [],
    );
    if (!userColumns.has('assignment_mail_enabled')) {
      await db.schema
        .alterTable('users')
        .addColumn('assignment_mail_enabled', 'integer', (col) => col.notNull().defaultTo(1))
        .execute();
    }

    // One row per person per enquiry, kept alive by the enquiry view's heartbeats; a row past expires_at is gone.
    await createTable(db, 'enquiry_presence')
      .ifNotExists()
      .addColumn('enquiry_id', 'integer', (col) => col.notNull())
      .addColumn('user_id', 'integer', (col) => col.notNull())
      .addColumn('activity', 'varchar(16)', (col) => col.notNull())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('enquiry_presence_pk', ['enquiry_id', 'user_id'])
      .addForeignKeyConstraint('enquiry_presence_enquiry', ['enquiry_id'], 'enquiries', ['id'], (fk) =>
        fk.onDelete('cascade'),
      )
      .addForeignKeyConstraint('enquiry_presence_user', ['user_id'], 'users', ['id'], (fk) => fk.onDelete('cascade'))
      .execute();
    await db.schema
      .createIndex('enquiry_presence_expires_at')
      .ifNotExists()
      .on('enquiry_presence')
      .column('expires_at')
      .execute();
  },
};
