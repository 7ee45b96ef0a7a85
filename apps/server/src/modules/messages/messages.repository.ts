import { sql, type InsertResult, type Kysely } from 'kysely';
import {
  ENQUIRY_KINDS,
  listedRowOf,
  storedColumnsOf,
  storedFieldsOf,
  type MessageKind,
  type MessageRowByKind,
  type StoredColumnsByKind,
  type SubmissionByKind,
} from '@agency/shared';
import type { Database, EpochMs } from '../../lib/database-schema';

export interface ListOptions {
  limit?: number;
  offset?: number;
  q?: string;
  /** Also count every matching row (paged lists answer `total`). */
  withTotal?: boolean;
}

type InsertRow<K extends MessageKind> = (
  db: Kysely<Database>,
  row: StoredColumnsByKind[K] & { created_at: EpochMs },
) => Promise<InsertResult>;

// One insert per table, so Kysely checks each row against its own table's columns; reading and deleting use only
// id, created_at and the kind's searched columns, which a query over any of the four tables can name.
const INSERT_ROW: { [K in MessageKind]: InsertRow<K> } = {
  web_dev: (db, row) => db.insertInto(ENQUIRY_KINDS.web_dev.table).values(row).executeTakeFirstOrThrow(),
  creative_design: (db, row) =>
    db.insertInto(ENQUIRY_KINDS.creative_design.table).values(row).executeTakeFirstOrThrow(),
  contact: (db, row) => db.insertInto(ENQUIRY_KINDS.contact.table).values(row).executeTakeFirstOrThrow(),
  request_quote: (db, row) => db.insertInto(ENQUIRY_KINDS.request_quote.table).values(row).executeTakeFirstOrThrow(),
};

export async function insertMessage<K extends MessageKind>(
  db: Kysely<Database>,
  kind: K,
  submission: SubmissionByKind[K],
  createdAt: EpochMs,
): Promise<number> {
  const insertRow: InsertRow<K> = INSERT_ROW[kind];
  const result = await insertRow(db, { ...storedColumnsOf(kind, submission), created_at: createdAt });
  return Number(result.insertId);
}

function likePattern(q: string): string {
  return `%${q.replace(/[!%_]/g, (char) => `!${char}`)}%`;
}

export async function listMessages<K extends MessageKind>(
  db: Kysely<Database>,
  kind: K,
  options: ListOptions = {},
): Promise<{ messages: MessageRowByKind[K][]; total?: number }> {
  const { q } = options;
  const searched = storedFieldsOf(kind).filter((field) => field.searched);
  const base = db
    .selectFrom(ENQUIRY_KINDS[kind].table)
    .$if(Boolean(q), (query) =>
      query.where(({ or }) =>
        or(searched.map(({ column }) => sql<boolean>`${sql.ref(column)} like ${likePattern(q ?? '')} escape '!'`)),
      ),
    );
  let rowsQuery = base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc');
  if (options.limit !== undefined || options.offset !== undefined) {
    // SQL needs a LIMIT before an OFFSET; "no limit" is the largest one both databases take.
    rowsQuery = rowsQuery.limit(options.limit ?? Number.MAX_SAFE_INTEGER).offset(options.offset ?? 0);
  }
  const rows = await rowsQuery.execute();
  const messages = rows.map((row) => listedRowOf(kind, row));
  if (!options.withTotal) return { messages };
  const count = await base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
  return { messages, total: Number(count.total) };
}

export async function deleteMessage(db: Kysely<Database>, kind: MessageKind, id: number): Promise<boolean> {
  const result = await db.deleteFrom(ENQUIRY_KINDS[kind].table).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
