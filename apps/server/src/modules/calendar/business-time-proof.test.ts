import { seededRandom } from '@agency/testing';
import Holidays from 'date-holidays';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS_CALENDAR, type BusinessCalendarSettings } from '@agency/shared';
import { addBusinessMs, businessCalendarOf, businessMsBetween, nextOpening } from './business-time';

/**
 * Issue 21's proof (docs/decisions/0037): 10,000 generated enquiries, arriving on weekends, on holidays, at night,
 * within periods, on a closed day the owners added and on a holiday they removed, answered minutes to days later.
 * The business time between arrival and answer from businessMsBetween must equal, to the millisecond, a computation
 * written another way: a walk minute by minute that asks Intl for Lagos's weekday, date and time, compares HH:MM as
 * text with the settings, and builds its own holiday set from the library by each holiday's rule. addBusinessMs must
 * invert it, and nextOpening must find the first open minute. The seed is printed: CALENDAR_SEED=<seed> replays a run.
 */

const ENQUIRIES = 10_000;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// ---- The independent computation -------------------------------------------------------------------------------

const lagosClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  weekday: 'long',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

interface LagosHour {
  date: string;
  weekday: string;
  hour: string;
}

const hours = new Map<number, LagosHour>();

/** Intl's Lagos date, weekday and hour at the start of a UTC hour (Lagos's minutes follow UTC's: checked here). */
function lagosHourOf(utcHour: number): LagosHour {
  let known = hours.get(utcHour);
  if (!known) {
    const parts = Object.fromEntries(lagosClock.formatToParts(utcHour * HOUR).map(({ type, value }) => [type, value]));
    if (parts.minute !== '00') throw new Error('Lagos is not a whole number of hours from UTC');
    known = {
      date: `${parts.year}-${parts.month}-${parts.day}`,
      weekday: String(parts.weekday).toLowerCase(),
      hour: String(parts.hour),
    };
    hours.set(utcHour, known);
  }
  return known;
}

/** Rules of the library's public days that are not work-free (Children's Day, National Youth Day, Islamic New Year). */
const NOT_WORK_FREE_RULES = [/^05-27\b/, /^11-01\b/, /^1 Muharram\b/];
const library = new Holidays('NG');
const holidayYears = new Map<number, Set<string>>();

function isLibraryHoliday(date: string): boolean {
  const year = Number(date.slice(0, 4));
  let days = holidayYears.get(year);
  if (!days) {
    days = new Set(
      library
        .getHolidays(year)
        .filter((holiday) => holiday.type === 'public')
        .filter((holiday) => !NOT_WORK_FREE_RULES.some((rule) => rule.test(String(holiday.rule))))
        .map((holiday) => holiday.date.slice(0, 10)),
    );
    holidayYears.set(year, days);
  }
  return days.has(date);
}

/** Whether each minute of a UTC hour is open, by Intl's clock and the settings read as text (kept per calendar). */
const openHours = new WeakMap<BusinessCalendarSettings, Map<number, boolean[]>>();

function openMinutesOf(settings: BusinessCalendarSettings, utcHour: number): boolean[] {
  let known = openHours.get(settings);
  if (!known) openHours.set(settings, (known = new Map()));
  let minutes = known.get(utcHour);
  if (!minutes) {
    const { date, weekday, hour } = lagosHourOf(utcHour);
    const closed =
      settings.addedDays.some((added) => added.date === date) ||
      (isLibraryHoliday(date) && !settings.removedDays.includes(date));
    const periods = settings.hours[weekday as keyof BusinessCalendarSettings['hours']];
    minutes = Array.from({ length: 60 }, (_, minute) => {
      const time = `${hour}:${String(minute).padStart(2, '0')}`;
      return !closed && periods.some(({ start, end }) => start <= time && time < end);
    });
    known.set(utcHour, minutes);
  }
  return minutes;
}

/** Whether the minute starting at `ms` is open. */
function openMinute(settings: BusinessCalendarSettings, ms: number): boolean {
  return openMinutesOf(settings, Math.floor(ms / HOUR))[Math.floor((ms % HOUR) / MINUTE)] === true;
}

interface Walked {
  ms: number;
  /** How many times the business opened during the walk. */
  openings: number;
  /** Where the last open stretch ended: the earliest instant with all of `ms` behind it (from itself when 0). */
  lastOpenEnd: number;
}

