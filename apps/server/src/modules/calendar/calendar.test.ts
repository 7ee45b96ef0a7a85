import { describe, expect, it } from 'vitest';
import {
  BusinessCalendarSettingsSchema,
  DEFAULT_BUSINESS_CALENDAR,
  fieldErrorsOf,
  type BusinessCalendarSettings,
} from '@agency/shared';
import {
  addBusinessMs,
  businessCalendarOf,
  businessMsBetween,
  closedReasonOf,
  isLagosWorkingDayAt,
  isOpenAt,
  isWorkingDay,
  nextOpening,
} from './business-time';
import { comingHolidaysOf } from './calendar.service';
import { publicHolidaysOf } from './holidays';
import { lagosDayStartMs, lagosMomentOf } from './lagos-time';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** An instant from Lagos wall-clock time: `2026-11-27 09:30`. */
const lagos = (text: string) => Date.parse(`${text.replace(' ', 'T')}:00+01:00`);

const nineToFive = businessCalendarOf(DEFAULT_BUSINESS_CALENDAR);

const withLunch: BusinessCalendarSettings = {
  ...DEFAULT_BUSINESS_CALENDAR,
  hours: {
    ...DEFAULT_BUSINESS_CALENDAR.hours,
    monday: [
      { start: '08:30', end: '12:30' },
      { start: '13:30', end: '17:00' },
    ],
    saturday: [{ start: '10:00', end: '14:00' }],
  },
};

describe('Lagos time', () => {
  it('gives the Lagos day, weekday and time of day, as Intl does for Africa/Lagos', () => {
    const format = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Africa/Lagos',
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
    // Every 97 minutes across four years, both sides of each new year and of every European and American clock change.
    for (let ms = Date.UTC(2024, 0, 1); ms < Date.UTC(2028, 0, 1); ms += 97 * MINUTE) {
      const parts = Object.fromEntries(format.formatToParts(ms).map(({ type, value }) => [type, value]));
      const moment = lagosMomentOf(ms);
      expect(moment.day).toBe(`${parts.year}-${parts.month}-${parts.day}`);
      expect(weekdays[moment.weekdayIndex]).toBe(parts.weekday);
      expect(Math.floor(moment.msOfDay / MINUTE)).toBe(Number(parts.hour) * 60 + Number(parts.minute));
    }
    expect(lagosDayStartMs('2026-11-27')).toBe(Date.UTC(2026, 10, 26, 23));
  });
});

describe('public holidays', () => {
  it('takes the library’s public days, one day for each Eid, without the days that are not work-free', () => {
    expect(publicHolidaysOf(2026)).toEqual([
      { date: '2026-01-01', name: "New Year's Day" },
      { date: '2026-03-20', name: 'Id el Fitr' },
      { date: '2026-04-03', name: 'Good Friday' },
      { date: '2026-04-06', name: 'Easter Monday' },
      { date: '2026-05-01', name: "Worker's Day" },
      { date: '2026-05-27', name: 'Id el Kabir' },
      { date: '2026-06-12', name: 'Democracy Day' },
      { date: '2026-08-25', name: 'Birthday of Muhammad (Mawlid)' },
      { date: '2026-10-01', name: 'Independence Day' },
      { date: '2026-12-25', name: 'Christmas Day' },
      { date: '2026-12-26', name: 'Boxing Day' },
    ]);
  });

  it('moves the Eids with the Islamic calendar, and keeps substitute days', () => {
    const dates = (year: number) => publicHolidaysOf(year).map(({ date, name }) => `${date} ${name}`);
    expect(dates(2027)).toContain('2027-03-09 Id el Fitr');
    expect(dates(2027)).toContain('2027-05-16 Id el Kabir');
    expect(dates(2027)).toContain("2027-05-03 Worker's Day (substitute day)");
    expect(dates(2027)).toContain('2027-06-14 Democracy Day (substitute day)');
    // Eid el Fitr 2026 is a Friday: closed, and Thursday before it open.
    expect(isWorkingDay(nineToFive, '2026-03-20')).toBe(false);
    expect(closedReasonOf(nineToFive, '2026-03-20')).toBe('public-holiday');
    expect(isWorkingDay(nineToFive, '2026-03-19')).toBe(true);
    expect(businessMsBetween(nineToFive, lagos('2026-03-19 16:00'), lagos('2026-03-23 10:00'))).toBe(2 * HOUR);
  });

  it('counts Children’s Day and National Youth Day as working days unless the owners add them', () => {
    expect(isWorkingDay(nineToFive, '2026-05-27')).toBe(false); // Id el Kabir falls on Children's Day in 2026
    expect(isWorkingDay(nineToFive, '2027-05-27')).toBe(true);
    const added = businessCalendarOf({
      ...DEFAULT_BUSINESS_CALENDAR,
      addedDays: [{ date: '2027-05-27', name: "Children's Day" }],
    });
    expect(closedReasonOf(added, '2027-05-27')).toBe('added');
  });
});

