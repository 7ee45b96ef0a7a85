import { z } from 'zod';
import { isCalendarDay } from './business-calendar';
import { MESSAGE_KINDS } from './enquiry-kinds';
import { FIRST_RESPONSE_CHANNELS } from './response-times';

/**
 * Reports (issue 21 item 6, docs/decisions/0042): first-response times by kind, person, channel and week, what became
 * of the enquiries (spam, trash, answered, unanswered) per week, and the funnel New -> Contacted -> Won/Enrolled by
 * kind and by source. Owners read everyone's figures; other staff the same report of their own.
 */

export const REPORTS_PATH = '/api/reports' as const;

/** The reports that have a CSV of their own, by the name in its address. */
export const REPORT_NAMES = ['response-times', 'enquiries', 'funnel'] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

export const reportCsvPath = (report: ReportName) => `${REPORTS_PATH}/${report}.csv` as const;

/** The longest range one request may cover: a year and a day, so a year's report fits whatever its first day. */
export const REPORT_MAX_DAYS = 366;

export const REPORT_MESSAGES = {
  DAY: 'A day is written YYYY-MM-DD and must exist (2026-11-23).',
  ORDER: 'The first day (from) must not be after the last day (to).',
  TOO_LONG: `A report covers at most ${REPORT_MAX_DAYS} days; choose a shorter range.`,
  BOTH: 'Give both from and to, or neither (the current week).',
} as const;

const DAY_MS = 86_400_000;
const dayNumberOf = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

const reportDay = z.string().refine(isCalendarDay, REPORT_MESSAGES.DAY);

/**
 * `from` and `to`: Lagos days, both included. Neither: the current Lagos week, Monday to Sunday (the server's clock
 * decides which week that is).
 */
export const ReportQuerySchema = z
  .object({
    from: reportDay.optional().describe('First Lagos day, YYYY-MM-DD (with `to`; neither: the current week)'),
    to: reportDay.optional().describe('Last Lagos day, YYYY-MM-DD, included'),
  })
  .superRefine((query, context) => {
    if ((query.from === undefined) !== (query.to === undefined)) {
      context.addIssue({ code: 'custom', message: REPORT_MESSAGES.BOTH, path: [query.from ? 'to' : 'from'] });
      return;
    }
    if (query.from === undefined || query.to === undefined) return;
    if (!isCalendarDay(query.from) || !isCalendarDay(query.to)) return;
    const days = dayNumberOf(query.to) - dayNumberOf(query.from) + 1;
    if (days < 1) context.addIssue({ code: 'custom', message: REPORT_MESSAGES.ORDER, path: ['to'] });
    else if (days > REPORT_MAX_DAYS)
      context.addIssue({ code: 'custom', message: REPORT_MESSAGES.TOO_LONG, path: ['to'] });
  });
export type ReportQuery = z.output<typeof ReportQuerySchema>;

/** The Monday of the week a Lagos day falls in (weeks run Monday to Sunday). */
export function mondayOf(day: string): string {
  const number = dayNumberOf(day);
  // Day 0 (1970-01-01) was a Thursday: Monday is 3 days before.
  const monday = number - ((number + 3) % 7);
  return new Date(monday * DAY_MS).toISOString().slice(0, 10);
}

/** The Lagos day `days` after (or before) another. */
export function addDays(day: string, days: number): string {
  return new Date((dayNumberOf(day) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** First-response figures of a group: how many were answered, how fast, and how many within their target. */
export const ResponseFiguresSchema = z.object({
  /** Enquiries with a first answer (any channel) and its business time. */
  answered: z.number().int(),
  /** Business milliseconds, nearest rank (the value at rank ceil(p * n) of the sorted times); null when none. */
  medianMs: z.number().int().nullable(),
  p90Ms: z.number().int().nullable(),
  /** Answered at or before their due time. */
  withinTarget: z.number().int(),
  /** Those that had a target and are answered or past it: the share's denominator. */
  withTarget: z.number().int(),
  /** withinTarget / withTarget, 0..1; null when nothing had a target. */
  shareWithinTarget: z.number().nullable(),
});
export type ResponseFigures = z.output<typeof ResponseFiguresSchema>;

const kindField = z.enum(MESSAGE_KINDS);

/** What became of a week's enquiries: each lands in exactly one of spam, trash, answered, unanswered, not recorded. */
export const WeekCountsSchema = z.object({
  /** Monday of the week, YYYY-MM-DD. */
  week: z.string(),
  /** Every enquiry that arrived, spam included. */
  received: z.number().int(),
  spam: z.number().int(),
  trash: z.number().int(),
  /** In the inbox, with a recorded first answer. */
  answered: z.number().int(),
  /** In the inbox, never answered and still new. */
  unanswered: z.number().int(),
  /** Of the unanswered, those past their due time now. */
  overdue: z.number().int(),
  /** In the inbox, moved on from new without a recorded first answer (enquiries from before response times). */
  notRecorded: z.number().int(),
});
export type WeekCounts = z.output<typeof WeekCountsSchema>;

/** New -> Contacted -> Won/Enrolled, over the enquiries in the inbox (spam and trash are counted apart). */
export const FunnelStepsSchema = z.object({
  received: z.number().int(),
  /** Answered, or their status moved on from new. */
  contacted: z.number().int(),
  /** Won (leads) or enrolled (trainings). */
  won: z.number().int(),
});
export type FunnelSteps = z.output<typeof FunnelStepsSchema>;

export const ReportAnswerSchema = z.object({
  success: z.literal(true),
  from: z.string(),
  to: z.string(),
  /** `everyone` for owners; `own`: a staff member's own figures (answered by them, assigned to them). */
  scope: z.enum(['everyone', 'own']),
  responseTimes: z.object({
    overall: ResponseFiguresSchema,
    byKind: z.array(ResponseFiguresSchema.extend({ kind: kindField })),
    byPerson: z.array(ResponseFiguresSchema.extend({ userId: z.number().int(), name: z.string() })),
    byChannel: z.array(ResponseFiguresSchema.extend({ channel: z.enum(FIRST_RESPONSE_CHANNELS) })),
    byWeek: z.array(ResponseFiguresSchema.extend({ week: z.string() })),
  }),
  /** Every week of the range, empty ones included, Monday first. */
  weeks: z.array(WeekCountsSchema),
  funnel: z.object({
    byKind: z.array(FunnelStepsSchema.extend({ kind: kindField })),
    /** By sourceLabelOf, most received first. */
    bySource: z.array(FunnelStepsSchema.extend({ source: z.string() })),
  }),
});
export type ReportAnswer = z.output<typeof ReportAnswerSchema>;
