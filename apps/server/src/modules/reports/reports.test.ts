import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIRST_RESPONSE_CHANNELS,
  MESSAGE_KIND_LABELS,
  MESSAGE_KINDS,
  REPORT_MESSAGES,
  REPORTS_PATH,
  ReportAnswerSchema,
  reportCsvPath,
  sourceLabelOf,
  STAFF_ADMIN_PATHS,
  type ReportAnswer,
  type ResponseFigures,
} from '@agency/shared';
import { seededRandom } from '@agency/testing';
import {
  createTestContext,
  registerAndConfirm,
  signedInStaff,
  signIn,
  type StaffAgent,
  type TestContext,
  userIdOf,
} from '../../test/test-context';
import { csvRecordsOf, download, rowsByHeader } from '../../test/spreadsheet-files';
import { generateEnquiries, insertGenerated, type GeneratedEnquiry } from './reports-fixtures';

// Issue 21 item 6: the reports, on SQLite and MariaDB, checked against a computation of this file's own from the
// generated rows (not the product's grouping or percentile code). The clock stands at START_TIME, Sunday
// 2026-11-22 10:00 in Lagos, so the current week is 2026-11-16 to 2026-11-22.

const SEED = Number(process.env.REPORTS_SEED ?? Math.floor(Math.random() * 2 ** 32));
const DAY_MS = 86_400_000;
/** Lagos midnight of a day, in UTC milliseconds. */
const lagosStart = (day: string) => Date.parse(`${day}T00:00:00+01:00`);

let context: TestContext;
let owner: StaffAgent;
let ada: StaffAgent;
let adaId: number;
let bolaId: number;
let ownerId: number;
let rows: GeneratedEnquiry[];

beforeAll(async () => {
  console.info(`reports test: seed ${SEED} (REPORTS_SEED=${SEED} replays it)`);
  context = await createTestContext();
  owner = await signedInStaff(context, 'owner@agency.test');
  ownerId = await userIdOf(context, 'owner@agency.test');
  for (const email of ['ada@agency.test', 'bola@agency.test']) {
    await registerAndConfirm(context, email);
    expect((await owner.post(STAFF_ADMIN_PATHS.approve(await userIdOf(context, email)))).status).toBe(200);
  }
  ada = (await signIn(context, 'ada@agency.test')).agent;
  adaId = await userIdOf(context, 'ada@agency.test');
  bolaId = await userIdOf(context, 'bola@agency.test');
  // Five weeks and a bit around the four weeks asked for, so the range's edges are tested too.
  rows = generateEnquiries({
    count: 1500,
    random: seededRandom(SEED),
    fromMs: lagosStart('2026-10-19'),
    untilMs: lagosStart('2026-11-30'),
    staffIds: [ownerId, adaId, bolaId, 9999],
    batchName: 'T',
  });
  // Arrivals exactly at the range's first and last moment.
  rows.push(
    { ...rows[0]!, reference: 'EDGE-1', created_at: lagosStart('2026-10-26') },
    { ...rows[1]!, reference: 'EDGE-2', created_at: lagosStart('2026-11-23') - 1 },
    { ...rows[2]!, reference: 'EDGE-3', created_at: lagosStart('2026-11-23') },
  );
  await insertGenerated(context.db, rows);
});

afterAll(async () => {
  await context.close();
});

// ---- The independent computation ----

/** The smallest time t of the list such that at least a share p of the times are <= t. */
function percentileByCounting(times: readonly number[], p: number): number | null {
  let best: number | null = null;
  for (const candidate of times) {
    const atOrBelow = times.filter((time) => time <= candidate).length;
    if (atOrBelow >= p * times.length && (best === null || candidate < best)) best = candidate;
  }
  return best;
}

interface Scope {
  fromDay: string;
  toDay: string;
  /** A staff member's own report. */
  userId?: number;
}

const now = () => context.now().getTime();

function inScope(row: GeneratedEnquiry, scope: Scope): boolean {
  return row.created_at >= lagosStart(scope.fromDay) && row.created_at < lagosStart(scope.toDay) + DAY_MS;
}

