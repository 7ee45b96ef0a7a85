import { firstTouchFieldsOf, firstTouchOfVisit, type FirstTouchField } from '@agency/shared';

/**
 * The visit's first touch (docs/decisions/0041), read once when the app starts on the page the visitor landed on and
 * kept in this module's memory only: no cookie, no storage. Client-side navigation keeps the module, so a form
 * reached later still carries where the visit came from; a reload or a new tab starts a new reading.
 */
let carried: Record<FirstTouchField, string> | undefined;

/** Reads document.referrer and the landing address's utm_* values, once; nothing on the server. */
export function captureFirstTouch(): void {
  if (carried !== undefined || typeof document === 'undefined') return;
  const touch = firstTouchOfVisit({
    referrer: document.referrer,
    landingQuery: window.location.search,
    ownHosts: [window.location.hostname],
  });
  carried = firstTouchFieldsOf(touch);
}

/** The carried source as a submission's fields ('' where none; all '' before capture and on the server). */
export function carriedFirstTouch(): Record<FirstTouchField, string> {
  captureFirstTouch();
  return carried ?? firstTouchFieldsOf(null);
}

/** For tests: forget the reading, as a new page load would. */
export function forgetFirstTouch(): void {
  carried = undefined;
}
