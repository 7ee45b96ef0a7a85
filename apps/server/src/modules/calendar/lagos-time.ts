/**
 * Lagos's wall clock (issue 21, docs/decisions/0037). Africa/Lagos keeps UTC+1 all year, with no daylight saving since
 * 1919, so a fixed offset gives its date and time; every local date of the calendar goes through these helpers, and
 * lagos-time.test.ts checks them against Intl's own Africa/Lagos.
 */

export const LAGOS_TIME_ZONE = 'Africa/Lagos';
export const LAGOS_OFFSET_MS = 60 * 60 * 1000;
export const MINUTE_MS = 60 * 1000;
export const DAY_MS = 24 * 60 * MINUTE_MS;

/** A moment on Lagos's clock. */
export interface LagosMoment {
  /** YYYY-MM-DD */
  day: string;
  /** 0 Monday ... 6 Sunday. */
  weekdayIndex: number;
  /** Milliseconds since the Lagos day began (0 ... DAY_MS - 1). */
  msOfDay: number;
}

/** The Lagos day, weekday and time of day of an instant (epoch milliseconds). */
export function lagosMomentOf(ms: number): LagosMoment {
  const wall = ms + LAGOS_OFFSET_MS;
  const date = new Date(wall);
  const msOfDay = ((wall % DAY_MS) + DAY_MS) % DAY_MS;
  return { day: date.toISOString().slice(0, 10), weekdayIndex: (date.getUTCDay() + 6) % 7, msOfDay };
}

/** The instant a Lagos day (YYYY-MM-DD) begins: 00:00 in Lagos, 23:00 UTC the day before. */
export function lagosDayStartMs(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) - LAGOS_OFFSET_MS;
}

/** The Lagos day after (or `days` after) a day. */
export function lagosDayAfter(day: string, days = 1): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The weekday of a Lagos day, 0 Monday ... 6 Sunday. */
export function weekdayIndexOf(day: string): number {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
}
