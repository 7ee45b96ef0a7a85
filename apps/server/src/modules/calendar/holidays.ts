import Holidays from 'date-holidays';

/**
 * Nigeria's public holidays from the date-holidays library (docs/decisions/0037): its type `public` only (Easter Sunday
 * and New Year's Eve are observances), each on the Lagos day the library dates it, one day each (an Eid the government
 * declares for two days gets its second day from the owners as a closed day). Three of the library's public days are
 * left out by default because they are not work-free days for a business: Children's Day (27 May, a school holiday),
 * National Youth Day (1 November) and the Islamic New Year (a holiday in some northern states, not a federal one).
 * Owners add any of them back as a closed day.
 */
export const NOT_WORK_FREE = ["Children's Day", 'National Youth Day', 'Islamic New Year'] as const;

export interface PublicHoliday {
  /** The Lagos day, YYYY-MM-DD. */
  date: string;
  name: string;
}

const nigeria = new Holidays('NG');
const byYear = new Map<number, PublicHoliday[]>();
const dayIndex = new Map<number, Map<string, PublicHoliday>>();

/** The year's public holidays that close the business by default, in date order (one entry per day). */
export function publicHolidaysOf(year: number): PublicHoliday[] {
  const cached = byYear.get(year);
  if (cached) return cached;
  const seen = new Set<string>();
  const holidays: PublicHoliday[] = [];
  for (const holiday of nigeria.getHolidays(year)) {
    if (holiday.type !== 'public') continue;
    if ((NOT_WORK_FREE as readonly string[]).includes(holiday.name)) continue;
    // `date` is the library's local day ("2026-03-20 00:00:00 -0600" for an Eid, which begins at the sunset before).
    const date = holiday.date.slice(0, 10);
    if (seen.has(date)) continue;
    seen.add(date);
    holidays.push({ date, name: holiday.name });
  }
  holidays.sort((a, b) => a.date.localeCompare(b.date));
  byYear.set(year, holidays);
  return holidays;
}

/** The public holiday on a Lagos day, if any. */
export function publicHolidayOn(day: string): PublicHoliday | undefined {
  const year = Number(day.slice(0, 4));
  let days = dayIndex.get(year);
  if (!days) {
    days = new Map(publicHolidaysOf(year).map((holiday) => [holiday.date, holiday]));
    dayIndex.set(year, days);
  }
  return days.get(day);
}

/** The public holidays from one day (included) until another (excluded). */
export function publicHolidaysBetween(fromDay: string, untilDay: string): PublicHoliday[] {
  const holidays: PublicHoliday[] = [];
  for (let year = Number(fromDay.slice(0, 4)); year <= Number(untilDay.slice(0, 4)); year += 1) {
    holidays.push(...publicHolidaysOf(year).filter(({ date }) => date >= fromDay && date < untilDay));
  }
  return holidays;
}
