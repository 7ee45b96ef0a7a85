import { sql, type Kysely, type Migration } from 'kysely';
import { createTable } from './table-options';
import { formatReference } from '@agency/shared';

/** Each enquiry table and its kind, as the tables were when this migration was written. */
const KIND_OF_TABLE: Record<string, string> = {
  web_dev_messages: 'web_dev',
  creative_design_messages: 'creative_design',
  contact_messages: 'contact',
  request_quote_messages: 'request_quote',
};
const ENQUIRY_TABLES = Object.keys(KIND_OF_TABLE);

/**
 * What issue 10 adds to every enquiry (docs/decisions/0018): a reference in one series across the four kinds, the
 * spam verdict, whether the human check was verified; the spent human-check tokens; the answers to idempotency keys.
 * Enquiries stored before this get their references in the order they arrived.
 */
export const enquiryReferences: Migration = {
  async up(db: Kysely<unknown>) {
    // One row per enquiry of any kind: its id is the number in the reference.
    await createTable(db, 'enquiry_numbers')
      .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
      .addColumn('kind', 'varchar(20)', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();

    for (const table of ENQUIRY_TABLES) {
      await db.schema.alterTable(table).addColumn('reference', 'varchar(20)').execute();
      await db.schema.alterTable(table).addColumn('spam_reason', 'varchar(40)').execute();
      await db.schema
        .alterTable(table)
        .addColumn('human_check', 'varchar(12)', (col) => col.notNull().defaultTo('unverified'))
        .execute();
    }

    const existing = await sql<{ source: string; id: number; created_at: number }>`
      ${sql.join(
        ENQUIRY_TABLES.map((table) => sql`select ${table} as source, id, created_at from ${sql.table(table)}`),
        sql` union all `,
      )}
      order by created_at, source, id
    `.execute(db);
    for (const row of existing.rows) {
      const numbered =
        await sql`insert into enquiry_numbers (kind, created_at) values (${KIND_OF_TABLE[row.source]}, ${row.created_at})`.execute(
          db,
        );
      const number = Number(numbered.insertId);
      const reference = formatReference(number, new Date(Number(row.created_at)));
      await sql`update ${sql.table(row.source)} set reference = ${reference} where id = ${row.id}`.execute(db);
    }

    for (const table of ENQUIRY_TABLES) {
      await db.schema.createIndex(`${table}_reference`).on(table).column('reference').unique().execute();
    }

    await createTable(db, 'human_check_spent')
      // The token's random part; a token is accepted once.
      .addColumn('nonce', 'varchar(32)', (col) => col.primaryKey())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('human_check_spent_expires').on('human_check_spent').column('expires_at').execute();

    const answers = createTable(db, 'idempotency_keys')
      .addColumn('scope', 'varchar(40)', (col) => col.notNull())
      .addColumn('idempotency_key', 'varchar(100)', (col) => col.notNull())
      .addColumn('status', 'integer', (col) => col.notNull())
      .addColumn('answer', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'idempotency_key']);
    await answers.execute();
    await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();
  },
};
