/** A calendar date (YYYY-MM-DD) as Nigerian readers write it, "28 October 2026", the same in the prerender and the browser. */
export const formatLongDate = (isoDate: string) =>
  new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Africa/Lagos' }).format(
    new Date(`${isoDate}T12:00:00+01:00`),
  );
