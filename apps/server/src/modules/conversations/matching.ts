import { ENQUIRY_STATUSES, type EnquiryStatus } from '@agency/shared';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, EpochMs, MailMatchRule } from '../../lib/database-schema';
import type { ParsedInboundMail } from './mail-parse';
import { messageKeyOf } from './mail-parse';
import { referenceFromPlusAddress } from './plus-address';

type Db = Kysely<Database> | Transaction<Database>;

/** How far back the sender rule looks for the sender's open enquiry. */
export const SENDER_MATCH_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/** The statuses a follow-up ends in: won, lost, enrolled, declined. A reply never lands on one by its sender alone. */
const FINISHED: readonly EnquiryStatus[] = ['won', 'lost', 'enrolled', 'declined'];
/** Where the sender rule looks: every status but the finished ones. */
const OPEN_STATUSES = ENQUIRY_STATUSES.filter((status) => !FINISHED.includes(status));

/** `RD-26-00123` in a subject, however the client rewrote the rest (`Re: Fwd: [RD-26-00123]`, `rd-26-00123`). */
const SUBJECT_REFERENCE = /(?<![A-Za-z0-9])RD-(\d{2})-(\d{5,})(?![0-9])/i;

export interface MailMatch {
  enquiryId: number;
  rule: MailMatchRule;
}

/**
 * The enquiry a received mail belongs to (issue 20 item 3), by the first rule that finds one: its thread (In-Reply-To
 * and References against every stored mail of a conversation and every mail the outbox sent about an enquiry), a
 * reference in its subject, a plus-address token it was sent to, and last its sender's newest open enquiry of the
 * last 30 days. Undefined: Unmatched.
 */
export async function matchMail(
  db: Db,
  mail: Pick<ParsedInboundMail, 'threadIds' | 'subject' | 'recipientAddresses' | 'fromAddress'>,
  now: EpochMs,
): Promise<MailMatch | undefined> {
  const thread = await matchThread(db, mail.threadIds);
  if (thread !== undefined) return { enquiryId: thread, rule: 'thread' };
  const reference = SUBJECT_REFERENCE.exec(mail.subject);
  if (reference) {
    const found = await enquiryByReference(db, `RD-${reference[1]}-${reference[2]}`);
    if (found !== undefined) return { enquiryId: found, rule: 'reference' };
  }
  for (const address of mail.recipientAddresses) {
    const token = referenceFromPlusAddress(address);
    if (!token) continue;
    const found = await enquiryByReference(db, token);
    if (found !== undefined) return { enquiryId: found, rule: 'token' };
  }
  const sender = await openEnquiryOfSender(db, mail.fromAddress, now);
  if (sender !== undefined) return { enquiryId: sender, rule: 'sender' };
  return undefined;
}

/** The enquiry of the nearest id of the thread that is ours: a stored mail (either way) or an outbox row. */
async function matchThread(db: Db, ids: string[]): Promise<number | undefined> {
  if (ids.length === 0) return undefined;
  // A long References chain: its last ids are the nearest; 50 is far more than any conversation here.
  const nearest = ids.slice(0, 50);
  const keys = nearest.map(messageKeyOf);
  const stored = await db
    .selectFrom('enquiry_mails')
    .select(['message_key', 'enquiry_id'])
    .where('message_key', 'in', keys)
    .where('enquiry_id', 'is not', null)
    .execute();
  // The outbox's ids are ours (`<uuid@domain>`), written in lower case; a client may have changed their case.
  const variants = [...new Set(nearest.flatMap((id) => [id, id.toLowerCase()]))];
  const sent = await db
    .selectFrom('outbox')
    .select(['message_id', 'enquiry_id'])
    .where('message_id', 'in', variants)
    .where('enquiry_id', 'is not', null)
    .execute();
  for (const [index, key] of keys.entries()) {
    const mail = stored.find((row) => row.message_key === key);
    if (mail?.enquiry_id != null) return mail.enquiry_id;
    const id = nearest[index]?.toLowerCase();
    const outbox = sent.find((row) => row.message_id.toLowerCase() === id);
    if (outbox?.enquiry_id != null) return outbox.enquiry_id;
  }
  return undefined;
}

async function enquiryByReference(db: Db, reference: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('enquiries')
    .select('id')
    .where('reference', '=', reference.toUpperCase())
    .executeTakeFirst();
  return row?.id;
}

/** The sender's newest enquiry in the inbox (not trash, not spam), still open, created within the window. */
async function openEnquiryOfSender(db: Db, fromAddress: string, now: EpochMs): Promise<number | undefined> {
  const address = fromAddress.trim().toLowerCase();
  if (!address.includes('@')) return undefined;
  const row = await db
    .selectFrom('enquiries')
    .select('id')
    .where('folder', '=', 'inbox')
    .where('created_at', '>=', now - SENDER_MATCH_WINDOW_MS)
    .where('status', 'in', OPEN_STATUSES)
    .where(sql<string>`lower(email)`, '=', address)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}
