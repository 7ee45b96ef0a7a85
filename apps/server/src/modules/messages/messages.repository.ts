import { sql, type InsertResult, type Kysely } from 'kysely';
import {
  ENQUIRY_KINDS,
  enquirySearchTextOf,
  listedRowOf,
  phoneSearchKey,
  searchTextOf,
  SEARCH_TEXT_COLUMNS,
  storedColumnsOf,
  storedFieldsOf,
  type InboxFolder,
  type MessageKind,
  type MessageRowByKind,
  type StoredColumnsByKind,
  type SubmissionByKind,
} from '@agency/shared';
import type { Database, EpochMs, HumanCheckVerdict, SpamReason } from '../../lib/database-schema';
import { likePattern } from '../../lib/sql-like';

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

/** Where a new enquiry lands in the staff inbox, and what its search compares (issue 11). */
interface InboxColumns {
  folder: InboxFolder;
  phone_key: string;
  search_text: string;
}

type InsertRow<K extends MessageKind> = (
  db: Kysely<Database>,
  row: StoredColumnsByKind[K] & EnquiryMeta & InboxColumns & { created_at: EpochMs },
) => Promise<InsertResult>;

// One insert per table, so Kysely checks each row against its own table's columns; reading uses only id, created_at,
// folder and the kind's searched columns, which a query over any of the four tables can name.
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
  const { phone }: { phone: string } = submission;
  const columns = storedColumnsOf(kind, submission);
  const result = await insertRow(db, {
    ...columns,
    ...meta,
    // What the spam defence caught waits in the spam folder, out of the lists (issue 10), until the purge.
    folder: meta.spam_reason === null ? 'inbox' : 'spam',
    phone_key: phoneSearchKey(phone),
    search_text: enquirySearchTextOf(kind, { ...columns, reference: meta.reference }),
    created_at: createdAt,
  });
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

export async function listMessages<K extends MessageKind>(
  db: Kysely<Database>,
  kind: K,
  options: ListOptions = {},
): Promise<{ messages: MessageRowByKind[K][]; total?: number }> {
  const { q } = options;
  // The searched columns search_text holds are compared as the inbox compares them, accents and case aside; the
  // others (state, location) as they are stored.
  const inSearchText: readonly string[] = Object.values(SEARCH_TEXT_COLUMNS[kind]).flat();
  const searchedApart = storedFieldsOf(kind).filter((field) => field.searched && !inSearchText.includes(field.column));
  const like = (column: string, text: string) => sql<boolean>`${sql.ref(column)} like ${likePattern(text)} escape '!'`;
  const base = db
    .selectFrom(ENQUIRY_KINDS[kind].table)
    // The spec's lists show the inbox: not the spam the defence caught (issue 10), nor what staff put in the trash.
    .where('folder', '=', 'inbox')
    .$if(Boolean(q), (query) =>
      query.where(({ or }) =>
        or([like('search_text', searchTextOf(q ?? '')), ...searchedApart.map(({ column }) => like(column, q ?? ''))]),
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
