import { z } from 'zod';

/**
 * The business calendar (issue 21, docs/decisions/0037): when the business is open, in Lagos time. Opening periods per
 * weekday (several a day allowed: a lunch break splits a day in two), the Nigerian public holidays the server takes
 * from the date-holidays library, the days the owners close (added) and the holidays they open after all (removed).
 * First-response times, reminders and the digest count business time from it.
 */

export const BUSINESS_CALENDAR_PATH = '/api/business-calendar' as const;

/** Monday first, as a Lagos week is read; the payload's keys. */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

/** Most periods in one day, closed days the owners add, and holidays they remove (the payload stays small). */
export const BUSINESS_CALENDAR_LIMITS = { PERIODS_PER_DAY: 4, ADDED_DAYS: 400, REMOVED_DAYS: 400, NAME: 80 } as const;

export const BUSINESS_CALENDAR_MESSAGES = {
  TIME: 'A time is HH:MM on the 24-hour clock, from 00:00 to 24:00.',
  DAY: 'A day is written YYYY-MM-DD and must exist (2026-12-24).',
  NO_OPENING: 'Open at least one period on one weekday: a calendar that is never open has no business hours.',
  NAME: `A closed day's name has at most ${BUSINESS_CALENDAR_LIMITS.NAME} characters on one line.`,
} as const;

const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** Minutes after midnight of an `HH:MM` time (`24:00` is 1440, the end of the day). */
export function minutesOfTime(time: string): number {
  const [hours = '0', minutes = '0'] = time.split(':');
  return Number(hours) * 60 + Number(minutes);
}

/** A real calendar day in YYYY-MM-DD (2026-02-30 is refused). */
export function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
}

export const TimeOfDaySchema = z.string().regex(TIME, BUSINESS_CALENDAR_MESSAGES.TIME);
export const CalendarDaySchema = z.string().refine(isCalendarDay, BUSINESS_CALENDAR_MESSAGES.DAY);

/** One opening period of a day, Lagos time: from `start` until `end` (not included). */
export const OpeningPeriodSchema = z.object({ start: TimeOfDaySchema, end: TimeOfDaySchema });
export type OpeningPeriod = z.output<typeof OpeningPeriodSchema>;

/** The problem with one weekday's periods, in words an owner can act on, or null when they are fine. */
export function periodsProblemOf(weekday: Weekday, periods: readonly OpeningPeriod[]): string | null {
  const label = WEEKDAY_LABELS[weekday];
  if (periods.length > BUSINESS_CALENDAR_LIMITS.PERIODS_PER_DAY) {
    return `${label} has more than ${BUSINESS_CALENDAR_LIMITS.PERIODS_PER_DAY} opening periods.`;
  }
  for (const [index, { start, end }] of periods.entries()) {
    if (minutesOfTime(start) >= minutesOfTime(end)) {
      return `${label}, period ${index + 1}: the opening time (${start}) must be before the closing time (${end}).`;
    }
  }
  const sorted = periods
    .map((period, index) => ({ ...period, index }))
    .sort((a, b) => minutesOfTime(a.start) - minutesOfTime(b.start));
  for (let i = 1; i < sorted.length; i += 1) {
    const before = sorted[i - 1];
    const after = sorted[i];
    if (before && after && minutesOfTime(after.start) < minutesOfTime(before.end)) {
      return `${label}: periods ${Math.min(before.index, after.index) + 1} and ${Math.max(before.index, after.index) + 1} overlap (${before.start}-${before.end} and ${after.start}-${after.end}).`;
    }
  }
  return null;
}

const WeekHoursSchema = z
  .object(
    Object.fromEntries(WEEKDAYS.map((weekday) => [weekday, z.array(OpeningPeriodSchema)])) as Record<
      Weekday,
      z.ZodArray<typeof OpeningPeriodSchema>
    >,
  )
  .strict()
  .superRefine((hours, context) => {
    for (const weekday of WEEKDAYS) {
      const problem = periodsProblemOf(weekday, hours[weekday]);
      if (problem) context.addIssue({ code: 'custom', message: problem, path: [weekday] });
    }
    if (WEEKDAYS.every((weekday) => hours[weekday].length === 0)) {
      context.addIssue({ code: 'custom', message: BUSINESS_CALENDAR_MESSAGES.NO_OPENING });
    }
  });