/** Still waiting for a first answer: New, or Contacted by a tap that is only an attempt (decision 0038). */
const awaiting = (row: GeneratedEnquiry) => row.status === 'new' || row.status === 'contacted';
const isAnswered = (row: GeneratedEnquiry) => row.folder !== 'spam' && row.first_response_business_ms != null;
const isOverdueMiss = (row: GeneratedEnquiry) =>
  row.folder === 'inbox' &&
  row.first_response_at == null &&
  awaiting(row) &&
  row.response_due_at != null &&
  row.response_due_at <= now();

function expectedFigures(answered: GeneratedEnquiry[], misses: number): ResponseFigures {
  const times = answered.map((row) => Number(row.first_response_business_ms));
  const targeted = answered.filter((row) => row.response_due_at != null);
  const within = targeted.filter((row) => Number(row.first_response_at) <= Number(row.response_due_at)).length;
  return {
    answered: answered.length,
    medianMs: percentileByCounting(times, 0.5),
    p90Ms: percentileByCounting(times, 0.9),
    withinTarget: within,
    withTarget: targeted.length + misses,
    shareWithinTarget: targeted.length + misses === 0 ? null : within / (targeted.length + misses),
  };
}

/** Monday of the Lagos week of a moment. */
function mondayOfMs(ms: number): string {
  const lagos = new Date(ms + 3_600_000);
  const weekday = (lagos.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth(), lagos.getUTCDate() - weekday))
    .toISOString()
    .slice(0, 10);
}

function expectedReport(scope: Scope, names: Record<number, string>): Omit<ReportAnswer, 'success' | 'scope'> {
  const ranged = rows.filter((row) => inScope(row, scope));
  const answered = ranged.filter(
    (row) => isAnswered(row) && (scope.userId === undefined || row.first_response_by === scope.userId),
  );
  const counted = ranged.filter((row) => scope.userId === undefined || row.assignee_id === scope.userId);
  const misses = counted.filter(isOverdueMiss);
  const weeks: string[] = [];
  for (let day = lagosStart(scope.fromDay); day < lagosStart(scope.toDay) + DAY_MS; day += 7 * DAY_MS) {
    weeks.push(mondayOfMs(day));
  }
  const people = [...new Set(answered.map((row) => Number(row.first_response_by)))];
  const inbox = counted.filter((row) => row.folder === 'inbox');
  const stepsOf = (group: GeneratedEnquiry[]) => ({
    received: group.length,
    contacted: group.filter((row) => row.first_response_at != null || row.status !== 'new').length,
    won: group.filter((row) => row.status === 'won' || row.status === 'enrolled').length,
  });
  const sources = [...new Set(inbox.map((row) => sourceOf(row)))];
  return {
    from: scope.fromDay,
    to: scope.toDay,
    responseTimes: {
      overall: expectedFigures(answered, misses.length),
      byKind: MESSAGE_KINDS.map((kind) => ({
        kind,
        ...expectedFigures(
          answered.filter((row) => row.kind === kind),
          misses.filter((row) => row.kind === kind).length,
        ),
      })),
      byPerson: people
        .map((id) => ({
          userId: id,
          name: names[id] ?? 'A former colleague',
          ...expectedFigures(
            answered.filter((row) => row.first_response_by === id),
            0,
          ),
        }))
        .sort((a, b) => a.name.localeCompare(b.name)),
      byChannel: FIRST_RESPONSE_CHANNELS.map((channel) => ({
        channel,
        ...expectedFigures(
          answered.filter((row) => row.first_response_channel === channel),
          0,
        ),
      })),
      byWeek: weeks.map((week) => ({
        week,
        ...expectedFigures(
          answered.filter((row) => mondayOfMs(row.created_at) === week),
          misses.filter((row) => mondayOfMs(row.created_at) === week).length,
        ),
      })),
    },
    weeks: weeks.map((week) => {
      const of = counted.filter((row) => mondayOfMs(row.created_at) === week);
      const kept = of.filter((row) => row.folder === 'inbox');
      const waiting = kept.filter((row) => row.first_response_at == null && awaiting(row));
      return {
        week,
        received: of.length,
        spam: of.filter((row) => row.folder === 'spam').length,
        trash: of.filter((row) => row.folder === 'trash').length,
        answered: kept.filter((row) => row.first_response_at != null).length,
        unanswered: waiting.length,
        overdue: waiting.filter((row) => row.response_due_at != null && row.response_due_at <= now()).length,
        notRecorded: kept.filter((row) => row.first_response_at == null && !awaiting(row)).length,
      };
    }),
    funnel: {
      byKind: MESSAGE_KINDS.map((kind) => ({ kind, ...stepsOf(inbox.filter((row) => row.kind === kind)) })),
      bySource: sources
        .map((source) => ({ source, ...stepsOf(inbox.filter((row) => sourceOf(row) === source)) }))
        .sort((a, b) => b.received - a.received || a.source.localeCompare(b.source)),
    },
  };
}

