import { minutesOfTime, WEEKDAYS, type BusinessCalendarSettings } from '@agency/shared';
import { publicHolidayOn } from './holidays';
import { lagosDayAfter, lagosDayStartMs, lagosMomentOf, MINUTE_MS, weekdayIndexOf } from './lagos-time';

/**
 * Business-time arithmetic over a calendar value (issue 21, docs/decisions/0037): pure functions, no clock, no database.
 * A day is walked as its opening periods on Lagos's clock; a moment is in business time when it falls in a period of
 * a working day. Periods hold whole minutes, so time counted between two moments is exact to the millisecond.
 */

/** An opening period as milliseconds after the Lagos day began: from `start` (included) until `end` (excluded). */
type DayPeriod = readonly [start: number, end: number];

/** A calendar ready for arithmetic: built once from the owners' settings by businessCalendarOf. */
export interface BusinessCalendar {
  readonly settings: BusinessCalendarSettings;
  /** Each weekday's periods, 0 Monday ... 6 Sunday, sorted. */
  readonly periods: ReadonlyArray<readonly DayPeriod[]>;
  /** Days the owners closed, with the name they gave. */
  readonly closedDays: ReadonlyMap<string, string>;
  /** Public holidays the owners opened after all. */
  readonly openDays: ReadonlySet<string>;
}

/** How far ahead addBusinessMs and nextOpening look for an opening before giving up (a calendar closed for years). */
export const SEARCH_DAYS = 3 * 366;

export function businessCalendarOf(settings: BusinessCalendarSettings): BusinessCalendar {
  return {
    settings,
    periods: WEEKDAYS.map((weekday) =>
      settings.hours[weekday]
        .map(({ start, end }): DayPeriod => [minutesOfTime(start) * MINUTE_MS, minutesOfTime(end) * MINUTE_MS])
        .sort((a, b) => a[0] - b[0]),
    ),
    closedDays: new Map(settings.addedDays.map(({ date, name }) => [date, name])),
    openDays: new Set(settings.removedDays),
  };
}

/** Why a Lagos day is closed all day: an added day, a public holiday, or a weekday without periods; null when open. */
export function closedReasonOf(calendar: BusinessCalendar, day: string): 'added' | 'public-holiday' | 'weekly' | null {
  if (calendar.closedDays.has(day)) return 'added';
  if (!calendar.openDays.has(day) && publicHolidayOn(day)) return 'public-holiday';
  if ((calendar.periods[weekdayIndexOf(day)] ?? []).length === 0) return 'weekly';
  return null;
}

/** Whether a Lagos day (YYYY-MM-DD) has business hours: an opening period, and no holiday or closed day. */
export function isWorkingDay(calendar: BusinessCalendar, day: string): boolean {
  return closedReasonOf(calendar, day) === null;
}

/** The Lagos working-day test of an instant, for once-a-day work such as the 07:30 digest: is its Lagos day working? */
export function isLagosWorkingDayAt(calendar: BusinessCalendar, ms: number): boolean {
  return isWorkingDay(calendar, lagosMomentOf(ms).day);
}

/** A day's opening periods as instants [start, end), in order; none on a closed day. */
export function openingsOn(calendar: BusinessCalendar, day: string): Array<[number, number]> {
  if (!isWorkingDay(calendar, day)) return [];
  const dayStart = lagosDayStartMs(day);
  return (calendar.periods[weekdayIndexOf(day)] ?? []).map(([start, end]) => [dayStart + start, dayStart + end]);
}

/** Whether the business is open at an instant. */
export function isOpenAt(calendar: BusinessCalendar, ms: number): boolean {
  return openingsOn(calendar, lagosMomentOf(ms).day).some(([start, end]) => start <= ms && ms < end);
}

/** Business time from one instant to a later one, in milliseconds (0 when `toMs` is not after `fromMs`). */
export function businessMsBetween(calendar: BusinessCalendar, fromMs: number, toMs: number): number {
  if (!(toMs > fromMs)) return 0;
  let total = 0;
  const lastDay = lagosMomentOf(toMs).day;
  for (let day = lagosMomentOf(fromMs).day; day <= lastDay; day = lagosDayAfter(day)) {
    for (const [start, end] of openingsOn(calendar, day)) {
      const overlap = Math.min(end, toMs) - Math.max(start, fromMs);
      if (overlap > 0) total += overlap;
    }
  }
  return total;
}

/**
 * The instant `durationMs` of business time after `fromMs`: a first answer's due time. The earliest such instant, so
 * a duration that ends exactly with a period gives that period's end (17:00), not the next opening; 0 gives `fromMs`.
 */
export function addBusinessMs(calendar: BusinessCalendar, fromMs: number, durationMs: number): number {
  if (durationMs < 0) throw new RangeError('addBusinessMs takes a duration of 0 or more');
  if (durationMs === 0) return fromMs;
  let remaining = durationMs;
  let day = lagosMomentOf(fromMs).day;
  for (let walked = 0; walked <= SEARCH_DAYS; walked += 1, day = lagosDayAfter(day)) {
    for (const [start, end] of openingsOn(calendar, day)) {
      const from = Math.max(start, fromMs);
      if (from >= end) continue;
      if (end - from >= remaining) return from + remaining;
      remaining -= end - from;
    }
  }
  throw new RangeError(`The business calendar has no opening within ${SEARCH_DAYS} days`);
}

/**
 * The first instant at or after `ms` when the business is open: `ms` itself during opening hours, else the start of
 * the next period. Reminders due outside business hours wait until then.
 */
export function nextOpening(calendar: BusinessCalendar, ms: number): number {
  let day = lagosMomentOf(ms).day;
  for (let walked = 0; walked <= SEARCH_DAYS; walked += 1, day = lagosDayAfter(day)) {
    for (const [start, end] of openingsOn(calendar, day)) {
      if (ms < end) return Math.max(start, ms);
    }
  }
  throw new RangeError(`The business calendar has no opening within ${SEARCH_DAYS} days`);
}
