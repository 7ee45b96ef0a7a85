/** The current time; injected so tests can move it forward (token expiry, session timeouts). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** Lagos keeps UTC+1 all year (no daylight saving). */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar day in Lagos at a moment, as YYYY-MM-DD: the day of a file name, or of a once-a-day job. */
export function lagosDayOf(at: Date): string {
  return new Date(at.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * The moment as Lagos's wall clock, in a Date whose UTC fields read it: what a spreadsheet cell, which has no time
 * zone, should hold.
 */
export function lagosWallClockOf(at: Date): Date {
  return new Date(at.getTime() + LAGOS_OFFSET_MS);
}

/** The moment in Lagos as `2026-11-26 14:05`, a form every spreadsheet program reads as a date and time. */
export function lagosDateTimeOf(at: Date): string {
  return lagosWallClockOf(at).toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * The times a range of Lagos days (YYYY-MM-DD, both included) covers, as epoch milliseconds: from the first day's
 * start (the day before's 23:00 UTC) until the start of the day after the last. Either end may be open.
 */
export function lagosDayRange(from: string | undefined, to: string | undefined): { fromMs?: number; untilMs?: number } {
  const startOf = (day: string) => Date.parse(`${day}T00:00:00Z`) - LAGOS_OFFSET_MS;
  return {
    fromMs: from === undefined ? undefined : startOf(from),
    untilMs: to === undefined ? undefined : startOf(to) + DAY_MS,
  };
}
