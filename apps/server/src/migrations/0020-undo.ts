import type { Kysely, Migration } from 'kysely';
import { createTable } from './table-options';

/**
 * Issue 23 (docs/decisions/0044): undo of the inbox's moves and bulk status changes. An action that can be undone
 * keeps, for a few seconds, the state before and after of each enquiry it changed (`undo_items`, removed with the
 * enquiry by foreign key, so an erasure or the purge leaves nothing behind); the audit entry of an undone action
 * says when and by whom. Nothing in the rows names a person: folders, statuses and times. Each step is skipped when
 * done already, so a start broken off on MariaDB (which commits each DDL statement) is finished by the next.
 */
export const undo: Migration = {
  async up(db: Kysely<unknown>) {
    const tables = await db.introspection.getTables();
    const names = new Set(tables.map((table) => table.name));
    const auditColumns = new Set(tables.find((table) => table.name === 'audit_log')?.columns.map((c) => c.name));

    if (!auditColumns.has('undone_at')) {
      await db.schema.alterTable('audit_log').addColumn('undone_at', 'bigint').execute();
    }
    if (!auditColumns.has('undone_by')) {
      // The address as it was, as actor_email keeps it: the log outlives the accounts it names.
      await db.schema.alterTable('audit_log').addColumn('undone_by', 'varchar(254)').execute();
    }

    if (!names.has('undo_actions')) {
      await createTable(db, 'undo_actions')
        .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
        .addColumn('token', 'varchar(32)', (col) => col.notNull().unique())
        // Only the account that acted may undo; no foreign key: the row lives seconds.
        .addColumn('actor_id', 'integer', (col) => col.notNull())
        .addColumn('audit_id', 'integer')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .addColumn('undone_at', 'bigint')
        .execute();
      await db.schema.createIndex('undo_actions_expires').on('undo_actions').column('expires_at').execute();
    }

    if (!names.has('undo_items')) {
      await createTable(db, 'undo_items')
        .addColumn('undo_id', 'integer', (col) => col.notNull().references('undo_actions.id').onDelete('cascade'))
        .addColumn('enquiry_id', 'integer', (col) => col.notNull().references('enquiries.id').onDelete('cascade'))
        .addColumn('before_folder', 'varchar(10)', (col) => col.notNull())
        .addColumn('before_status', 'varchar(20)', (col) => col.notNull())
        .addColumn('before_trashed_at', 'bigint')
        .addColumn('after_folder', 'varchar(10)', (col) => col.notNull())
        .addColumn('after_status', 'varchar(20)', (col) => col.notNull())
        .addColumn('after_trashed_at', 'bigint')
        .addPrimaryKeyConstraint('undo_items_pk', ['undo_id', 'enquiry_id'])
        .execute();
      // The foreign key's lookups when an enquiry is deleted (MariaDB makes one itself; SQLite does not).
      await db.schema.createIndex('undo_items_enquiry').on('undo_items').column('enquiry_id').execute();
    }
  },
};
