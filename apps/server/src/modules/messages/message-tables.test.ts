import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ENQUIRY_KINDS, MESSAGE_KINDS, storedFieldsOf } from '@agency/shared';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

describe.each(MESSAGE_KINDS)('the migrated table of %s enquiries', (kind) => {
  it("has exactly every enquiry's common columns and the columns its definition stores", async () => {
    const tables = await database.db.introspection.getTables();
    const table = tables.find(({ name }) => name === ENQUIRY_KINDS[kind].table);
    const columns = storedFieldsOf(kind).map(({ column }) => column);
    const common = ['id', 'created_at', 'reference', 'spam_reason', 'human_check'];
    const inbox = ['folder', 'status', 'assignee_id', 'trashed_at', 'phone_key', 'search_text'];
    expect(table?.columns.map(({ name }) => name).sort()).toEqual([...common, ...inbox, ...columns].sort());
  });

  it('lets a column hold null exactly where the schema stores null for a field left out', async () => {
    const tables = await database.db.introspection.getTables();
    const table = tables.find(({ name }) => name === ENQUIRY_KINDS[kind].table);
    const fieldSchemas = new Map<string, z.ZodType>(Object.entries(ENQUIRY_KINDS[kind].schema.shape));
    for (const { field, column } of storedFieldsOf(kind)) {
      const storesNull = fieldSchemas.get(field)?.safeParse(undefined).data === null;
      const nullable = table?.columns.find(({ name }) => name === column)?.isNullable;
      expect({ column, nullable }).toEqual({ column, nullable: storesNull });
    }
  });
});
