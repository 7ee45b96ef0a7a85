import { sql, type Kysely, type Migration } from 'kysely';
import { createTable, onMysql } from './table-options';

/**
 * The durable mail outbox (docs/decisions/0013): every mail is a row written in the transaction of the change
 * that causes it, and a sender in each server process delivers due rows, claiming them with a lease.
 */
export const mailOutbox: Migration = {
  async up(db: Kysely<unknown>) {
    // A message may hold 5,000 characters of the visitor's text, escaped in HTML: more than MySQL's 64 KB `text`.
    const body = onMysql(db) ? sql`mediumtext` : sql`text`;
    const builder = createTable(db, 'outbox')
      .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
      .addColumn('message_id', 'varchar(200)', (col) => col.notNull().unique())
      .addColumn('purpose', 'varchar(32)', (col) => col.notNull())
      .addColumn('recipient', 'varchar(254)', (col) => col.notNull())
      .addColumn('reply_to', 'varchar(254)')
      .addColumn('subject', 'varchar(500)', (col) => col.notNull())
      .addColumn('text_body', body, (col) => col.notNull())
      .addColumn('html_body', body, (col) => col.notNull())
      .addColumn('holds_secret', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('status', 'varchar(16)', (col) => col.notNull())
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint', (col) => col.notNull())
      .addColumn('lease_owner', 'varchar(64)')
      .addColumn('lease_until', 'bigint')
      .addColumn('last_error', 'varchar(500)')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('sent_at', 'bigint');
    await builder.execute();
    await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_at', 'id']).execute();
    await db.schema.createIndex('outbox_lease').on('outbox').columns(['lease_owner']).execute();
  },
};
