import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import {
  AWAITING_ANSWER_STATUSES,
  type EnquiryStatus,
  type FirstResponseChannel,
  type InboxFolder,
  type MessageKind,
  type SourceClass,
} from '@agency/shared';
import type { Database, EpochMs } from '../../lib/database-schema';

/**
 * The reports' reads (docs/decisions/0042): counts are grouped in SQL; only the answered enquiries' few numbers come
 * back row by row, for the percentiles. Every query reads the arrivals of one range, by `created_at`.
 */

type Where = ExpressionBuilder<Database, 'enquiries'>;

/** The arrivals a report reads: a range of times, and for a staff member's own report whose figures they are. */
export interface ReportRange {
  fromMs: EpochMs;
  untilMs: EpochMs;
  /** A staff member's own report: answered by them (response times), assigned to them (counts, funnel). */
  userId?: number;
}

/** Statuses that end the funnel: a lead won, a training enrolled. */
export const WON_STATUSES: readonly EnquiryStatus[] = ['won', 'enrolled'];

const WEEK_MS = 7 * 86_400_000;
/** A Lagos Monday's start (23:00 UTC on Sunday) is 342,000,000 ms after a multiple of a week from the epoch. */
const MONDAY_OFFSET_MS = 4 * 86_400_000 - 3_600_000;

/** The start of the Lagos week (Monday 00:00) an arrival falls in, as epoch milliseconds, in SQL. */
const weekStartOf = (eb: Where) =>
  sql<number>`${eb.ref('enquiries.created_at')} - ((${eb.ref('enquiries.created_at')} - ${sql.lit(MONDAY_OFFSET_MS)}) % ${sql.lit(WEEK_MS)})`;

const flag = (eb: Where, condition: Expression<SqlBool>) =>
  eb.case().when(condition).then(sql.lit(1)).else(sql.lit(0)).end();

const inRange = (range: ReportRange) => (eb: Where) =>
  eb.and([eb('enquiries.created_at', '>=', range.fromMs), eb('enquiries.created_at', '<', range.untilMs)]);

/** One answered enquiry: what its figures need and nothing else. */
export interface AnsweredRow {
  kind: MessageKind;
  createdAt: EpochMs;
  businessMs: number;
  by: number | null;
  channel: FirstResponseChannel | null;
  /** Answered at or before its due time; null when it had none (enquiries from before the upgrade). */
  withinTarget: boolean | null;
}

/** Every enquiry of the range (spam aside, in the inbox or the trash) with a recorded first answer. */
export async function listAnswered(db: Kysely<Database>, range: ReportRange): Promise<AnsweredRow[]> {
  let query = db
    .selectFrom('enquiries')
    .select((eb) => [
      'kind',
      'created_at',
      'first_response_business_ms',
      'first_response_by',
      'first_response_channel',
      eb
        .case()
        .when('response_due_at', 'is', null)
        .then(sql.lit<number | null>(null))
        .when(eb('first_response_at', '<=', eb.ref('response_due_at')))
        .then(sql.lit(1))
        .else(sql.lit(0))
        .end()
        .as('within_target'),
    ])
    .where(inRange(range))
    .where('folder', '!=', 'spam')
    .where('first_response_business_ms', 'is not', null);
  if (range.userId !== undefined) query = query.where('first_response_by', '=', range.userId);
  const rows = await query.execute();
  return rows.map((row) => ({
    kind: row.kind,
    createdAt: Number(row.created_at),
    businessMs: Number(row.first_response_business_ms),
    by: row.first_response_by === null ? null : Number(row.first_response_by),
    channel: row.first_response_channel,
    withinTarget: row.within_target === null ? null : Number(row.within_target) === 1,
  }));
}

/** A group of arrivals that share their week, kind, folder and where they stand; `count` of them. */
export interface OutcomeGroup {
  weekStartMs: EpochMs;
  kind: MessageKind;
  folder: InboxFolder;
  answered: boolean;
  awaitsAnswer: boolean;
  overdue: boolean;
  count: number;
}

/**
 * The range's arrivals counted by week, kind, folder, answered or not, still new or not, and past their due time
 * unanswered or not (`now`). A staff member's own report counts those assigned to them.
 */
export async function countOutcomes(db: Kysely<Database>, range: ReportRange, now: EpochMs): Promise<OutcomeGroup[]> {
  let query = db
    .selectFrom('enquiries')
    .select((eb) => [
      weekStartOf(eb).as('week_start'),
      'kind',
      'folder',
      flag(eb, eb('first_response_at', 'is not', null)).as('answered'),
      flag(eb, eb('status', 'in', AWAITING_ANSWER_STATUSES)).as('awaits_answer'),
      flag(eb, eb.and([eb('first_response_at', 'is', null), eb('response_due_at', '<=', now)])).as('overdue'),
      eb.fn.countAll<number>().as('count'),
    ])
    .where(inRange(range))
    .groupBy([
      sql.ref('week_start'),
      'kind',
      'folder',
      sql.ref('answered'),
      sql.ref('awaits_answer'),
      sql.ref('overdue'),
    ]);
  if (range.userId !== undefined) query = query.where('assignee_id', '=', range.userId);
  const rows = await query.execute();
  return rows.map((row) => ({
    weekStartMs: Number(row.week_start),
    kind: row.kind,
    folder: row.folder,
    answered: Number(row.answered) === 1,
    awaitsAnswer: Number(row.awaits_answer) === 1,
    overdue: Number(row.overdue) === 1,
    count: Number(row.count),
  }));
}

/** A group of the funnel: a kind and a first-touch source, contacted or not, won or not; `count` of them. */
export interface FunnelGroup {
  kind: MessageKind;
  sourceClass: SourceClass | null;
  sourceHost: string | null;
  utmSource: string | null;
  contacted: boolean;
  won: boolean;
  count: number;
}

/**
 * The funnel's counts over the range's arrivals in the inbox: contacted (answered, or moved on from new) and won
 * (won or enrolled), by kind and by the columns sourceLabelOf reads.
 */
export async function countFunnel(db: Kysely<Database>, range: ReportRange): Promise<FunnelGroup[]> {
  let query = db
    .selectFrom('enquiries')
    .select((eb) => [
      'folder',
      'kind',
      'source_class',
      'source_host',
      'utm_source',
      flag(eb, eb.or([eb('first_response_at', 'is not', null), eb('status', '!=', 'new')])).as('contacted'),
      flag(eb, eb('status', 'in', WON_STATUSES)).as('won'),
      eb.fn.countAll<number>().as('count'),
    ])
    .where(inRange(range))
    // The folder is grouped by and chosen here, not in the where clause: there SQLite would pick the inbox list's
    // index (folder, created_at) and read each row for its source; this way the reports' index answers alone.
    .groupBy(['folder', 'kind', 'source_class', 'source_host', 'utm_source', sql.ref('contacted'), sql.ref('won')]);
  if (range.userId !== undefined) query = query.where('assignee_id', '=', range.userId);
  const rows = await query.execute();
  return rows
    .filter((row) => row.folder === 'inbox')
    .map((row) => ({
      kind: row.kind,
      sourceClass: row.source_class,
      sourceHost: row.source_host,
      utmSource: row.utm_source,
      contacted: Number(row.contacted) === 1,
      won: Number(row.won) === 1,
      count: Number(row.count),
    }));
}
