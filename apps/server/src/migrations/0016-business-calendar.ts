import type { Kysely, Migration } from 'kysely';
import { createTable } from './table-options';

/**
 * Issue 21 (docs/decisions/0037): the business calendar, one row (id 1) holding the owners' settings as JSON — the
 * opening periods per weekday, the days they close (added) and the holidays they open after all (removed). No row
 * means the defaults of @agency/shared's business-calendar.ts (Monday-Friday 09:00-17:00, no changes).
 */
export const businessCalendar: Migration = {
  async up(db: Kysely<unknown>) {
    await createTable(db, 'business_calendar')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      /** The calendar payload as JSON (BusinessCalendarSettings), validated on write and read. */
      .addColumn('settings', 'text', (col) => col.notNull())
      .addColumn('updated_by', 'integer')
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
  },
};