const sourceOf = (row: GeneratedEnquiry) =>
  sourceLabelOf({
    sourceClass: row.source_class ?? null,
    sourceHost: row.source_host ?? null,
    utmSource: row.utm_source ?? null,
  });

const NAMES = () => ({ [ownerId]: 'owner', [adaId]: 'ada', [bolaId]: 'bola' });

/** Floating shares compared to 12 digits, every count and time exactly. */
function rounded(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (_key, field: unknown) =>
      typeof field === 'number' && !Number.isInteger(field) ? Number(field.toFixed(12)) : field,
    ),
  );
}

describe('the reports', () => {
  it("give an owner everyone's figures of four weeks, equal to an independent computation", async () => {
    const response = await owner.get(REPORTS_PATH).query({ from: '2026-10-26', to: '2026-11-22' });
    expect(response.status).toBe(200);
    const answer = ReportAnswerSchema.parse(response.body);
    expect(answer.scope).toBe('everyone');
    const { success: _success, scope: _scope, ...figures } = answer;
    expect(rounded(figures), `seed ${SEED}`).toEqual(
      rounded(expectedReport({ fromDay: '2026-10-26', toDay: '2026-11-22' }, NAMES())),
    );
    // The test means something: there are answers, misses, spam and trash in the range, and a former colleague.
    expect(answer.responseTimes.overall.answered).toBeGreaterThan(500);
    expect(answer.weeks.reduce((total, week) => total + week.spam + week.trash + week.overdue, 0)).toBeGreaterThan(50);
    expect(answer.responseTimes.byPerson.map((person) => person.name)).toContain('A former colleague');
    expect(answer.weeks.map((week) => week.week)).toEqual(['2026-10-26', '2026-11-02', '2026-11-09', '2026-11-16']);
    expect(JSON.stringify(answer).length).toBeLessThan(50_000);
  });

  it('cover the current Lagos week, Monday to Sunday, when no days are given', async () => {
    const answer = ReportAnswerSchema.parse((await owner.get(REPORTS_PATH)).body);
    expect([answer.from, answer.to]).toEqual(['2026-11-16', '2026-11-22']);
    const { success: _success, scope: _scope, ...figures } = answer;
    expect(rounded(figures)).toEqual(rounded(expectedReport({ fromDay: '2026-11-16', toDay: '2026-11-22' }, NAMES())));
  });

  it('give a staff member the same report of their own figures only', async () => {
    const response = await ada.get(REPORTS_PATH).query({ from: '2026-10-26', to: '2026-11-22' });
    expect(response.status).toBe(200);
    const answer = ReportAnswerSchema.parse(response.body);
    expect(answer.scope).toBe('own');
    expect(answer.responseTimes.byPerson.map((person) => person.name)).toEqual(['ada']);
    const { success: _success, scope: _scope, ...figures } = answer;
    expect(rounded(figures), `seed ${SEED}`).toEqual(
      rounded(expectedReport({ fromDay: '2026-10-26', toDay: '2026-11-22', userId: adaId }, NAMES())),
    );
    const everyone = ReportAnswerSchema.parse(
      (await owner.get(REPORTS_PATH).query({ from: '2026-10-26', to: '2026-11-22' })).body,
    );
    expect(answer.responseTimes.overall.answered).toBeLessThan(everyone.responseTimes.overall.answered);
  });

  it('are for signed-in staff only', async () => {
    expect((await request(context.app).get(REPORTS_PATH)).status).toBe(401);
    expect((await request(context.app).get(reportCsvPath('funnel'))).status).toBe(401);
  });

  it.each([
    [{ from: '2026-11-31', to: '2026-12-01' }, REPORT_MESSAGES.DAY],
    [{ from: 'last week', to: '2026-12-01' }, REPORT_MESSAGES.DAY],
    [{ from: '2026-11-23', to: '2026-11-16' }, REPORT_MESSAGES.ORDER],
    [{ from: '2025-01-01', to: '2026-01-02' }, REPORT_MESSAGES.TOO_LONG],
    [{ from: '2026-11-16' }, REPORT_MESSAGES.BOTH],
  ])('refuse %j with 400 and a clear message', async (query, message) => {
    const response = await owner.get(REPORTS_PATH).query(query);
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain(message);
    expect((await owner.get(reportCsvPath('enquiries')).query(query)).status).toBe(400);
  });

  it('answer a range of a whole year', async () => {
    const response = await owner.get(REPORTS_PATH).query({ from: '2026-01-01', to: '2027-01-01' });
    expect(response.status).toBe(200);
    expect(ReportAnswerSchema.parse(response.body).weeks).toHaveLength(53);
  });
});

