import {
  API_MESSAGES,
  dashboardEnquiryPath,
  DIGEST_TIMES,
  MESSAGE_KIND_LABELS,
  minutesOfTime,
  PATHS,
  sourceLabelOf,
} from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { lagosDayOf } from '../../lib/clock';
import type { EpochMs } from '../../lib/database-schema';
import { isUniqueViolation, withConflictRetry } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { isStaff } from '../auth/auth.service';
import {
  isLagosWorkingDayAt,
  isWorkingDay,
  lagosDayStartMs,
  lagosMomentOf,
  loadBusinessCalendar,
  type BusinessCalendar,
} from '../calendar/calendar.service';
import { queueMail } from '../outbox/outbox';
import { digestMail, type DigestContent, type DigestFigures, type DigestLine, type DigestSection } from './digest-mail';
import * as repository from './digest.repository';
import type { SourceRow, WaitingEnquiryRow } from './digest.repository';

/**
 * The daily digest (issue 21 item 4, docs/decisions/0040). On a Lagos working day, from 07:30 until 12:00, every check
 * of every instance mails each staff member and owner with the digest on who has no digest for the day yet: the
 * person's digest row and the mail are written in one transaction, and the row's key (person, day) lets one instance
 * only succeed. A digest with no line is not mailed, but its row is written all the same: the day's digest was made.
 */

export type DigestDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'logger' | 'mail'>;

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const DUE_MS = minutesOfTime(DIGEST_TIMES.DUE) * MINUTE_MS;
const LAST_MS = minutesOfTime(DIGEST_TIMES.LAST) * MINUTE_MS;
/** Lines per section; the rest is counted ("and 12 more in the inbox"), so a backlog cannot make a mail of pages. */
export const DIGEST_SECTION_LINES = 25;
/** How far back the owners' figures look for the previous working day (a long closure reports its last day). */
const FIGURES_LOOK_BACK_DAYS = 14;

export interface DigestRun {
  /** The Lagos day, when it was a working day inside the digest's hours. */
  day?: string;
  /** Digests this call mailed, and made empty (nothing to say: no mail). */
  mailed: number;
  empty: number;
}

/** Whether a Lagos time of day is inside the digest's hours: from 07:30 until (not including) 12:00. */
export function isDigestTime(msOfDay: number): boolean {
  return msOfDay >= DUE_MS && msOfDay < LAST_MS;
}

const dayBefore = (day: string) => lagosDayOf(new Date(lagosDayStartMs(day) - 1));

const dayLabelOf = (day: string, withYear: boolean) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });

/** A Lagos moment as `Thu 26 Nov 14:05`, or `14:05` when it falls on `today`. */
function lagosTimeLabelOf(ms: EpochMs, today: string): string {
  const wall = new Date(ms + 60 * MINUTE_MS);
  const time = wall.toISOString().slice(11, 16);
  if (lagosDayOf(new Date(ms)) === today) return time;
  const date = wall.toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
  return `${date.replace(',', '')} ${time}`;
}

/** The value at a share of sorted values by the nearest-rank method: the smallest value with that share at or below it. */
export function nearestRank(sorted: readonly number[], share: number): number | undefined {
  if (sorted.length === 0) return undefined;
  return sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)];
}

/** A business duration in whole minutes, rounded: `42 min`, `2 h 05 min`. */
export function durationLabelOf(ms: number): string {
  const minutes = Math.round(ms / MINUTE_MS);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** `google.com 3, Direct 2`: counts by source label, most first, then by name. */
function bySourceOf(rows: readonly SourceRow[]): string {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const label = sourceLabelOf({
      sourceClass: row.source_class,
      sourceHost: row.source_host,
      utmSource: row.utm_source,
    });
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return [...counts]
    .sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b))
    .map(([label, count]) => `${label} ${count}`)
    .join(', ');
}

/**
 * The days the owners' figures cover: from the previous working day's start until today's. Tuesday's digest tells of
 * Monday; Monday's of Friday, Saturday and Sunday, so what was answered on a Friday is reported once, not never.
 */
export function figuresPeriodOf(
  calendar: BusinessCalendar,
  today: string,
): { from: string; fromMs: number; untilMs: number } {
  let from = dayBefore(today);
  for (let looked = 1; looked < FIGURES_LOOK_BACK_DAYS && !isWorkingDay(calendar, from); looked += 1) {
    from = dayBefore(from);
  }
  if (!isWorkingDay(calendar, from)) from = dayBefore(today);
  return { from, fromMs: lagosDayStartMs(from), untilMs: lagosDayStartMs(today) };
}

/**
 * The owners' figures: of the enquiries first answered in the period, the median and 90th-percentile business time
 * to that answer and how many were answered by their due time; the period's new and won enquiries by source.
 * Undefined when the period holds none of these.
 */
