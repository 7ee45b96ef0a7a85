import { sql, type Kysely, type Migration } from 'kysely';
import { enquirySearchTextOf, type MessageKind } from '@agency/shared';

/** The enquiry tables as they were when this migration was written, by kind. */
const ENQUIRY_TABLES: Record<MessageKind, string> = {
  web_dev: 'web_dev_messages',
  creative_design: 'creative_design_messages',
  contact: 'contact_messages',
  request_quote: 'request_quote_messages',
};

/** Rows read and rewritten at a time while search_text is filled in. */
const BACKFILL_BATCH = 500;

/**
 * The inbox search's one normalised column (issue 11, docs/decisions/0021): `search_text` holds the name, e-mail,
 * phone as written, message or project description and reference without accents, in lower case
 * (enquirySearchTextOf), so "adewale" finds "Adéwálé" the same way on SQLite and MariaDB. Rows stored before it are
 * filled in here.
 */
export const inboxSearch: Migration = {
  async up(db: Kysely<unknown>) {
    for (const [kind, table] of Object.entries(ENQUIRY_TABLES) as Array<[MessageKind, string]>) {
      // A literal default on a text column is refused by MySQL; an expression in brackets is taken by all three.
      await db.schema
        .alterTable(table)
        .addColumn('search_text', 'text', (col) => col.notNull().defaultTo(sql`('')`))
        .execute();
      await backfillSearchText(db, kind, table);
    }
  },
};

/** Fills search_text of the rows stored before it existed, a batch at a time so a large table is never read at once. */
async function backfillSearchText(db: Kysely<unknown>, kind: MessageKind, table: string): Promise<void> {
  let lastId = 0;
  for (;;) {
    const batch = await sql<Record<string, unknown>>`
      select * from ${sql.table(table)} where id > ${lastId} order by id limit ${BACKFILL_BATCH}
    `.execute(db);
    if (batch.rows.length === 0) return;
    for (const row of batch.rows) {
      const text = enquirySearchTextOf(kind, row);
      await sql`update ${sql.table(table)} set search_text = ${text} where id = ${row.id}`.execute(db);
    }
    lastId = Number(batch.rows[batch.rows.length - 1]?.id);
  }
}