/** Business time from `from` to `to`, walking each minute between them. */
function walk(settings: BusinessCalendarSettings, from: number, to: number): Walked {
  let total = 0;
  let openings = 0;
  let lastOpenEnd = from;
  let wasOpen = false;
  let minute = Math.floor(from / MINUTE) * MINUTE;
  while (minute < to) {
    // Each hour's minutes are looked up once, then walked one by one.
    const utcHour = Math.floor(minute / HOUR);
    const minutes = openMinutesOf(settings, utcHour);
    const hourEnd = (utcHour + 1) * HOUR;
    for (; minute < to && minute < hourEnd; minute += MINUTE) {
      const open = minutes[(minute - utcHour * HOUR) / MINUTE] === true;
      if (open) {
        total += Math.min(minute + MINUTE, to) - Math.max(minute, from);
        lastOpenEnd = Math.min(minute + MINUTE, to);
      }
      if (open && !wasOpen) openings += 1;
      wasOpen = open;
    }
  }
  return { ms: total, openings, lastOpenEnd };
}

// ---- The calendars and the enquiries ---------------------------------------------------------------------------

const LUNCH_AND_SATURDAY: BusinessCalendarSettings = {
  hours: {
    monday: [
      { start: '08:30', end: '12:30' },
      { start: '13:30', end: '17:00' },
    ],
    tuesday: [
      { start: '08:30', end: '12:30' },
      { start: '13:30', end: '17:00' },
    ],
    wednesday: [
      { start: '08:30', end: '12:30' },
      { start: '13:30', end: '17:00' },
    ],
    thursday: [
      { start: '08:30', end: '12:30' },
      { start: '13:30', end: '17:00' },
    ],
    friday: [
      { start: '08:30', end: '12:30' },
      { start: '13:30', end: '16:00' },
      { start: '20:00', end: '24:00' },
    ],
    saturday: [
      { start: '00:00', end: '02:00' },
      { start: '10:00', end: '14:00' },
    ],
    sunday: [],
  },
  addedDays: [
    { date: '2026-07-15', name: 'Staff retreat' },
    { date: '2026-12-24', name: 'Christmas Eve' },
    { date: '2027-03-10', name: 'Id el Fitr, second day' },
    { date: '2027-05-17', name: 'Id el Kabir, second day' },
  ],
  removedDays: ['2026-10-01', '2027-06-12', '2027-01-01'],
};

const CALENDARS = [
  { name: 'default', settings: DEFAULT_BUSINESS_CALENDAR },
  { name: 'lunch, Saturday, overrides', settings: LUNCH_AND_SATURDAY },
];

const RANGE_START = Date.UTC(2026, 0, 1);
const RANGE_DAYS = 2 * 365 - 20;

type Arrival = 'weekend' | 'holiday' | 'night' | 'in-period' | 'added-day' | 'removed-holiday' | 'anywhere';
const ARRIVALS: Arrival[] = ['weekend', 'holiday', 'night', 'in-period', 'added-day', 'removed-holiday', 'anywhere'];

function lagosInstant(date: string, minuteOfDay: number, extraMs: number): number {
  return Date.parse(`${date}T00:00:00+01:00`) + minuteOfDay * MINUTE + extraMs;
}

