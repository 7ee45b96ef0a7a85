import { sql, type Kysely, type Migration } from 'kysely';
import { createTable, onMysql } from './table-options';

/**
 * Issue 23 item 2 (docs/decisions/0045): a browser's form post is answered with a redirect to the form's page, whose
 * outcome (the success and its reference, or the messages and what was typed) waits here for the GET, for 30 minutes.
 * Keyed by a hash of the opaque id in the address and bound to a hash of the browser's cookie; the typed values are
 * personal data, so a row is deleted once expired (on the next form post and by the daily purge). Created only when
 * missing, so a start broken off on MariaDB (which commits each DDL statement) is finished by the next.
 */
export const formOutcomes: Migration = {
  async up(db: Kysely<unknown>) {
    const tables = new Set((await db.introspection.getTables()).map((table) => table.name));
    if (tables.has('form_outcomes')) return;
    await createTable(db, 'form_outcomes')
      // SHA-256 (hex) of the outcome id the redirect names, and of the browser's cookie.
      .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
      .addColumn('browser', 'varchar(64)', (col) => col.notNull())
      .addColumn('kind', 'varchar(32)', (col) => col.notNull())
      // The outcome as JSON: values, messages, the form's message, the question's token, the success.
      .addColumn('state', onMysql(db) ? sql`mediumtext` : sql`text`, (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('form_outcomes_expires').on('form_outcomes').column('expires_at').execute();
  },
};
