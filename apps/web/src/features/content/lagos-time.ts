/**
 * Staff schedule in Lagos time whatever their device's zone. Lagos is UTC+1 all year (no daylight saving), so a
 * datetime-local value becomes an ISO time with +01:00 and back without a time-zone database.
 */
const LAGOS_OFFSET = '+01:00';
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/** "2026-12-01T09:30" (a datetime-local value, Lagos time) -> "2026-12-01T09:30:00+01:00"; null when incomplete. */
export function lagosLocalToIso(local: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const iso = `${match[1]}T${match[2]}:${match[3]}:00${LAGOS_OFFSET}`;
  return Number.isNaN(Date.parse(iso)) ? null : iso;
}

/** An instant as a datetime-local value in Lagos time: "2026-12-01T09:30". */
export function isoToLagosLocal(iso: string | number | Date): string {
  return new Date(new Date(iso).getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 16);
}

/** Today's date in Lagos, YYYY-MM-DD. */
export const todayInLagos = (now: Date = new Date()) => isoToLagosLocal(now).slice(0, 10);
