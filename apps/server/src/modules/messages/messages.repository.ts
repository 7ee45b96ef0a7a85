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
import type { Database, EpochMs, HumanCheckVerdict, SpamReason } from '../../lib/database-schema';

export interface ListOptions {
  limit?: number;
  offset?: number;
  q?: string;
  /** Also count every matching row (paged lists answer `total`). */
  withTotal?: boolean;
}

/** What the server adds to every stored enquiry (issue 10). */
export interface EnquiryMeta {
  reference: string;
  spam_reason: SpamReason | null;
  human_check: HumanCheckVerdict;
}

type InsertRow<K extends MessageKind> = (
  db: Kysely<Database>,
  row: StoredColumnsByKind[K] & EnquiryMeta & { created_at: EpochMs },
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
  meta: EnquiryMeta,
  createdAt: EpochMs,
): Promise<number> {
  const insertRow: InsertRow<K> = INSERT_ROW[kind];
  const result = await insertRow(db, { ...storedColumnsOf(kind, submission), ...meta, created_at: createdAt });
  return Number(result.insertId);
}

/** The next number of the one reference series shared by the four kinds. */
export async function nextEnquiryNumber(db: Kysely<Database>, kind: MessageKind, createdAt: EpochMs): Promise<number> {
  const result = await db
    .insertInto('enquiry_numbers')
    .values({ kind, created_at: createdAt })
    .executeTakeFirstOrThrow();
  return Number(result.insertId);
}

/** Marks a human-check token as used; a second use fails on the primary key (a unique violation). */
export async function spendHumanCheckToken(db: Kysely<Database>, nonce: string, expiresAt: EpochMs): Promise<void> {
  await db.insertInto('human_check_spent').values({ nonce, expires_at: expiresAt }).execute();
}

export interface StoredAnswer {
  status: number;
  answer: string;
}

export async function findIdempotentAnswer(
  db: Kysely<Database>,
  scope: string,
  key: string,
  since: EpochMs,
): Promise<StoredAnswer | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .select(['status', 'answer'])
    .where('scope', '=', scope)
    .where('idempotency_key', '=', key)
    .where('created_at', '>', since)
    .executeTakeFirst();
}

/** Keeps an answer for its key; a concurrent request with the same key fails on the primary key. */
export async function storeIdempotentAnswer(
  db: Kysely<Database>,
  entry: { scope: string; key: string; status: number; answer: string; createdAt: EpochMs; expiredBefore: EpochMs },
): Promise<void> {
  // A key seen more than a day ago is free again.
  await db
    .deleteFrom('idempotency_keys')
    .where('scope', '=', entry.scope)
    .where('idempotency_key', '=', entry.key)
    .where('created_at', '<=', entry.expiredBefore)
    .execute();
  await db
    .insertInto('idempotency_keys')
    .values({
      scope: entry.scope,
      idempotency_key: entry.key,
      status: entry.status,
      answer: entry.answer,
      created_at: entry.createdAt,
    })
    .execute();
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
    // What the spam defence caught is not listed (issue 10); it stays stored with its reason.
    .where('spam_reason', 'is', null)
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