const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('business time against an independent computation', () => {
  // About 10 s on its own; more while the machine runs other suites.
  it(
    `equals a minute-by-minute walk for ${ENQUIRIES.toLocaleString('en')} generated enquiries`,
    { timeout: 120_000 },
    () => {
      const seed = Number(process.env.CALENDAR_SEED ?? Math.floor(Math.random() * 2 ** 32));
      const random = seededRandom(seed);
      const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

      const days = Array.from({ length: RANGE_DAYS }, (_, index) => dateOf(RANGE_START + index * DAY));
      const weekends = days.filter((date) =>
        ['saturday', 'sunday'].includes(lagosHourOf(Date.parse(`${date}T12:00:00Z`) / HOUR).weekday),
      );
      const holidays = days.filter(isLibraryHoliday);
      const weekdays = days.filter((date) => !weekends.includes(date));

      const mismatches: string[] = [];
      const seen = {
        arrivals: Object.fromEntries(ARRIVALS.map((arrival) => [arrival, 0])) as Record<Arrival, number>,
        arrivedClosed: 0,
        arrivedOpen: 0,
        acrossSeveralDays: 0,
        acrossSeveralPeriods: 0,
        withSeconds: 0,
        zeroBusinessTime: 0,
      };
      const started = performance.now();

      for (let index = 0; index < ENQUIRIES; index += 1) {
        const { name, settings } = CALENDARS[index % CALENDARS.length] ?? CALENDARS[0]!;
        const calendar = businessCalendarOf(settings);
        const arrival = ARRIVALS[Math.floor(index / CALENDARS.length) % ARRIVALS.length] ?? 'anywhere';
        seen.arrivals[arrival] += 1;
        const extraMs = random() < 0.5 ? Math.floor(random() * MINUTE) : 0;
        if (extraMs > 0) seen.withSeconds += 1;
        const anyTime = () => Math.floor(random() * 24 * 60);
        let from: number;
        switch (arrival) {
          case 'weekend':
            from = lagosInstant(pick(weekends), anyTime(), extraMs);
            break;
          case 'holiday':
            from = lagosInstant(pick(holidays), anyTime(), extraMs);
            break;
          case 'night': {
            const minute = random() < 0.5 ? Math.floor(random() * 8 * 60) : 17 * 60 + Math.floor(random() * 7 * 60);
            from = lagosInstant(pick(weekdays), minute, extraMs);
            break;
          }
          case 'in-period': {
            const date = pick(weekdays.filter((day) => !isLibraryHoliday(day)));
            const weekday = lagosHourOf(Date.parse(`${date}T12:00:00Z`) / HOUR)
              .weekday as keyof BusinessCalendarSettings['hours'];
            const period = pick(settings.hours[weekday]);
            const [startH, startM] = period.start.split(':').map(Number);
            const [endH, endM] = period.end.split(':').map(Number);
            const start = (startH ?? 0) * 60 + (startM ?? 0);
            const end = (endH ?? 0) * 60 + (endM ?? 0);
            from = lagosInstant(date, start + Math.floor(random() * (end - start)), extraMs);
            break;
          }
          case 'added-day':
            from = lagosInstant(pick(LUNCH_AND_SATURDAY.addedDays).date, anyTime(), extraMs);
            break;
          case 'removed-holiday':
            from = lagosInstant(pick(LUNCH_AND_SATURDAY.removedDays), anyTime(), extraMs);
            break;
          default:
            from = RANGE_START + Math.floor(random() * RANGE_DAYS * DAY);
        }
        // The first open minute after arrival, by the walk: half the answers are timed from it (staff answer once in).
        let firstOpen = Math.floor(from / MINUTE) * MINUTE;
        while (!openMinute(settings, firstOpen)) firstOpen += MINUTE;
        const delay = pick([
          () => Math.floor(random() * 90 * MINUTE),
          () => Math.floor(random() * 12 * HOUR),
          () => DAY + Math.floor(random() * 6 * DAY),
        ])();
        const to = (random() < 0.5 ? Math.max(from, firstOpen) : from) + delay;

        const product = businessMsBetween(calendar, from, to);
        const independent = walk(settings, from, to);
        const describe = `${name}: ${new Date(from).toISOString()} -> ${new Date(to).toISOString()}`;
        if (product !== independent.ms) mismatches.push(`${describe}: ${product} ms, the walk ${independent.ms} ms`);
        if (openMinute(settings, Math.floor(from / MINUTE) * MINUTE)) seen.arrivedOpen += 1;
        else seen.arrivedClosed += 1;
        if (independent.openings >= 2) seen.acrossSeveralPeriods += 1;
        if (dateOf(to + HOUR) !== dateOf(from + HOUR) && to - from > DAY) seen.acrossSeveralDays += 1;
        if (independent.ms === 0) seen.zeroBusinessTime += 1;

        // addBusinessMs inverts it: the earliest instant with that much business time, where the walk's last open
        // stretch before the answer ended.
        const due = addBusinessMs(calendar, from, independent.ms);
        if (due !== independent.lastOpenEnd) {
          const walked = new Date(independent.lastOpenEnd).toISOString();
          mismatches.push(`${describe}: addBusinessMs gave ${new Date(due).toISOString()}, the walk ${walked}`);
        }
        // A due time an hour of business time on: exactly an hour by the walk.
        const inAnHour = addBusinessMs(calendar, from, HOUR);
        if (walk(settings, from, inAnHour).ms !== HOUR) {
          mismatches.push(`${describe}: an hour on is ${new Date(inAnHour).toISOString()}`);
        }
        // nextOpening: the arrival itself when open, else the first open minute after it.
        const opening = nextOpening(calendar, from);
        if (opening !== Math.max(firstOpen, from)) {
          mismatches.push(`${describe}: nextOpening ${new Date(opening).toISOString()}`);
        }
      }

      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        `business-time proof: ${ENQUIRIES} enquiries, seed ${seed}, mismatches ${mismatches.length}, ${seconds} s, ` +
          JSON.stringify(seen),
      );
      expect(mismatches.slice(0, 10), `seed ${seed}`).toEqual([]);
      for (const arrival of ARRIVALS) expect(seen.arrivals[arrival]).toBeGreaterThan(1000);
      expect(seen.arrivedClosed).toBeGreaterThan(3000);
      expect(seen.arrivedOpen).toBeGreaterThan(1000);
      expect(seen.acrossSeveralDays).toBeGreaterThan(2000);
      expect(seen.acrossSeveralPeriods).toBeGreaterThan(2000);
    },
  );
});
