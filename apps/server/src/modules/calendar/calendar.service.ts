import {
  BusinessCalendarSettingsSchema,
  DEFAULT_BUSINESS_CALENDAR,
  WEEKDAYS,
  type BusinessCalendarAnswer,
  type BusinessCalendarSettings,
  type CalendarHoliday,
} from '@agency/shared';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../lib/database-schema';
import { withConflictRetry } from '../../lib/db-errors';
import { actorOf, recordAudit } from '../audit/audit.service';
import { businessCalendarOf, type BusinessCalendar } from './business-time';
import * as repository from './calendar.repository';
import { publicHolidaysBetween } from './holidays';
import { lagosMomentOf } from './lagos-time';

/**
 * The business calendar (issue 21, docs/decisions/0037): what other modules import. The arithmetic is pure
 * (business-time.ts); this file adds the owners' settings as stored, and the coming holidays the owner page shows.
 */
export {
  addBusinessMs,
  businessCalendarOf,
  businessMsBetween,
  closedReasonOf,
  isLagosWorkingDayAt,
  isOpenAt,
  isWorkingDay,
  nextOpening,
  openingsOn,
  type BusinessCalendar,
} from './business-time';
export { publicHolidaysOf, NOT_WORK_FREE, type PublicHoliday } from './holidays';
export { lagosDayStartMs, lagosMomentOf, LAGOS_TIME_ZONE, type LagosMoment } from './lagos-time';

type CalendarDeps = Pick<AppDeps, 'db' | 'clock'>;

/** The settings as stored, or the defaults before any owner saved them (or if the stored row no longer parses). */
export async function loadBusinessCalendarSettings(db: Kysely<Database>): Promise<BusinessCalendarSettings> {
  const json = await repository.readSettingsJson(db);
  if (json === undefined) return DEFAULT_BUSINESS_CALENDAR;
  const parsed = BusinessCalendarSettingsSchema.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : DEFAULT_BUSINESS_CALENDAR;
}

/** The calendar ready for arithmetic, as the owners set it now. */
export async function loadBusinessCalendar(db: Kysely<Database>): Promise<BusinessCalendar> {
  return businessCalendarOf(await loadBusinessCalendarSettings(db));
}

/** Days stored in order, so the row and the audit detail read the same way whatever order the page sent. */
function normalised(settings: BusinessCalendarSettings): BusinessCalendarSettings {
  return {
    hours: Object.fromEntries(
      WEEKDAYS.map((weekday) => [weekday, [...settings.hours[weekday]].sort((a, b) => a.start.localeCompare(b.start))]),
    ) as BusinessCalendarSettings['hours'],
    addedDays: [...settings.addedDays].sort((a, b) => a.date.localeCompare(b.date)),
    removedDays: [...settings.removedDays].sort(),
  };
}

/** What changed, for the audit log: the weekdays whose hours changed, and the days added or removed on each side. */
function changesOf(before: BusinessCalendarSettings, after: BusinessCalendarSettings): Record<string, unknown> {
  const hoursOf = (settings: BusinessCalendarSettings, weekday: (typeof WEEKDAYS)[number]) =>
    settings.hours[weekday].map(({ start, end }) => `${start}-${end}`).join(', ') || 'closed';
  const datesOf = (days: readonly { date: string }[]) => days.map(({ date }) => date);
  const gained = (was: string[], now: string[]) => now.filter((date) => !was.includes(date));
  return {
    hours: Object.fromEntries(
      WEEKDAYS.filter((weekday) => hoursOf(before, weekday) !== hoursOf(after, weekday)).map((weekday) => [
        weekday,
        hoursOf(after, weekday),
      ]),
    ),
    closedDaysAdded: gained(datesOf(before.addedDays), datesOf(after.addedDays)),
    closedDaysDropped: gained(datesOf(after.addedDays), datesOf(before.addedDays)),
    holidaysOpened: gained(before.removedDays, after.removedDays),
    holidaysClosedAgain: gained(after.removedDays, before.removedDays),
  };
}

/** An owner saves the whole calendar; the change and its audit entry are stored together. */
export async function saveBusinessCalendar(
  deps: CalendarDeps,
  settings: BusinessCalendarSettings,
  userId: number,
): Promise<BusinessCalendarSettings> {
  const next = normalised(settings);
  await withConflictRetry(() =>
    deps.db.transaction().execute(async (trx) => {
      const before = await loadBusinessCalendarSettings(trx);
      const at = deps.clock().getTime();
      await repository.writeSettingsJson(trx, JSON.stringify(next), userId, at);
      await recordAudit(trx, {
        action: 'business-calendar.change',
        actor: await actorOf(trx, userId),
        target: 'the business calendar',
        detail: changesOf(before, next),
        at,
      });
    }),
  );
  return next;
}

/** Months of holidays the owner page lists. */
const COMING_MONTHS = 12;

/**
 * The closed days from today for 12 months as they apply, the holidays the owners opened after all, and every public
 * holiday of those months as the library gives them.
 */
export function comingHolidaysOf(
  settings: BusinessCalendarSettings,
  nowMs: number,
): Pick<BusinessCalendarAnswer, 'from' | 'holidays' | 'openAfterAll' | 'publicHolidays'> {
  const from = lagosMomentOf(nowMs).day;
  const untilDay = monthsLater(from, COMING_MONTHS);
  const removed = new Set(settings.removedDays);
  const added = new Set(settings.addedDays.map(({ date }) => date));
  const library = publicHolidaysBetween(from, untilDay);
  const holidays: CalendarHoliday[] = [
    ...library
      .filter(({ date }) => !removed.has(date) && !added.has(date))
      .map(({ date, name }) => ({ date, name, origin: 'public-holiday' as const })),
    ...settings.addedDays
      .filter(({ date }) => date >= from && date < untilDay)
      .map(({ date, name }) => ({ date, name: name || 'Closed', origin: 'added' as const })),
  ].sort((a, b) => a.date.localeCompare(b.date));
  const openAfterAll = library
    .filter(({ date }) => removed.has(date))
    .map(({ date, name }) => ({ date, name, origin: 'public-holiday' as const }));
  const publicHolidays = library.map(({ date, name }) => ({ date, name, origin: 'public-holiday' as const }));
  return { from, holidays, openAfterAll, publicHolidays };
}

/** The same day `months` later (the 31st becomes the month's last day). */
function monthsLater(day: string, months: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, last));
  return target.toISOString().slice(0, 10);
}

/** GET's answer: the settings and the coming holidays. */
export async function businessCalendarAnswer(deps: CalendarDeps): Promise<BusinessCalendarAnswer> {
  const calendar = await loadBusinessCalendarSettings(deps.db);
  return { success: true, calendar, ...comingHolidaysOf(calendar, deps.clock().getTime()) };
}