describe('the reports as CSV', () => {
  const query = { from: '2026-10-26', to: '2026-11-22' };
  const csvOf = async (agent: StaffAgent, report: 'response-times' | 'enquiries' | 'funnel') => {
    const file = await download(agent.get(reportCsvPath(report)).query(query));
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toContain(`${report}-2026-10-26-to-2026-11-22.csv`);
    return rowsByHeader(csvRecordsOf(file.bytes));
  };
  const minutes = (ms: number | null) => (ms === null ? '' : (ms / 60_000).toFixed(1));

  it('hold the response times of every group, in business minutes', async () => {
    const expected = expectedReport({ fromDay: '2026-10-26', toDay: '2026-11-22' }, NAMES()).responseTimes;
    const csv = await csvOf(owner, 'response-times');
    expect(csv[0]).toEqual({
      Group: 'All',
      Name: 'All enquiries',
      Answered: String(expected.overall.answered),
      'Median (business minutes)': minutes(expected.overall.medianMs),
      '90th percentile (business minutes)': minutes(expected.overall.p90Ms),
      'Answered within target': String(expected.overall.withinTarget),
      'With a target': String(expected.overall.withTarget),
      'Share within target (%)': ((expected.overall.withinTarget / expected.overall.withTarget) * 100).toFixed(1),
    });
    const contact = csv.find((row) => row.Name === MESSAGE_KIND_LABELS.contact);
    expect(contact?.Answered).toBe(String(expected.byKind.find((row) => row.kind === 'contact')?.answered));
    expect(csv.filter((row) => row.Group === 'Channel').map((row) => row.Name)).toEqual(['E-mail', 'WhatsApp', 'Call']);
    expect(csv.filter((row) => row.Group === 'Week')).toHaveLength(4);
    expect(csv.filter((row) => row.Group === 'Person')).toHaveLength(expected.byPerson.length);
  });

  it('hold enquiries per week and the funnel, a campaign name that looks like a formula kept as text', async () => {
    const expected = expectedReport({ fromDay: '2026-10-26', toDay: '2026-11-22' }, NAMES());
    const weeks = await csvOf(owner, 'enquiries');
    expect(weeks.map((row) => [row['Week starting'], row.Received, row.Spam, row.Trash, row.Unanswered])).toEqual(
      expected.weeks.map((week) => [week.week, ...[week.received, week.spam, week.trash, week.unanswered].map(String)]),
    );
    const funnel = await csvOf(owner, 'funnel');
    const campaign = funnel.find((row) => row.Name?.includes('hyperlink'));
    expect(campaign?.Name).toBe(`'=hyperlink("http://evil.example")`);
    expect(funnel.filter((row) => row.Group === 'Source').map((row) => row.Name)).toHaveLength(
      expected.funnel.bySource.length,
    );
  });

  it("give a staff member their own figures' CSV", async () => {
    const expected = expectedReport({ fromDay: '2026-10-26', toDay: '2026-11-22', userId: adaId }, NAMES());
    const csv = await csvOf(ada, 'response-times');
    expect(csv[0]?.Answered).toBe(String(expected.responseTimes.overall.answered));
    expect(csv.filter((row) => row.Group === 'Person').map((row) => row.Name)).toEqual(['ada']);
  });
});