/** A day the owners close: a staff retreat, a holiday the government declares late (the second day of an Eid). */
export const AddedDaySchema = z.object({
  date: CalendarDaySchema,
  name: z
    .string()
    .trim()
    .max(BUSINESS_CALENDAR_LIMITS.NAME, BUSINESS_CALENDAR_MESSAGES.NAME)
    .refine((name) => !/[\r\n]/.test(name), BUSINESS_CALENDAR_MESSAGES.NAME)
    .default(''),
});
export type AddedDay = z.output<typeof AddedDaySchema>;

/** The calendar as owners set it: what PUT takes and GET gives back, and what the database row holds. */
export const BusinessCalendarSettingsSchema = z
  .object({
    hours: WeekHoursSchema,
    /** Days closed on top of the public holidays (each once). */
    addedDays: z
      .array(AddedDaySchema)
      .max(BUSINESS_CALENDAR_LIMITS.ADDED_DAYS, `At most ${BUSINESS_CALENDAR_LIMITS.ADDED_DAYS} closed days.`),
    /** Public holidays the business opens on after all (each once). */
    removedDays: z
      .array(CalendarDaySchema)
      .max(BUSINESS_CALENDAR_LIMITS.REMOVED_DAYS, `At most ${BUSINESS_CALENDAR_LIMITS.REMOVED_DAYS} removed holidays.`),
  })
  .strict()
  .superRefine((settings, context) => {
    const added = settings.addedDays.map(({ date }) => date);
    const twice = added.find((date, index) => added.indexOf(date) !== index);
    if (twice) context.addIssue({ code: 'custom', path: ['addedDays'], message: `${twice} is closed twice.` });
    const removedTwice = settings.removedDays.find((date, index) => settings.removedDays.indexOf(date) !== index);
    if (removedTwice) {
      context.addIssue({ code: 'custom', path: ['removedDays'], message: `${removedTwice} is removed twice.` });
    }
    const both = settings.removedDays.find((date) => added.includes(date));
    if (both) {
      context.addIssue({
        code: 'custom',
        path: ['removedDays'],
        message: `${both} is both closed and open after all: keep one.`,
      });
    }
  });
export type BusinessCalendarSettings = z.output<typeof BusinessCalendarSettingsSchema>;

const NINE_TO_FIVE: OpeningPeriod[] = [{ start: '09:00', end: '17:00' }];

/** Monday-Friday 09:00-17:00, Saturday and Sunday closed, no days added or removed. */
export const DEFAULT_BUSINESS_CALENDAR: BusinessCalendarSettings = {
  hours: {
    monday: NINE_TO_FIVE,
    tuesday: NINE_TO_FIVE,
    wednesday: NINE_TO_FIVE,
    thursday: NINE_TO_FIVE,
    friday: NINE_TO_FIVE,
    saturday: [],
    sunday: [],
  },
  addedDays: [],
  removedDays: [],
};

/** A day closed in the coming months: a public holiday from the library, or a day the owners added. */
export const CalendarHolidaySchema = z.object({
  date: z.string(),
  name: z.string(),
  origin: z.enum(['public-holiday', 'added']),
});
export type CalendarHoliday = z.output<typeof CalendarHolidaySchema>;

export const BusinessCalendarAnswerSchema = z.object({
  success: z.literal(true),
  calendar: BusinessCalendarSettingsSchema,
  /** The Lagos day the coming months start from (today). */
  from: z.string(),
  /** Closed days from today for 12 months, as they apply: the public holidays minus the removed, plus the added. */
  holidays: z.array(CalendarHolidaySchema),
  /** Public holidays in the same months that the owners opened after all. */
  openAfterAll: z.array(CalendarHolidaySchema),
  /** Every public holiday in the same months from the library, whatever the owners changed (the page's list). */
  publicHolidays: z.array(CalendarHolidaySchema),
});
export type BusinessCalendarAnswer = z.output<typeof BusinessCalendarAnswerSchema>;
