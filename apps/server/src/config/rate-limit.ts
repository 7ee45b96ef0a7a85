/**
 * The one format of every rate-limit variable (LOGIN_LIMIT_PER_ADDRESS, REGISTER_LIMIT, FORM_RATE_LIMIT ...):
 * `N/duration` pairs separated by commas, each allowing N attempts per duration (`5/1m,30/1h`: 5 a minute and 30
 * an hour, both enforced), or `off`. Units: s, m, h, d.
 */
export interface RateWindow {
  points: number;
  seconds: number;
}

/** Every window applies; none = the limit is off. */
export type RateLimit = readonly RateWindow[];

export const RATE_LIMIT_OFF: RateLimit = [];

export const RATE_LIMIT_FORMAT =
  'must be N/duration pairs separated by commas, such as 5/1m,30/1h (s, m, h, d), or off';

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };
// Counts live in an INT column; a week is longer than any limit here needs.
const MAX_POINTS = 1_000_000;
const MAX_SECONDS = 7 * 86_400;
const WINDOW = /^(\d{1,7})\/(\d{1,6})([smhd])$/;

/** Parses a limit; throws an Error whose message says what the format is. */
export function parseRateLimit(text: string): RateLimit {
  const value = text.trim().toLowerCase();
  if (value === 'off') return RATE_LIMIT_OFF;
  const windows = value.split(',').map((part): RateWindow => {
    const match = WINDOW.exec(part.trim());
    if (!match) throw new Error(RATE_LIMIT_FORMAT);
    const [, points, amount, unit = ''] = match;
    const window = { points: Number(points), seconds: Number(amount) * (UNIT_SECONDS[unit] ?? Number.NaN) };
    if (!(window.points >= 1 && window.points <= MAX_POINTS && window.seconds >= 1 && window.seconds <= MAX_SECONDS)) {
      throw new Error(`${RATE_LIMIT_FORMAT}; N from 1 to ${MAX_POINTS}, a duration from 1s to 7d`);
    }
    return window;
  });
  // Each window is counted under its duration, so two windows of one duration would share a count.
  if (new Set(windows.map((window) => window.seconds)).size < windows.length) {
    throw new Error(`${RATE_LIMIT_FORMAT}; each duration once`);
  }
  return windows;
}
