import { REPORT_NAMES, REPORTS_PATH, ReportAnswerSchema, ReportQuerySchema, reportCsvPath } from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { jsonAnswer, outputSchemaOf, refusals } from '../../lib/json-schema';
import { declareRoute, type DeclaredRoute } from '../../lib/routes';
import { sendCsv } from '../../lib/spreadsheet';
import { signedInUserId } from '../auth/require-staff';
import { reportFileNameOf, reportSheetOf } from './reports-csv';
import { buildReport } from './reports.service';

const SCOPE =
  "Owners read everyone's figures (`scope: everyone`); any other staff member the same report of their own " +
  '(`scope: own`): response times of the enquiries they answered first, counts and funnel of those assigned to them.';
const RANGE =
  '`from` and `to` are Lagos days, both included, at most 366 days; neither: the current Lagos week, Monday to ' +
  'Sunday.';

const CSV_SUMMARIES = {
  'response-times': 'Response times as CSV: all, by kind, person, channel and week',
  enquiries: 'Enquiries per week as CSV: received, spam, trash, answered, unanswered, overdue',
  funnel: 'The funnel as CSV: new, contacted, won or enrolled, by kind and by source',
} as const;

/** The reports (issue 21 item 6): the JSON every chart of the page reads, and one CSV per report. */
export function reportsRouteDeclarations(deps: AppDeps): DeclaredRoute[] {
  return [
    declareRoute({
      method: 'get',
      path: REPORTS_PATH,
      access: 'staff',
      tags: ['Reports'],
      operationId: 'getReport',
      summary: 'First-response times, enquiries per week and the funnel of a range of Lagos days',
      description: `${RANGE} ${SCOPE} Times are business milliseconds (docs/decisions/0037), percentiles nearest rank.`,
      query: ReportQuerySchema,
      responses: {
        '200': jsonAnswer('The report', outputSchemaOf(ReportAnswerSchema)),
        ...refusals(400, 401, 403, 405, 503),
      },
      handle: async ({ req, res, query }) => {
        res.json(await buildReport(deps, query, signedInUserId(req)));
      },
    }),
    ...REPORT_NAMES.map((report) =>
      declareRoute({
        method: 'get',
        path: reportCsvPath(report),
        access: 'staff',
        tags: ['Reports'],
        operationId: `getReportCsv${report.replace(/(^|-)(\w)/g, (_match, _dash, letter: string) => letter.toUpperCase())}`,
        summary: CSV_SUMMARIES[report],
        description: `${RANGE} ${SCOPE} UTF-8 with a byte order mark; cells that could run as formulas neutralised.`,
        query: ReportQuerySchema,
        responses: {
          '200': { description: 'The CSV file', content: { 'text/csv': { schema: { type: 'string' } } } },
          ...refusals(400, 401, 403, 405, 503),
        },
        handle: async ({ req, res, query }) => {
          const parts = { responseTimes: report === 'response-times', funnel: report === 'funnel' };
          const answer = await buildReport(deps, query, signedInUserId(req), parts);
          await sendCsv(res, reportFileNameOf(report, answer), reportSheetOf(report, answer));
        },
      }),
    ),
  ];
}
