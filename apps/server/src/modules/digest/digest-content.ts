import { awaitsAnswer, dashboardEnquiryPath, MESSAGE_KIND_LABELS, sourceLabelOf } from '@agency/shared';
import { lagosDayOf } from '../../lib/clock';
import type { EpochMs } from '../../lib/database-schema';
import { isWorkingDay, lagosDayStartMs, type BusinessCalendar } from '../calendar/calendar.service';
import { nearestRank } from '../reports/reports.service';
import type { DigestFigures, DigestLine, DigestSection } from './digest-mail';
import type { AnsweredRow, SourceRow, WaitingEnquiryRow } from './digest.repository';

/**
 * What a digest says (issue 21 item 4, docs/decisions/0040), worked out from rows without the database or the clock:
 * a person's sections, the owners' figures and the days they cover.
 */

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** Lines per section; the rest is counted ("and 12 more in the inbox"), so a backlog cannot make a mail of pages. */
export const DIGEST_SECTION_LINES = 25;
/** How far back the owners' figures look for the previous working day (a long closure reports its last day). */
const FIGURES_LOOK_BACK_DAYS = 14;

const dayBefore = (day: string) => lagosDayOf(new Date(lagosDayStartMs(day) - 1));

export const dayLabelOf = (day: string, withYear: boolean) =>
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
 * The owners' figures in words: of the enquiries first answered in the period, the median and 90th-percentile
 * business time to that answer and how many were answered by their due time; the period's new and won enquiries by
 * source. Undefined when the period holds none of these.
 */
export function figuresOf(
  period: { from: string; today: string },
  rows: { answered: readonly AnsweredRow[]; arrived: readonly SourceRow[]; won: readonly SourceRow[] },
): DigestFigures | undefined {
  const { answered, arrived, won } = rows;
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

  const words =
    period.from === dayBefore(period.today)
      ? `yesterday, ${dayLabelOf(period.from, false)}`
      : `${dayLabelOf(period.from, false)} to ${dayLabelOf(dayBefore(period.today), false)}`;
  return { period: words, lines };
}

interface Recipient {
  id: number;
  owner: boolean;
}

/** Open for a first answer: in the inbox, New or Contacted (a tap is an attempt), answered on no channel yet. */
const isOpenForResponse = (row: WaitingEnquiryRow) => awaitsAnswer(row.status) && row.first_response_at === null;

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
