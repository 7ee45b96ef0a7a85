import { addDays } from '@agency/shared';

const MINUTE_MS = 60_000;

/** Business time as a person says it: `45 min`, `1 h 05 min`, `3 h`; a dash when there is no figure. */
export function durationOf(ms: number | null): string {
  if (ms === null) return '–';
  const minutes = Math.round(ms / MINUTE_MS);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${String(rest).padStart(2, '0')} min`;
}

/** A share as a whole percentage (`83 %`), a dash when nothing had a target. */
export function percentOf(share: number | null): string {
  return share === null ? '–' : `${Math.round(share * 100)} %`;
}

const DAY_FORMAT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const YEAR_FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** `16 Nov – 22 Nov 2026` */
export function rangeLabelOf(from: string, to: string): string {
  return `${DAY_FORMAT.format(new Date(`${from}T00:00:00Z`))} – ${YEAR_FORMAT.format(new Date(`${to}T00:00:00Z`))}`;
}

/** `w/c 16 Nov`: a week by its Monday, short enough for a chart's row. */
export function weekLabelOf(monday: string): string {
  return `w/c ${DAY_FORMAT.format(new Date(`${monday}T00:00:00Z`))}`;
}

/** The week (Monday to Sunday) before or after one. */
export function weekAround(from: string, weeks: number): { from: string; to: string } {
  const monday = addDays(from, 7 * weeks);
  return { from: monday, to: addDays(monday, 6) };
}

/** Today in Lagos (UTC+1 all year), YYYY-MM-DD. */
export function lagosToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 3_600_000).toISOString().slice(0, 10);
}