export async function ownersFiguresOf(
  deps: Pick<DigestDeps, 'db'>,
  calendar: BusinessCalendar,
  today: string,
): Promise<DigestFigures | undefined> {
  const { from, fromMs, untilMs } = figuresPeriodOf(calendar, today);
  const answered = await repository.listFirstAnsweredBetween(deps.db, fromMs, untilMs);
  const arrived = await repository.listSourcesOfArrivals(deps.db, fromMs, untilMs);
  const won = await repository.listSourcesOfWins(deps.db, fromMs, untilMs);
  if (answered.length === 0 && arrived.length === 0 && won.length === 0) return undefined;

  const lines: string[] = [];
  if (answered.length === 0) {
    lines.push('First answers: none');
  } else {
    const sorted = answered.map((row) => row.first_response_business_ms).sort((a, b) => a - b);
    lines.push(
      `First answers: ${answered.length}; median ${durationLabelOf(nearestRank(sorted, 0.5) ?? 0)}, ` +
        `90th percentile ${durationLabelOf(nearestRank(sorted, 0.9) ?? 0)} (business time)`,
    );
    const withTarget = answered.filter((row) => row.response_due_at !== null);
    const inTime = withTarget.filter((row) => row.first_response_at <= (row.response_due_at ?? 0)).length;
    lines.push(
      withTarget.length === 0
        ? 'Within target: no answered enquiry had a target'
        : `Within target: ${inTime} of ${withTarget.length} (${Math.round((100 * inTime) / withTarget.length)} %)`,
    );
  }
  lines.push(`New enquiries: ${arrived.length}${arrived.length > 0 ? ` (${bySourceOf(arrived)})` : ''}`);
  lines.push(`Won or enrolled: ${won.length}${won.length > 0 ? ` (${bySourceOf(won)})` : ''}`);

  const period =
    from === dayBefore(today)
      ? `yesterday, ${dayLabelOf(from, false)}`
      : `${dayLabelOf(from, false)} to ${dayLabelOf(dayBefore(today), false)}`;
  return { period, lines };
}

interface Recipient {
  id: number;
  owner: boolean;
}

/** Open for a first answer: in the inbox, new, and answered on no channel yet (the shared semantics of issue 21). */
const isOpenForResponse = (row: WaitingEnquiryRow) => row.status === 'new' && row.first_response_at === null;

/**
 * A person's sections, in this order, each enquiry in the first that takes it: Overdue, Due today, Customer replies
 * waiting (those assigned to them or to nobody; owners see every overdue enquiry, as breaches are escalated to them),
 * New and unassigned, Assigned to you (still followed up).
 */
export function sectionsOf(
  recipient: Recipient,
  enquiries: readonly WaitingEnquiryRow[],
  at: { now: EpochMs; today: string; appUrl: string },
): DigestSection[] {
  const dayEnd = lagosDayStartMs(at.today) + DAY_MS;
  const mineOrNobodys = (row: WaitingEnquiryRow) => row.assignee_id === null || row.assignee_id === recipient.id;
  const rules: Array<{
    title: string;
    takes: (row: WaitingEnquiryRow) => boolean;
    note: (row: WaitingEnquiryRow) => string;
  }> = [
    {
      title: 'Overdue',
      takes: (row) =>
        (recipient.owner || mineOrNobodys(row)) &&
        isOpenForResponse(row) &&
        row.response_due_at !== null &&
        row.response_due_at <= at.now,
      note: (row) => `was due ${lagosTimeLabelOf(row.response_due_at ?? 0, at.today)}`,
    },
    {
      title: 'Due today',
      takes: (row) =>
        mineOrNobodys(row) &&
        isOpenForResponse(row) &&
        row.response_due_at !== null &&
        row.response_due_at > at.now &&
        row.response_due_at < dayEnd,
      note: (row) => `due ${lagosTimeLabelOf(row.response_due_at ?? 0, at.today)}`,
    },
    {
      title: 'Customer replies waiting',
      takes: (row) => mineOrNobodys(row) && row.waiting_since !== null,
      note: (row) => `waiting since ${lagosTimeLabelOf(row.waiting_since ?? 0, at.today)}`,
    },
    {
      title: 'New and unassigned',
      takes: (row) => row.assignee_id === null && row.status === 'new',
      note: (row) => `arrived ${lagosTimeLabelOf(row.created_at, at.today)}`,
    },
    {
      title: 'Assigned to you',
      takes: (row) => row.assignee_id === recipient.id && (row.status === 'new' || row.status === 'contacted'),
      note: () => '',
    },
  ];
  const listed = new Set<number>();
  const sections: DigestSection[] = [];
  for (const rule of rules) {
    const rows = enquiries.filter((row) => !listed.has(row.id) && rule.takes(row));
    for (const row of rows) listed.add(row.id);
    if (rows.length === 0) continue;
    const lines = rows.slice(0, DIGEST_SECTION_LINES).map((row): DigestLine => ({
      reference: row.reference,
      name: row.name,
      kindLabel: MESSAGE_KIND_LABELS[row.kind],
      note: rule.note(row),
      link: `${at.appUrl}${dashboardEnquiryPath(row.kind, row.id)}`,
    }));
    sections.push({ title: rule.title, lines, more: rows.length - lines.length });
  }
  return sections;
}

