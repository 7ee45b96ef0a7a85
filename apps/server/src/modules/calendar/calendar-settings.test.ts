import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  BusinessCalendarAnswerSchema,
  DEFAULT_BUSINESS_CALENDAR,
  STAFF_ADMIN_PATHS,
  type BusinessCalendarSettings,
} from '@agency/shared';
import {
  createTestContext,
  registerAndConfirm,
  signedInStaff,
  signIn,
  type StaffAgent,
  type TestContext,
  userIdOf,
} from '../../test/test-context';
import { businessMsBetween, loadBusinessCalendar } from './calendar.service';

// Issue 21: the business calendar's settings, read by staff, changed by owners (audited), on SQLite and MariaDB.

let context: TestContext;
let owner: StaffAgent;
let staff: StaffAgent;
let ownerId: number;

const PATH = API_PATHS.BUSINESS_CALENDAR;

const SATURDAY_AND_CLOSED_DAY: BusinessCalendarSettings = {
  ...DEFAULT_BUSINESS_CALENDAR,
  hours: { ...DEFAULT_BUSINESS_CALENDAR.hours, saturday: [{ start: '10:00', end: '14:00' }] },
  addedDays: [{ date: '2026-12-24', name: 'Christmas Eve' }],
  removedDays: ['2027-01-01'],
};

beforeAll(async () => {
  context = await createTestContext();
  owner = await signedInStaff(context, 'owner@agency.test');
  ownerId = await userIdOf(context, 'owner@agency.test');
  await registerAndConfirm(context, 'ada@agency.test');
  expect((await owner.post(STAFF_ADMIN_PATHS.approve(await userIdOf(context, 'ada@agency.test')))).status).toBe(200);
  staff = (await signIn(context, 'ada@agency.test')).agent;
});

afterAll(async () => {
  await context.close();
});

describe('the business calendar settings', () => {
  it('are the defaults until an owner saves them, with the coming 12 months of holidays', async () => {
    const response = await staff.get(PATH);
    expect(response.status).toBe(200);
    const answer = BusinessCalendarAnswerSchema.parse(response.body);
    expect(answer.calendar).toEqual(DEFAULT_BUSINESS_CALENDAR);
    expect(answer.from).toBe('2026-11-22');
    expect(answer.holidays.slice(0, 3)).toEqual([
      { date: '2026-12-25', name: 'Christmas Day', origin: 'public-holiday' },
      { date: '2026-12-26', name: 'Boxing Day', origin: 'public-holiday' },
      { date: '2027-01-01', name: "New Year's Day", origin: 'public-holiday' },
    ]);
    expect(answer.holidays.at(-1)?.date).toBe('2027-10-01');
    expect(answer.openAfterAll).toEqual([]);
  });

  it('are read by staff only, and changed by owners only', async () => {
    expect((await request(context.app).get(PATH)).status).toBe(401);
    expect((await request(context.app).put(PATH).send(SATURDAY_AND_CLOSED_DAY)).status).toBe(401);
    expect((await staff.put(PATH).send(SATURDAY_AND_CLOSED_DAY)).status).toBe(403);
    expect(BusinessCalendarAnswerSchema.parse((await staff.get(PATH)).body).calendar).toEqual(
      DEFAULT_BUSINESS_CALENDAR,
    );
  });

  it('are saved by an owner, audited, and used by the arithmetic at once', async () => {
    const response = await owner.put(PATH).send(SATURDAY_AND_CLOSED_DAY);
    expect(response.status).toBe(200);
    const answer = BusinessCalendarAnswerSchema.parse(response.body);
    expect(answer.calendar).toEqual(SATURDAY_AND_CLOSED_DAY);
    expect(answer.holidays.slice(0, 3).map(({ date, origin }) => `${date} ${origin}`)).toEqual([
      '2026-12-24 added',
      '2026-12-25 public-holiday',
      '2026-12-26 public-holiday',
    ]);
    expect(answer.openAfterAll).toEqual([{ date: '2027-01-01', name: "New Year's Day", origin: 'public-holiday' }]);
    expect(BusinessCalendarAnswerSchema.parse((await staff.get(PATH)).body).calendar).toEqual(SATURDAY_AND_CLOSED_DAY);

    const audit = await context.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'target', 'detail'])
      .where('action', '=', 'business-calendar.change')
      .execute();
    expect(audit).toEqual([
      {
        action: 'business-calendar.change',
        actor_id: ownerId,
        target: 'the business calendar',
        detail: JSON.stringify({
          hours: { saturday: '10:00-14:00' },
          closedDaysAdded: ['2026-12-24'],
          closedDaysDropped: [],
          holidaysOpened: ['2027-01-01'],
          holidaysClosedAgain: [],
        }),
      },
    ]);

    // Saturday 28 November 2026 10:00-14:00 Lagos is now business time.
    const calendar = await loadBusinessCalendar(context.db);
    const saturday = Date.parse('2026-11-28T10:00:00+01:00');
    expect(businessMsBetween(calendar, saturday, saturday + 6 * 3_600_000)).toBe(4 * 3_600_000);

    // A second save replaces the first (one row).
    expect((await owner.put(PATH).send(DEFAULT_BUSINESS_CALENDAR)).status).toBe(200);
    const rows = await context.db.selectFrom('business_calendar').select(['id', 'updated_by']).execute();
    expect(rows).toEqual([{ id: 1, updated_by: ownerId }]);
    expect(BusinessCalendarAnswerSchema.parse((await staff.get(PATH)).body).calendar).toEqual(
      DEFAULT_BUSINESS_CALENDAR,
    );
  });

  it('refuses a bad calendar with a 400 that says what is wrong, and keeps the saved one', async () => {
    const refusal = async (body: unknown) => {
      const response = await owner.put(PATH).send(body as object);
      expect(response.status).toBe(400);
      return response.body as { success: boolean; errors: Record<string, string> };
    };
    const saturday = (periods: unknown) => ({
      ...DEFAULT_BUSINESS_CALENDAR,
      hours: { ...DEFAULT_BUSINESS_CALENDAR.hours, saturday: periods },
    });
    expect((await refusal(saturday([{ start: '14:00', end: '10:00' }]))).errors.hours).toBe(
      'Saturday, period 1: the opening time (14:00) must be before the closing time (10:00).',
    );
    expect(
      (
        await refusal(
          saturday([
            { start: '09:00', end: '13:00' },
            { start: '12:00', end: '15:00' },
          ]),
        )
      ).errors.hours,
    ).toBe('Saturday: periods 1 and 2 overlap (09:00-13:00 and 12:00-15:00).');
    expect((await refusal(saturday([{ start: '9am', end: '25:00' }]))).errors.hours).toBe(
      'A time is HH:MM on the 24-hour clock, from 00:00 to 24:00.',
    );
    expect(
      (await refusal({ ...DEFAULT_BUSINESS_CALENDAR, addedDays: [{ date: '24/12/2026' }] })).errors.addedDays,
    ).toBe('A day is written YYYY-MM-DD and must exist (2026-12-24).');
    expect((await refusal({ ...DEFAULT_BUSINESS_CALENDAR, removedDays: ['2027-02-29'] })).errors.removedDays).toBe(
      'A day is written YYYY-MM-DD and must exist (2026-12-24).',
    );
    expect((await refusal({ hours: DEFAULT_BUSINESS_CALENDAR.hours })).success).toBe(false);
    expect(BusinessCalendarAnswerSchema.parse((await staff.get(PATH)).body).calendar).toEqual(
      DEFAULT_BUSINESS_CALENDAR,
    );
  });
});
