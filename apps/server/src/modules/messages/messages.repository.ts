import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type SqlBool } from 'kysely';
import {
  enquiryNameOf,
  enquiryPreviewOf,
  enquirySearchTextOf,
  formatReference,
  KIND_COLUMNS,
  listedRowOf,
  phoneSearchKey,
  searchTextOf,
  storedColumnsOf,
  type FirstTouch,
  type MessageKind,
  type MessageRowByKind,
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
  /** The visitor's first-touch source (docs/decisions/0041); none for older clients and the server's own enquiries. */
  first_touch?: FirstTouch | null;
}

/**
 * Stores an enquiry of any kind in the one enquiries table, with what the inbox lists and searches (its name,
 * preview and search text from the kind's definition), and gives it its reference: the number of its id, so the
 * insert writes a placeholder the same transaction replaces. Returns the id and the reference.
 */
export async function insertEnquiry<K extends MessageKind>(
  db: Kysely<Database>,
  kind: K,
  submission: SubmissionByKind[K],
  meta: Omit<EnquiryMeta, 'reference'>,
  createdAt: EpochMs,
): Promise<{ id: number; reference: string }> {
  const { phone }: { phone: string } = submission;
  const columns: Readonly<Record<string, unknown>> = storedColumnsOf(kind, submission);
  const own = Object.fromEntries(KIND_COLUMNS.map((column) => [column, columns[column] ?? null]));
  const result = await db
    .insertInto('enquiries')
    .values({
      ...own,
      kind,
      // Unique until the update below (17 characters, within the column's 20).
      reference: `#${randomBytes(8).toString('hex')}`,
      name: enquiryNameOf(kind, columns),
      email: String(columns.email),
      phone,
      phone_key: phoneSearchKey(phone),
      preview: enquiryPreviewOf(kind, columns),
      search_text: '',
      // What the spam defence caught waits in the spam folder, out of the lists (issue 10), until the purge.
      folder: meta.spam_reason === null ? 'inbox' : 'spam',
      human_check: meta.human_check,
      spam_reason: meta.spam_reason,
      ...sourceColumnsOf(meta.first_touch ?? null),
      created_at: createdAt,
    })
    .executeTakeFirstOrThrow();
  const id = Number(result.insertId);
  const reference = formatReference(id, new Date(createdAt));
  await db
    .updateTable('enquiries')
    .set({ reference, search_text: enquirySearchTextOf(kind, { ...columns, reference }) })
    .where('id', '=', id)
    .execute();
  return { id, reference };
}

/** A first touch as migration 0017's columns keep it; all null when none was carried ("not recorded"). */
function sourceColumnsOf(touch: FirstTouch | null) {
  return {
    source_class: touch?.sourceClass ?? null,
    source_host: touch?.sourceHost ?? null,
    utm_source: touch?.utmSource ?? null,
    utm_medium: touch?.utmMedium ?? null,
    utm_campaign: touch?.utmCampaign ?? null,
    utm_term: touch?.utmTerm ?? null,
    utm_content: touch?.utmContent ?? null,
  };
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
  const base = db
    .selectFrom('enquiries')
    .where('kind', '=', kind)
    // The spec's lists show the inbox: not the spam the defence caught (issue 10), nor what staff put in the trash.
    .where('folder', '=', 'inbox')
    // The searched fields compared as the inbox compares them, accents and case aside (search_text).
    .$if(Boolean(q), (query) =>
      query.where(sql<SqlBool>`search_text like ${likePattern(searchTextOf(q ?? ''))} escape '!'`),
    );
  let rowsQuery = base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc');
  if (options.limit !== undefined || options.offset !== undefined) {
    // SQL needs a LIMIT before an OFFSET; "no limit" is the largest one both databases take.
    rowsQuery = rowsQuery.limit(options.limit ?? Number.MAX_SAFE_INTEGER).offset(options.offset ?? 0);
  }
  const rows = await rowsQuery.execute();
  // An enquiry from before migration 0010 keeps the id it had in its kind's table, so an old client's list reads as
  // it did and its delete finds the same enquiry (findEnquiry); later ids are past every old one of the kind.
  const messages = rows.map((row) => listedRowOf(kind, { ...row, id: row.legacy_id ?? row.id }) as MessageRowByKind[K]);
  if (!options.withTotal) return { messages };
  const count = await base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
  return { messages, total: Number(count.total) };
}