/**
 * One person's digest of the day, claimed and queued in one transaction: false when another instance (or an earlier
 * check) has it already. An empty digest claims the day and queues nothing.
 */
async function claimDigest(
  deps: DigestDeps,
  recipient: { id: number; email: string },
  day: string,
  content: DigestContent,
): Promise<'mailed' | 'empty' | 'taken'> {
  const empty = content.sections.length === 0 && content.figures === undefined;
  try {
    await withConflictRetry(() =>
      deps.db.transaction().execute(async (trx) => {
        const at = deps.clock().getTime();
        await repository.insertDigestRun(trx, { userId: recipient.id, lagosDay: day, at });
        if (empty) return;
        await queueMail(
          trx,
          { ...digestMail(recipient.email, content), purpose: 'digest' },
          {
            now: at,
            from: deps.config.mailFrom,
          },
        );
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
  return empty ? 'empty' : 'mailed';
}

/** One check: on a working day between 07:30 and 12:00 Lagos time, the digests not made yet are made and queued. */
export async function sendDueDigests(deps: DigestDeps): Promise<DigestRun> {
  const now = deps.clock().getTime();
  const { day, msOfDay } = lagosMomentOf(now);
  if (!isDigestTime(msOfDay)) return { mailed: 0, empty: 0 };
  const calendar = await loadBusinessCalendar(deps.db);
  if (!isLagosWorkingDayAt(calendar, now)) return { mailed: 0, empty: 0 };
  const recipients = (await repository.listRecipientsWithoutDigest(deps.db, day)).filter((user) =>
    isStaff(user, deps.config.adminAllowlist),
  );
  if (recipients.length === 0) return { day, mailed: 0, empty: 0 };

  const enquiries = (await repository.listWaitingEnquiries(deps.db)).map((row) => ({
    ...row,
    created_at: Number(row.created_at),
    response_due_at: row.response_due_at === null ? null : Number(row.response_due_at),
    first_response_at: row.first_response_at === null ? null : Number(row.first_response_at),
    waiting_since: row.waiting_since === null ? null : Number(row.waiting_since),
  }));
  const figures = recipients.some((user) => user.role === 'owner')
    ? await ownersFiguresOf(deps, calendar, day)
    : undefined;
  const at = { now, today: day, appUrl: deps.config.appUrl };
  const run: DigestRun = { day, mailed: 0, empty: 0 };
  for (const user of recipients) {
    const owner = user.role === 'owner';
    const content: DigestContent = {
      dayLabel: dayLabelOf(day, true),
      sections: sectionsOf({ id: user.id, owner }, enquiries, at),
      figures: owner ? figures : undefined,
      dashboardLink: `${deps.config.appUrl}${PATHS.dashboard}`,
    };
    const outcome = await claimDigest(deps, user, day, content);
    if (outcome === 'mailed') run.mailed += 1;
    if (outcome === 'empty') run.empty += 1;
  }
  if (run.mailed > 0) deps.mail.wake();
  return run;
}

/** How often each instance checks: often enough that the digest leaves within a minute of 07:30. */
export const DIGEST_CHECK_MS = 30 * 1000;

export interface DigestJob {
  /** One check now, after any under way; resolves with what it did (tests drive the job with it). */
  check(): Promise<DigestRun>;
  /** Stops the timer and waits for a check under way. */
  stop(): Promise<void>;
}

/** Checks at once and then every 30 s, on a timer that does not keep the process alive. */
export function startDigestJob(deps: DigestDeps, checkEveryMs = DIGEST_CHECK_MS): DigestJob {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const check = (): Promise<DigestRun> => {
    const next = running.then(() => (stopped ? { mailed: 0, empty: 0 } : sendDueDigests(deps)));
    running = next
      .then((run) => {
        if (run.mailed > 0 || run.empty > 0) deps.logger.info({ ...run }, 'daily digests made');
      })
      .catch((error: unknown) => deps.logger.error({ err: error }, 'the daily digest failed'));
    return next;
  };
  const timer = setInterval(() => void check().catch(() => undefined), checkEveryMs);
  timer.unref();
  void check().catch(() => undefined);
  return {
    check,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/** The signed-in person's setting; staff and owners only (the route's guard). */
export async function digestSettingOf(deps: Pick<DigestDeps, 'db'>, userId: number): Promise<boolean> {
  const enabled = await repository.readDigestEnabled(deps.db, userId);
  if (enabled === undefined) throw new AppError(401, API_MESSAGES.NOT_SIGNED_IN);
  return enabled;
}

export async function saveDigestSetting(
  deps: Pick<DigestDeps, 'db'>,
  userId: number,
  enabled: boolean,
): Promise<boolean> {
  await repository.writeDigestEnabled(deps.db, userId, enabled);
  return digestSettingOf(deps, userId);
}
