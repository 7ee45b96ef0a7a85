import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIND_COLUMNS, MESSAGE_KINDS, storedFieldsOf } from '@agency/shared';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

/** What every enquiry has, whatever its kind (lib/database-schema.ts, EnquiriesTable). */
const COMMON = [
  'id',
  'kind',
  'reference',
  'legacy_id',
  'name',
  'email',
  'phone',
  'phone_key',
  'preview',
  'search_text',
  'status',
  'assignee_id',
  'folder',
  'human_check',
  'spam_reason',
  'created_at',
  'trashed_at',
  // Since when a customer's reply waits for an answer (issue 20, 0011).
  'waiting_since',
];

/** Issue 21 (0017): first-response times, targets, reminders and snoozes, nullable until they apply. */
const RESPONSE_TIMES = [
  'response_due_at',
  'remind_at',
  'reminded_at',
  'escalated_at',
  'first_response_at',
  'first_response_channel',
  'first_response_by',
  'first_response_business_ms',
  'snoozed_until',
];
/** Issue 21 (0017): the first-touch source of the visit, null when none was carried. */
const SOURCE = ['source_class', 'source_host', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'];

describe('the enquiries table, migrated', () => {
  it('has exactly the common columns and every column a kind stores, and no table of its own per kind', async () => {
    const tables = await database.db.introspection.getTables();
    const enquiries = tables.find(({ name }) => name === 'enquiries');
    expect(enquiries?.columns.map(({ name }) => name).sort()).toEqual(
      [...new Set([...COMMON, ...RESPONSE_TIMES, 'snoozed_until_reply', ...SOURCE, ...KIND_COLUMNS])].sort(),
    );
    expect(tables.map(({ name }) => name).filter((name) => /_messages$|^enquiry_numbers$/.test(name))).toEqual([]);
    for (const kind of MESSAGE_KINDS) {
      for (const { column } of storedFieldsOf(kind)) expect(KIND_COLUMNS).toContain(column);
    }
  });

  it("holds null only where a kind may have no value: a kind's own fields and what comes later", async () => {
    const tables = await database.db.introspection.getTables();
    const enquiries = tables.find(({ name }) => name === 'enquiries');
    // SQLite reports an integer primary key as nullable, which it never is (it is the rowid).
    const nullable = enquiries?.columns
      .filter((column) => column.isNullable && column.name !== 'id')
      .map(({ name }) => name);
    const ownFields = KIND_COLUMNS.filter((column) => !['name', 'email', 'phone'].includes(column));
    expect(nullable?.sort()).toEqual(
      [
        ...ownFields,
        'legacy_id',
        'assignee_id',
        'spam_reason',
        'trashed_at',
        'waiting_since',
        ...RESPONSE_TIMES,
        ...SOURCE,
      ].sort(),
    );
  });
});
