import { sql, type Kysely, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import type { Database, EpochMs, MailPurpose, OutboxStatus } from '../../lib/database-schema';
import { subjectKeyOf } from '../../lib/rate-limiter';
import { likePattern } from '../../lib/sql-like';

export type Db = Kysely<Database> | Transaction<Database>;

/** A person as the enquiry tables find them: an e-mail address in lower case, phoneSearchKey's digits, or both. */
export interface PersonKey {
  email?: string;
  phoneKey?: string;
}

/** References compared per query, so a person with many enquiries never makes one enormous statement. */
const REFERENCES_PER_QUERY = 50;

/**
 * Every stored enquiry of every kind, in any folder, whose e-mail address (in any case) or phone digits are the
 * person's, oldest first. An owner asks this rarely, so it reads the table through rather than keeping an index on
 * lower(email) that every submission would pay for.
 */
export async function listEnquiriesOf(db: Db, person: PersonKey) {
  const matches: Array<RawBuilder<SqlBool>> = [];
  if (person.email !== undefined) matches.push(sql<SqlBool>`lower(${sql.ref('email')}) = ${person.email}`);
  // An empty key would match every enquiry whose phone has no digits; the query schema asks for 6 digits or more.
  if (person.phoneKey) matches.push(sql<SqlBool>`${sql.ref('phone_key')} = ${person.phoneKey}`);
  if (matches.length === 0) return [];
  return db
    .selectFrom('enquiries')
    .selectAll()
    .where(sql<SqlBool>`${sql.join(matches, sql` or `)}`)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export interface PersonNoteRow {
  id: number;
  enquiry_id: number;
  body: string;
  /** The author's address, or null when the account is gone. */
  author_email: string | null;
  created_at: EpochMs;
}

export interface PersonMailRow {
  id: number;
  message_id: string;
  purpose: MailPurpose;
  recipient: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  status: OutboxStatus;
  created_at: EpochMs;
  enquiry_id: number | null;
}

/**
 * The mail records about a person, whatever their status: those about one of their enquiries, those to or
 * answerable to their address, and those whose subject or text names one of their references (mails written before
 * they pointed at their enquiry). A reference found inside a longer one is left to the caller to reject.
 */
export async function listMailsAbout(
  db: Db,
  email: string | undefined,
  references: string[],
  enquiryIds: number[],
): Promise<PersonMailRow[]> {
  const found = new Map<number, PersonMailRow>();
  const select = async (where: RawBuilder<SqlBool>) => {
    const result = await sql<Record<string, unknown>>`
      select id, message_id, purpose, recipient, reply_to, subject, text_body, status, created_at, enquiry_id
      from outbox where ${where}
    `.execute(db);
    for (const row of result.rows) {
      found.set(Number(row.id), {
        id: Number(row.id),
        message_id: String(row.message_id),
        purpose: row.purpose as MailPurpose,
        recipient: String(row.recipient),
        reply_to: row.reply_to === null ? null : String(row.reply_to),
        subject: String(row.subject),
        text_body: String(row.text_body),
        status: row.status as OutboxStatus,
        created_at: Number(row.created_at),
        enquiry_id: row.enquiry_id === null ? null : Number(row.enquiry_id),
      });
    }
  };
  for (let start = 0; start < enquiryIds.length; start += REFERENCES_PER_QUERY) {
    const ids = enquiryIds.slice(start, start + REFERENCES_PER_QUERY);
    await select(sql<SqlBool>`enquiry_id in (${sql.join(ids)})`);
  }
  if (email !== undefined) {
    await select(sql<SqlBool>`lower(recipient) = ${email} or lower(reply_to) = ${email}`);
  }
  for (let start = 0; start < references.length; start += REFERENCES_PER_QUERY) {
    const clauses = references.slice(start, start + REFERENCES_PER_QUERY).flatMap((reference) => {
      const pattern = likePattern(reference);
      return [sql<SqlBool>`subject like ${pattern} escape '!'`, sql<SqlBool>`text_body like ${pattern} escape '!'`];
    });
    await select(sql<SqlBool>`${sql.join(clauses, sql` or `)}`);
  }
  return [...found.values()].sort((a, b) => a.created_at - b.created_at || a.id - b.id);
}

/**
 * The abuse limits' counters of the person's address (their auto-replies, a reset mail): the rate_limits key ends
 * with the address's hash (lib/rate-limiter.ts), which would still single them out. They go with the person.
 */
export async function deleteRateLimitsOf(db: Db, email: string): Promise<void> {
  await db
    .deleteFrom('rate_limits')
    .where(sql<SqlBool>`${sql.ref('key')} like ${`%:${subjectKeyOf(email)}`}`)
    .execute();
}

/**
 * Every address and phone key the stored records hold, as the search compares them (lower-case addresses, phone
 * keys): the candidates a restore hashes to find an erased person again (docs/decisions/0049).
 */
export async function listPersonKeys(db: Db): Promise<{ emails: Set<string>; phoneKeys: Set<string> }> {
  const emails = new Set<string>();
  const phoneKeys = new Set<string>();
  const enquiries = await db.selectFrom('enquiries').select(['email', 'phone_key']).distinct().execute();
  for (const row of enquiries) {
    if (row.email) emails.add(row.email.toLowerCase());
    if (row.phone_key) phoneKeys.add(row.phone_key);
  }
  const mails = await db.selectFrom('outbox').select(['recipient', 'reply_to']).distinct().execute();
  for (const row of mails) {
    emails.add(row.recipient.toLowerCase());
    if (row.reply_to) emails.add(row.reply_to.toLowerCase());
  }
  const received = await db
    .selectFrom('enquiry_mails')
    .select('from_address')
    .where('enquiry_id', 'is', null)
    .distinct()
    .execute();
  for (const row of received) emails.add(row.from_address.trim().toLowerCase());
  return { emails, phoneKeys };
}
