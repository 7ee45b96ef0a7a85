/**
 * Reminders and snooze (issue 21 item 3, docs/decisions/0039): the snooze endpoint's path, body and answer, its
 * limits and messages, and the Lagos times the dashboard's quick choices stand for.
 */
import { z } from 'zod';
import type { MessageKind } from './enquiry-kinds';

/** The snooze of one enquiry: GET reads it, PUT sets it (SnoozeSetSchema), DELETE clears it (staff). */
export const snoozePathOf = (kind: MessageKind, id: number) => `/api/enquiries/${kind}/${id}/snooze`;

/** A snooze ends within a year: further than that is a decision to close the enquiry, not to wait. */
export const SNOOZE_MAX_DAYS = 365;

export const SNOOZE_MESSAGES = {
  ONE_OF: 'Choose a time to snooze until, or until they reply.',
  TIME: 'Give the time as an ISO 8601 date and time with its offset, e.g. 2026-11-30T09:00:00+01:00.',
  IN_THE_PAST: 'Choose a time in the future.',
  TOO_FAR: `Choose a time within ${SNOOZE_MAX_DAYS} days.`,
  NOT_IN_INBOX: 'Only an enquiry in the inbox can be snoozed.',
} as const;

/**
 * PUT's body: `{ "until": "2026-11-30T09:00:00+01:00" }` (no reminders before then) or `{ "untilReply": true }` (no
 * reminders until the customer writes). The server checks that the time is in the future and within a year.
 */
export const SnoozeSetSchema = z
  .object({
    until: z.iso.datetime({ offset: true, error: SNOOZE_MESSAGES.TIME }).optional(),
    untilReply: z.literal(true, { error: SNOOZE_MESSAGES.ONE_OF }).optional(),
  })
  .strict()
  .refine((body) => (body.until === undefined) !== (body.untilReply === undefined), {
    message: SNOOZE_MESSAGES.ONE_OF,
    path: ['until'],
  });
export type SnoozeSet = z.output<typeof SnoozeSetSchema>;

/** An enquiry's snooze: until a time (in the future; a past one no longer counts), until a reply, or neither. */
export const SnoozeStateSchema = z.object({
  snoozedUntil: z.iso.datetime().nullable(),
  snoozedUntilReply: z.boolean(),
});
export type SnoozeState = z.output<typeof SnoozeStateSchema>;

export const SnoozeAnswerSchema = z.object({ success: z.literal(true), snooze: SnoozeStateSchema });
export type SnoozeAnswer = z.output<typeof SnoozeAnswerSchema>;

/** The enquiry view's Snooze control (apps/web, snooze-control.tsx). */
export const SNOOZE_COPY = {
  HEADING: 'Snooze reminders',
  NONE: 'Not snoozed: the reminder and the escalation go out when they are due.',
  UNTIL: (when: string) => `Snoozed until ${when}. No reminders before then.`,
  UNTIL_REPLY: 'Snoozed until they reply. A reminder due by then goes out at the next opening after their reply.',
  TOMORROW: 'Tomorrow 09:00',
  NEXT_MONDAY: 'Next Monday 09:00',
  UNTIL_THEY_REPLY: 'Until they reply',
  CLEAR: 'Clear snooze',
  DATE: 'Date',
  TIME: 'Time (Lagos)',
  PICKED: 'Snooze until then',
  FAILED: 'The snooze could not be changed. Please try again.',
  /** A list row's mark. */
  ROW_UNTIL: (when: string) => `Snoozed until ${when}`,
  ROW_UNTIL_REPLY: 'Snoozed until they reply',
} as const;

/** The hour of a Lagos morning the quick choices snooze until. */
export const SNOOZE_MORNING = '09:00';

const LAGOS_OFFSET = '+01:00';
const DAY_MS = 24 * 60 * 60 * 1000;
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/** The Lagos calendar day of an instant, YYYY-MM-DD (Lagos keeps UTC+1 all year). */
function lagosDayOfMs(ms: number): string {
  return new Date(ms + LAGOS_OFFSET_MS).toISOString().slice(0, 10);
}

/** A Lagos date (YYYY-MM-DD) and wall-clock time (HH:MM) as the instant the snooze endpoint takes. */
export function lagosSnoozeTime(day: string, time: string): string {
  return `${day}T${time}:00${LAGOS_OFFSET}`;
}

/** Tomorrow (in Lagos) at 09:00. */
export function tomorrowMorning(now: Date): string {
  return lagosSnoozeTime(lagosDayOfMs(now.getTime() + DAY_MS), SNOOZE_MORNING);
}

/** The coming Monday (in Lagos; a week on when today is Monday) at 09:00. */
export function nextMondayMorning(now: Date): string {
  const today = lagosDayOfMs(now.getTime());
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const days = (8 - weekday) % 7 || 7;
  return lagosSnoozeTime(lagosDayOfMs(now.getTime() + days * DAY_MS), SNOOZE_MORNING);
}

/** The days the date field offers: from today (in Lagos) to a year on. */
export function snoozeDayRange(now: Date): { min: string; max: string } {
  return {
    min: lagosDayOfMs(now.getTime()),
    max: lagosDayOfMs(now.getTime() + (SNOOZE_MAX_DAYS - 1) * DAY_MS),
  };
}
