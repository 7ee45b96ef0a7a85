/**
 * Scroll and visibility thresholds of spec 9 used by the layout on every page. Apart from limits.ts, so the
 * JavaScript every public page loads does not carry the form limits and timings.
 */

export const SCROLL_THRESHOLDS = {
  COMPACT_HEADER_PX: 50,
  SCROLL_TO_TOP_PX: 300,
  ABOUT_POP_IN_VISIBILITY: 0.2,
} as const;
