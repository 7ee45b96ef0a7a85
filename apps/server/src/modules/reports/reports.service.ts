import {
  addDays,
  API_MESSAGES,
  FORMER_COLLEAGUE,
  FIRST_RESPONSE_CHANNELS,
  MESSAGE_KINDS,
  mondayOf,
  sourceLabelOf,
  type FunnelSteps,
  type ReportAnswer,
  type ReportQuery,
  type ResponseFigures,
  type WeekCounts,
} from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { lagosDayOf, lagosDayRange } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { accountNameOf, findUserById, listConfirmedUsers } from '../auth/auth.service';
import * as repository from './reports.repository';
import type { AnsweredRow, OutcomeGroup } from './reports.repository';

/**
 * The reports (issue 21 item 6, docs/decisions/0042). Owners read everyone's figures; any other staff member the
 * same report restricted to their own: the response times of the enquiries they answered first, and the counts and
 * funnel of the enquiries assigned to them.
 */

type ReportDeps = Pick<AppDeps, 'db' | 'clock'>;

/** The name an answer by nobody recorded goes under (a first answer always has its person; older rows may not). */
export const NOBODY_RECORDED = 'Not recorded';

/** The value at rank ceil(p * n) of sorted values (nearest rank), or null for none. */
export function nearestRank(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.max(1, Math.ceil(p * sorted.length)) - 1] ?? null;
}

/** The figures of some answered enquiries; `misses`: unanswered ones of the group already past their due time. */
export function figuresOf(rows: readonly AnsweredRow[], misses = 0): ResponseFigures {
  const times = rows.map((row) => row.businessMs).sort((a, b) => a - b);
  const withinTarget = rows.filter((row) => row.withinTarget === true).length;
  const withTarget = rows.filter((row) => row.withinTarget !== null).length + misses;
  return {
    answered: rows.length,
    medianMs: nearestRank(times, 0.5),
    p90Ms: nearestRank(times, 0.9),
    withinTarget,
    withTarget,
    shareWithinTarget: withTarget === 0 ? null : withinTarget / withTarget,
  };
}

/** The range a query asks for: its days, or the current Lagos week (Monday to Sunday) by the server's clock. */
export function rangeOf(query: ReportQuery, now: Date): { from: string; to: string } {
  if (query.from !== undefined && query.to !== undefined) return { from: query.from, to: query.to };
  const from = mondayOf(lagosDayOf(now));
  return { from, to: addDays(from, 6) };
}

/** The Mondays of the weeks a range touches, in order. */
export function weeksOf(from: string, to: string): string[] {
  const weeks: string[] = [];
  for (let week = mondayOf(from); week <= to; week = addDays(week, 7)) weeks.push(week);
  return weeks;
}

function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

const sum = (groups: readonly OutcomeGroup[]) => groups.reduce((total, group) => total + group.count, 0);
const isOverdueMiss = (group: OutcomeGroup) =>
  group.folder === 'inbox' && !group.answered && group.awaitsAnswer && group.overdue;

function weekCountsOf(week: string, groups: readonly OutcomeGroup[]): WeekCounts {
  const inbox = groups.filter((group) => group.folder === 'inbox');
  const unanswered = inbox.filter((group) => !group.answered && group.awaitsAnswer);
  return {
    week,
    received: sum(groups),
    spam: sum(groups.filter((group) => group.folder === 'spam')),
    trash: sum(groups.filter((group) => group.folder === 'trash')),
    answered: sum(inbox.filter((group) => group.answered)),
    unanswered: sum(unanswered),
    overdue: sum(unanswered.filter((group) => group.overdue)),
    notRecorded: sum(inbox.filter((group) => !group.answered && !group.awaitsAnswer)),
  };
}

/** What a report reads: every part for the page; a CSV skips the queries its sheet does not show (empty there). */
export interface ReportParts {
  responseTimes: boolean;
  funnel: boolean;
}

const EVERY_PART: ReportParts = { responseTimes: true, funnel: true };

/** The whole report of a range, for a signed-in staff member: everyone's for an owner, their own for others. */
export async function buildReport(
  deps: ReportDeps,
  query: ReportQuery,
  userId: number,
  parts: ReportParts = EVERY_PART,
): Promise<ReportAnswer> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError(401, API_MESSAGES.NOT_SIGNED_IN);
  // Owners read everyone's figures (the rule of requireOwner); every other staff member their own.
  const everyone = user.role === 'owner';
  const { from, to } = rangeOf(query, deps.clock());
  const { fromMs = 0, untilMs = 0 } = lagosDayRange(from, to);
  const range = { fromMs, untilMs, ...(everyone ? {} : { userId }) };
  const now = deps.clock().getTime();

  // At once: on MariaDB each query has a connection of the pool.
  const [answered, outcomes, funnel, users] = await Promise.all([
    parts.responseTimes ? repository.listAnswered(deps.db, range) : [],
    repository.countOutcomes(deps.db, range, now),
    parts.funnel ? repository.countFunnel(deps.db, range) : [],
    parts.responseTimes ? listConfirmedUsers(deps.db) : [],
  ]);

  const weeks = weeksOf(from, to);
  const weekOfMs = (ms: number) => mondayOf(lagosDayOf(new Date(ms)));
  const answeredByWeek = groupBy(answered, (row) => weekOfMs(row.createdAt));
  const outcomesByWeek = groupBy(outcomes, (group) => lagosDayOf(new Date(group.weekStartMs)));
  const misses = outcomes.filter(isOverdueMiss);

  const names = new Map(users.map((each) => [each.id, accountNameOf(each)]));
  const byPerson = [...groupBy(answered, (row) => row.by ?? 0)]
    .map(([id, rows]) => ({
      userId: id,
      name: id === 0 ? NOBODY_RECORDED : (names.get(id) ?? FORMER_COLLEAGUE),
      ...figuresOf(rows),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));

  const funnelOf = (groups: readonly repository.FunnelGroup[]): FunnelSteps => ({
    received: groups.reduce((total, group) => total + group.count, 0),
    contacted: groups.filter((group) => group.contacted).reduce((total, group) => total + group.count, 0),
    won: groups.filter((group) => group.won).reduce((total, group) => total + group.count, 0),
  });
  const bySource = [...groupBy(funnel, (group) => sourceLabelOf(group))]
    .map(([source, groups]) => ({ source, ...funnelOf(groups) }))
    .sort((a, b) => b.received - a.received || a.source.localeCompare(b.source));

  return {
    success: true,
    from,
    to,
    scope: everyone ? 'everyone' : 'own',
    responseTimes: {
      overall: figuresOf(answered, sum(misses)),
      byKind: MESSAGE_KINDS.map((kind) => ({
        kind,
        ...figuresOf(
          answered.filter((row) => row.kind === kind),
          sum(misses.filter((group) => group.kind === kind)),
        ),
      })),
      byPerson,
      byChannel: FIRST_RESPONSE_CHANNELS.map((channel) => ({
        channel,
        ...figuresOf(answered.filter((row) => row.channel === channel)),
      })),
      byWeek: weeks.map((week) => ({
        week,
        ...figuresOf(answeredByWeek.get(week) ?? [], sum((outcomesByWeek.get(week) ?? []).filter(isOverdueMiss))),
      })),
    },
    weeks: weeks.map((week) => weekCountsOf(week, outcomesByWeek.get(week) ?? [])),
    funnel: {
      byKind: MESSAGE_KINDS.map((kind) => ({ kind, ...funnelOf(funnel.filter((group) => group.kind === kind)) })),
      bySource,
    },
  };
}
