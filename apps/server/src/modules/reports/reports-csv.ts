import {
  MESSAGE_KIND_LABELS,
  type FunnelSteps,
  type ReportAnswer,
  type ReportName,
  type ResponseFigures,
} from '@agency/shared';
import { inOneBatch, type Cell, type Sheet, type SheetColumn } from '../../lib/spreadsheet';

/**
 * Each report as a CSV (docs/decisions/0042): the figures of the JSON answer, one row per group, written by the
 * project's spreadsheet writer (lib/spreadsheet: a byte order mark, RFC 4180 quoting, formulas neutralised, so a
 * campaign name such as `=HYPERLINK(...)` stays text).
 */

export const CHANNEL_LABELS = { email: 'E-mail', whatsapp: 'WhatsApp', call: 'Call' } as const;

/** Business minutes with one decimal, blank when there is no figure. */
export const minutesOf = (ms: number | null) => (ms === null ? '' : (ms / 60_000).toFixed(1));
const percentOf = (share: number | null) => (share === null ? '' : (share * 100).toFixed(1));

const RESPONSE_COLUMNS: SheetColumn[] = [
  { header: 'Group' },
  { header: 'Name' },
  { header: 'Answered' },
  { header: 'Median (business minutes)' },
  { header: '90th percentile (business minutes)' },
  { header: 'Answered within target' },
  { header: 'With a target' },
  { header: 'Share within target (%)' },
];

function responseRow(group: string, name: string, figures: ResponseFigures): Cell[] {
  return [
    group,
    name,
    String(figures.answered),
    minutesOf(figures.medianMs),
    minutesOf(figures.p90Ms),
    String(figures.withinTarget),
    String(figures.withTarget),
    percentOf(figures.shareWithinTarget),
  ];
}

const funnelRow = (group: string, name: string, steps: FunnelSteps): Cell[] => [
  group,
  name,
  String(steps.received),
  String(steps.contacted),
  String(steps.won),
];

/** The sheet of one report. */
export function reportSheetOf(report: ReportName, answer: ReportAnswer): Sheet {
  const { responseTimes, funnel, weeks } = answer;
  if (report === 'response-times') {
    return {
      name: 'Response times',
      columns: RESPONSE_COLUMNS,
      rows: inOneBatch([
        responseRow('All', 'All enquiries', responseTimes.overall),
        ...responseTimes.byKind.map((row) => responseRow('Kind', MESSAGE_KIND_LABELS[row.kind], row)),
        ...responseTimes.byPerson.map((row) => responseRow('Person', row.name, row)),
        ...responseTimes.byChannel.map((row) => responseRow('Channel', CHANNEL_LABELS[row.channel], row)),
        ...responseTimes.byWeek.map((row) => responseRow('Week', `Week of ${row.week}`, row)),
      ]),
    };
  }
  if (report === 'funnel') {
    return {
      name: 'Funnel',
      columns: [
        { header: 'Group' },
        { header: 'Name' },
        { header: 'New' },
        { header: 'Contacted' },
        { header: 'Won or enrolled' },
      ],
      rows: inOneBatch([
        ...funnel.byKind.map((row) => funnelRow('Kind', MESSAGE_KIND_LABELS[row.kind], row)),
        ...funnel.bySource.map((row) => funnelRow('Source', row.source, row)),
      ]),
    };
  }
  return {
    name: 'Enquiries per week',
    columns: [
      { header: 'Week starting' },
      { header: 'Received' },
      { header: 'Spam' },
      { header: 'Trash' },
      { header: 'Answered' },
      { header: 'Unanswered' },
      { header: 'Of them overdue' },
      { header: 'No answer recorded' },
    ],
    rows: inOneBatch(
      weeks.map((week) => [
        week.week,
        ...[week.received, week.spam, week.trash, week.answered, week.unanswered, week.overdue, week.notRecorded].map(
          String,
        ),
      ]),
    ),
  };
}

/** `response-times-2026-11-23-to-2026-11-29.csv` */
export const reportFileNameOf = (report: ReportName, answer: ReportAnswer) =>
  `${report}-${answer.from}-to-${answer.to}.csv`;