describe('overrides', () => {
  const calendar = businessCalendarOf({
    ...DEFAULT_BUSINESS_CALENDAR,
    addedDays: [{ date: '2026-12-24', name: 'Christmas Eve' }],
    removedDays: ['2026-10-01'],
  });

  it('closes an added day and opens a removed holiday on its weekday’s hours', () => {
    expect(closedReasonOf(calendar, '2026-12-24')).toBe('added');
    expect(isWorkingDay(calendar, '2026-10-01')).toBe(true);
    expect(isWorkingDay(nineToFive, '2026-10-01')).toBe(false);
    expect(businessMsBetween(calendar, lagos('2026-10-01 00:00'), lagos('2026-10-02 00:00'))).toBe(8 * HOUR);
    // Wednesday 23 December 16:00 -> Monday 28 December 10:00: 24th added, 25th and 26th holidays, 27th Sunday.
    expect(businessMsBetween(calendar, lagos('2026-12-23 16:00'), lagos('2026-12-28 10:00'))).toBe(2 * HOUR);
  });

  it('says whether a Lagos day is a working day for the digest, from an instant', () => {
    // 07:30 Lagos on Thursday 24 December 2026 is 06:30 UTC: added, no digest; Tuesday 29th yes.
    expect(isLagosWorkingDayAt(calendar, lagos('2026-12-24 07:30'))).toBe(false);
    expect(isLagosWorkingDayAt(calendar, lagos('2026-12-29 07:30'))).toBe(true);
    // 23:30 UTC on a Friday is already Saturday in Lagos.
    expect(isLagosWorkingDayAt(nineToFive, Date.UTC(2026, 10, 27, 23, 30))).toBe(false);
  });
});

describe('business time', () => {
  const lunch = businessCalendarOf(withLunch);

  it('counts within a period, and nothing before or after hours', () => {
    expect(businessMsBetween(nineToFive, lagos('2026-11-26 10:00'), lagos('2026-11-26 10:45'))).toBe(45 * MINUTE);
    expect(businessMsBetween(nineToFive, lagos('2026-11-26 06:00'), lagos('2026-11-26 08:59'))).toBe(0);
    expect(businessMsBetween(nineToFive, lagos('2026-11-26 17:00'), lagos('2026-11-26 23:00'))).toBe(0);
    expect(businessMsBetween(nineToFive, lagos('2026-11-26 12:00'), lagos('2026-11-26 11:00'))).toBe(0);
  });

  it('leaves out a lunch break that an answer crosses', () => {
    // Monday 30 November 2026, 12:00 -> 14:00: 30 minutes before lunch, 30 after.
    expect(businessMsBetween(lunch, lagos('2026-11-30 12:00'), lagos('2026-11-30 14:00'))).toBe(HOUR);
    expect(addBusinessMs(lunch, lagos('2026-11-30 12:00'), HOUR)).toBe(lagos('2026-11-30 14:00'));
    expect(addBusinessMs(lunch, lagos('2026-11-30 12:00'), 30 * MINUTE)).toBe(lagos('2026-11-30 12:30'));
    expect(nextOpening(lunch, lagos('2026-11-30 12:45'))).toBe(lagos('2026-11-30 13:30'));
  });

  it('starts a weekend arrival’s clock on Monday (or on Saturday when it is open)', () => {
    // Saturday 28 November 2026, 11:00.
    const saturday = lagos('2026-11-28 11:00');
    expect(addBusinessMs(nineToFive, saturday, HOUR)).toBe(lagos('2026-11-30 10:00'));
    expect(nextOpening(nineToFive, saturday)).toBe(lagos('2026-11-30 09:00'));
    expect(addBusinessMs(lunch, saturday, HOUR)).toBe(lagos('2026-11-28 12:00'));
    expect(addBusinessMs(lunch, saturday, 4 * HOUR)).toBe(lagos('2026-11-30 09:30'));
    expect(businessMsBetween(lunch, saturday, lagos('2026-11-30 09:30'))).toBe(4 * HOUR);
  });

  it('starts a night arrival’s clock at the next opening', () => {
    const night = lagos('2026-11-25 22:10');
    expect(nextOpening(nineToFive, night)).toBe(lagos('2026-11-26 09:00'));
    expect(addBusinessMs(nineToFive, night, HOUR)).toBe(lagos('2026-11-26 10:00'));
    // Four hours from Friday 16:00 is Monday 12:00.
    expect(addBusinessMs(nineToFive, lagos('2026-11-27 16:00'), 4 * HOUR)).toBe(lagos('2026-11-30 12:00'));
    expect(isOpenAt(nineToFive, night)).toBe(false);
    expect(isOpenAt(nineToFive, lagos('2026-11-26 09:00'))).toBe(true);
    expect(isOpenAt(nineToFive, lagos('2026-11-26 17:00'))).toBe(false);
  });

  it('gives the earliest due time: a duration ending with a period ends at its close', () => {
    expect(addBusinessMs(nineToFive, lagos('2026-11-26 16:00'), HOUR)).toBe(lagos('2026-11-26 17:00'));
    expect(addBusinessMs(nineToFive, lagos('2026-11-26 20:00'), 0)).toBe(lagos('2026-11-26 20:00'));
    expect(nextOpening(nineToFive, lagos('2026-11-26 10:00'))).toBe(lagos('2026-11-26 10:00'));
  });
});

