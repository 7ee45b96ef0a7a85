import { sql, type Kysely, type Migration } from 'kysely';
import { phoneSearchKey } from '@agency/shared';
import { createTable } from './table-options';

/** The enquiry tables as they were when this migration was written. */
const ENQUIRY_TABLES = ['web_dev_messages', 'creative_design_messages', 'contact_messages', 'request_quote_messages'];

/** Rows read and rewritten at a time while the phone search keys are filled in. */
const BACKFILL_BATCH = 500;

/**
 * The staff inbox (issue 11, docs/decisions/0021): where each enquiry is (inbox, trash, spam), its follow-up status,
 * who has it, when it went to the trash and the digits its phone is searched by; who has read what; internal notes;
 * the history of every change. Enquiries stored before this land in the inbox, or in spam when the defence caught
 * them, as new.
 */
export const inbox: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of ENQUIRY_TABLES) {
      await db.schema
        .alterTable(table)
        .addColumn('folder', 'varchar(8)', (col) => col.notNull().defaultTo('inbox'))
        .execute();
      await db.schema
        .alterTable(table)
        .addColumn('status', 'varchar(12)', (col) => col.notNull().defaultTo('new'))
        .execute();
      await db.schema.alterTable(table).addColumn('assignee_id', 'integer').execute();
      await db.schema.alterTable(table).addColumn('trashed_at', 'bigint').execute();
      await db.schema
        .alterTable(table)
        .addColumn('phone_key', 'varchar(20)', (col) => col.notNull().defaultTo(''))
        .execute();

      await sql`update ${sql.table(table)} set folder = 'spam' where spam_reason is not null`.execute(db);
      await backfillPhoneKeys(db, table);

      // The list's first page and every page after it (newest first, keyset on created_at and id), with and without
      // a status filter, are read from these in order: no sort of the whole folder (checked with EXPLAIN in tests).
      await db.schema
        .createIndex(`${table}_folder_created`)
        .on(table)
        .columns(['folder', 'created_at', 'id'])
        .execute();
      await db.schema
        .createIndex(`${table}_folder_status_created`)
        .on(table)
        .columns(['folder', 'status', 'created_at', 'id'])
        .execute();
      await db.schema.createIndex(`${table}_phone_key`).on(table).column('phone_key').execute();
      // The purge finds what has been in the trash too long.
      await db.schema.createIndex(`${table}_folder_trashed`).on(table).columns(['folder', 'trashed_at']).execute();
    }

    await createTable(db, 'enquiry_reads')
      .addColumn('kind', 'varchar(20)', (col) => col.notNull())
      .addColumn('enquiry_id', 'integer', (col) => col.notNull())
      .addColumn('user_id', 'integer', (col) => col.notNull())
      .addColumn('read_at', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('enquiry_reads_pk', ['kind', 'enquiry_id', 'user_id'])
      .execute();

    await createTable(db, 'enquiry_notes')
      .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
      .addColumn('kind', 'varchar(20)', (col) => col.notNull())
      .addColumn('enquiry_id', 'integer', (col) => col.notNull())
      // No foreign key: a note outlives its author's account ("A former colleague").
      .addColumn('author_id', 'integer')
      .addColumn('body', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('enquiry_notes_enquiry')
      .on('enquiry_notes')
      .columns(['kind', 'enquiry_id', 'created_at'])
      .execute();

    await createTable(db, 'enquiry_events')
      .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
      .addColumn('kind', 'varchar(20)', (col) => col.notNull())
      .addColumn('enquiry_id', 'integer', (col) => col.notNull())
      .addColumn('actor_id', 'integer')
      .addColumn('action', 'varchar(20)', (col) => col.notNull())
      .addColumn('from_value', 'varchar(100)')
      .addColumn('to_value', 'varchar(100)')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('enquiry_events_enquiry')
      .on('enquiry_events')
      .columns(['kind', 'enquiry_id', 'created_at'])
      .execute();
  },
};

/** Fills phone_key of the rows stored before it existed, a batch at a time so a large table is never read at once. */
async function backfillPhoneKeys(db: Kysely<unknown>, table: string): Promise<void> {
  let lastId = 0;
  for (;;) {
    const batch = await sql<{ id: number; phone: string | null }>`
      select id, phone from ${sql.table(table)} where id > ${lastId} order by id limit ${BACKFILL_BATCH}
    `.execute(db);
    if (batch.rows.length === 0) return;
    for (const row of batch.rows) {
      const key = phoneSearchKey(row.phone ?? '');
      if (key !== '') await sql`update ${sql.table(table)} set phone_key = ${key} where id = ${row.id}`.execute(db);
    }
    lastId = Number(batch.rows[batch.rows.length - 1]?.id);
  }
}
