/** Staff work in Lagos: every date is shown in Lagos time, whatever the browser's zone. */
const LAGOS_DATE_TIME = new Intl.DateTimeFormat('en-NG', {
  timeZone: 'Africa/Lagos',
  dateStyle: 'medium',
  timeStyle: 'short',
});

export function formatLagosDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : LAGOS_DATE_TIME.format(date);
}
