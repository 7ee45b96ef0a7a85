/** A calendar date (YYYY-MM-DD) as Nigerian readers write it, "28 October 2026", the same in the prerender and the browser. */
export const formatLongDate = (isoDate: string) =>
  new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Africa/Lagos' }).format(
    new Date(`${isoDate}T12:00:00+01:00`),
  );

/** Staff work in Lagos: every date is shown in Lagos time, whatever the browser's zone. */
const LAGOS_DATE_TIME = new Intl.DateTimeFormat('en-NG', {
  timeZone: 'Africa/Lagos',
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** A moment (an ISO timestamp) in Lagos time, "24 Nov 2026, 14:05"; a value that is no date is shown as it is. */
export function formatLagosDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : LAGOS_DATE_TIME.format(date);
}