describe('the settings schema', () => {
  const errorsOf = (input: unknown) => {
    const result = BusinessCalendarSettingsSchema.safeParse(input);
    return result.success ? {} : fieldErrorsOf(result.error);
  };
  const hours = (saturday: unknown) => ({
    ...DEFAULT_BUSINESS_CALENDAR,
    hours: { ...DEFAULT_BUSINESS_CALENDAR.hours, saturday },
  });

  it('takes the defaults, periods ending at 24:00 and a lunch break', () => {
    expect(errorsOf(DEFAULT_BUSINESS_CALENDAR)).toEqual({});
    expect(errorsOf(withLunch)).toEqual({});
    expect(errorsOf(hours([{ start: '00:00', end: '24:00' }]))).toEqual({});
  });

  it('names the weekday and period of a refused time, order or overlap', () => {
    expect(errorsOf(hours([{ start: '9:00', end: '17:00' }])).hours).toMatch(/HH:MM/);
    expect(errorsOf(hours([{ start: '24:30', end: '25:00' }])).hours).toMatch(/HH:MM/);
    expect(errorsOf(hours([{ start: '14:00', end: '10:00' }])).hours).toBe(
      'Saturday, period 1: the opening time (14:00) must be before the closing time (10:00).',
    );
    expect(
      errorsOf(
        hours([
          { start: '13:00', end: '17:00' },
          { start: '09:00', end: '13:30' },
        ]),
      ).hours,
    ).toBe('Saturday: periods 1 and 2 overlap (09:00-13:30 and 13:00-17:00).');
    const closed = Object.fromEntries(Object.keys(DEFAULT_BUSINESS_CALENDAR.hours).map((day) => [day, []]));
    expect(errorsOf({ ...DEFAULT_BUSINESS_CALENDAR, hours: closed }).hours).toMatch(/at least one period/);
  });

  it('refuses a day that does not exist, twice the same day, and a day both closed and reopened', () => {
    expect(errorsOf({ ...DEFAULT_BUSINESS_CALENDAR, addedDays: [{ date: '2026-02-30' }] }).addedDays).toMatch(
      /YYYY-MM-DD/,
    );
    expect(errorsOf({ ...DEFAULT_BUSINESS_CALENDAR, removedDays: ['26-10-01'] }).removedDays).toMatch(/YYYY-MM-DD/);
    expect(
      errorsOf({ ...DEFAULT_BUSINESS_CALENDAR, addedDays: [{ date: '2026-12-24' }, { date: '2026-12-24' }] }).addedDays,
    ).toBe('2026-12-24 is closed twice.');
    expect(
      errorsOf({ ...DEFAULT_BUSINESS_CALENDAR, addedDays: [{ date: '2026-12-24' }], removedDays: ['2026-12-24'] })
        .removedDays,
    ).toMatch(/both closed and open/);
  });
});

describe('the coming holidays', () => {
  it('lists 12 months from today: the public holidays minus the removed, plus the added', () => {
    const settings = {
      ...DEFAULT_BUSINESS_CALENDAR,
      addedDays: [
        { date: '2026-12-24', name: '' },
        { date: '2028-01-03', name: 'Too far' },
      ],
      removedDays: ['2027-10-01'],
    };
    const coming = comingHolidaysOf(settings, lagos('2026-11-26 23:30'));
    expect(coming.from).toBe('2026-11-26');
    expect(coming.holidays.map(({ date }) => date)).toEqual([
      '2026-12-24',
      '2026-12-25',
      '2026-12-26',
      '2027-01-01',
      '2027-03-09',
      '2027-03-26',
      '2027-03-29',
      '2027-05-01',
      '2027-05-03',
      '2027-05-16',
      '2027-06-12',
      '2027-06-14',
      '2027-08-14',
    ]);
    expect(coming.holidays[0]).toEqual({ date: '2026-12-24', name: 'Closed', origin: 'added' });
    expect(coming.openAfterAll).toEqual([{ date: '2027-10-01', name: 'Independence Day', origin: 'public-holiday' }]);
    expect(lagosDayStartMs(coming.from)).toBe(lagos('2026-11-26 00:00'));
  });
});
