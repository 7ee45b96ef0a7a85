import type { Kysely, Transaction } from 'kysely';
import type { AccountRole, EnquiryStatus, MessageKind, SourceClass } from '@agency/shared';
import type { Database, EpochMs } from '../../lib/database-schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Statuses whose follow-up is still going on: a won, lost, enrolled or declined enquiry waits for nobody. */
const FOLLOWED_UP: readonly EnquiryStatus[] = ['new', 'contacted'];
/** Statuses that count as won in the owners' figures: a lead won, a trainee enrolled. */
const WON: readonly EnquiryStatus[] = ['won', 'enrolled'];

export interface DigestRecipientRow {
  id: number;
  email: string;
  role: AccountRole;
  confirmed_at: EpochMs | null;
}

/** Confirmed accounts with the digest on that have no digest for the day yet; the staff rule filters them after. */
export async function listRecipientsWithoutDigest(db: Db, lagosDay: string): Promise<DigestRecipientRow[]> {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'role', 'confirmed_at'])
    .where('confirmed_at', 'is not', null)
    .where('digest_enabled', '=', 1)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('digest_runs')
            .select('digest_runs.user_id')
            .whereRef('digest_runs.user_id', '=', 'users.id')
            .where('digest_runs.lagos_day', '=', lagosDay),
        ),
      ),
    )
    .orderBy('id')
    .execute();
}

export interface WaitingEnquiryRow {
  id: number;
  kind: MessageKind;
  reference: string;
  name: string;
  status: EnquiryStatus;
  assignee_id: number | null;
  created_at: EpochMs;
  response_due_at: EpochMs | null;
  first_response_at: EpochMs | null;
  waiting_since: EpochMs | null;
}

/** Every enquiry in the inbox still followed up or with a customer's reply waiting, oldest first. */
export async function listWaitingEnquiries(db: Db): Promise<WaitingEnquiryRow[]> {
  const rows = await db
    .selectFrom('enquiries')
    .select([
      'id',
      'kind',
      'reference',
      'name',
      'status',
      'assignee_id',
      'created_at',
      'response_due_at',
      'first_response_at',
      'waiting_since',
    ])
    .where('folder', '=', 'inbox')
    .where((eb) => eb.or([eb('status', 'in', FOLLOWED_UP), eb('waiting_since', 'is not', null)]))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const msOrNull = (value: number | null) => (value === null ? null : Number(value));
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    created_at: Number(row.created_at),
    response_due_at: msOrNull(row.response_due_at),
    first_response_at: msOrNull(row.first_response_at),
    waiting_since: msOrNull(row.waiting_since),
  }));
}

export interface AnsweredRow {
  first_response_at: EpochMs;
  first_response_business_ms: number;
  response_due_at: EpochMs | null;
}

/** Enquiries (spam aside) first answered in [fromMs, untilMs), with the business time the answer took. */
export async function listFirstAnsweredBetween(db: Db, fromMs: EpochMs, untilMs: EpochMs): Promise<AnsweredRow[]> {
  const rows = await db
    .selectFrom('enquiries')
    .select(['first_response_at', 'first_response_business_ms', 'response_due_at'])
    .where('folder', '!=', 'spam')
    .where('first_response_at', '>=', fromMs)
    .where('first_response_at', '<', untilMs)
    .where('first_response_business_ms', 'is not', null)
    .execute();
  return rows.map((row) => ({
    first_response_at: Number(row.first_response_at),
    first_response_business_ms: Number(row.first_response_business_ms),
    response_due_at: row.response_due_at === null ? null : Number(row.response_due_at),
  }));
}

export interface SourceRow {
  source_class: SourceClass | null;
  source_host: string | null;
  utm_source: string | null;
}

const SOURCE_COLUMNS = ['source_class', 'source_host', 'utm_source'] as const;

/** The first-touch source of each enquiry (spam aside) that arrived in [fromMs, untilMs). */
export async function listSourcesOfArrivals(db: Db, fromMs: EpochMs, untilMs: EpochMs): Promise<SourceRow[]> {
  return db
    .selectFrom('enquiries')
    .select(SOURCE_COLUMNS)
    .where('folder', '!=', 'spam')
    .where('created_at', '>=', fromMs)
    .where('created_at', '<', untilMs)
    .execute();
}

/** The first-touch source of each enquiry set to won or enrolled in [fromMs, untilMs) by its history, once each. */
export async function listSourcesOfWins(db: Db, fromMs: EpochMs, untilMs: EpochMs): Promise<SourceRow[]> {
  return db
    .selectFrom('enquiries')
    .select(SOURCE_COLUMNS)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('enquiry_events')
          .select('enquiry_events.id')
          .whereRef('enquiry_events.enquiry_id', '=', 'enquiries.id')
          .where('enquiry_events.action', '=', 'status')
          .where('enquiry_events.to_value', 'in', WON)
          .where('enquiry_events.created_at', '>=', fromMs)
          .where('enquiry_events.created_at', '<', untilMs),
      ),
    )
    .execute();
}

/**
 * Claims a person's digest of a Lagos day, inside the transaction that queues its mail: a row already there (another
 * instance, or an earlier check, made it) fails the insert with a primary-key violation, and the mail with it.
 */
export async function insertDigestRun(
  trx: Transaction<Database>,
  run: { userId: number; lagosDay: string; at: EpochMs },
): Promise<void> {
  await trx
    .insertInto('digest_runs')
    .values({ user_id: run.userId, lagos_day: run.lagosDay, sent_at: run.at })
    .execute();
}

export async function readDigestEnabled(db: Db, userId: number): Promise<boolean | undefined> {
  const row = await db.selectFrom('users').select('digest_enabled').where('id', '=', userId).executeTakeFirst();
  return row === undefined ? undefined : Number(row.digest_enabled) === 1;
}

export async function writeDigestEnabled(db: Db, userId: number, enabled: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ digest_enabled: enabled ? 1 : 0 })
    .where('id', '=', userId)
    .execute();
}
