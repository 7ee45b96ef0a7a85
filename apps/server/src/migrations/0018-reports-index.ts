import type { Kysely, Migration } from 'kysely';

/**
 * The reports read from an index, not the table (issue 21 item 6, docs/decisions/0042). Every report reads the
 * arrivals of a range of days and a dozen small columns of each; a row of `enquiries` holds about 700 bytes (the
 * name, preview, search text and each kind's fields), so a year's report read 70 MB of rows at 100,000 enquiries.
 * This index starts with `created_at` (the range) and carries every column the reports read, so each of their
 * queries is answered from the index alone, on SQLite and MariaDB alike (about 2.2 KB of key at most on MariaDB,
 * within InnoDB's 3,072).
 */
export const REPORTS_INDEX_COLUMNS = [
  'created_at',
  'folder',
  'kind',
  'status',
  'assignee_id',
  'first_response_by',
  'first_response_channel',
  'first_response_at',
  'response_due_at',
  'first_response_business_ms',
  'source_class',
  'source_host',
  'utm_source',
] as const;

export const reportsIndex: Migration = {
  async up(db: Kysely<unknown>) {
    // `if not exists` is understood by SQLite and MariaDB alike, so a start broken off here is finished by the next.
    await db.schema
      .createIndex('enquiries_reports')
      .ifNotExists()
      .on('enquiries')
      .columns([...REPORTS_INDEX_COLUMNS])
      .execute();
  },
};
