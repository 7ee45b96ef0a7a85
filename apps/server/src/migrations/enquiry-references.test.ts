import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFreshDatabase, testDatabaseKind, type FreshDatabase } from '@agency/testing';
import { openDatabase, type DatabaseHandle } from '../lib/db';
import { MIGRATIONS } from '.';

let fresh: FreshDatabase;
let handle: DatabaseHandle;

beforeAll(async () => {
  fresh = await createFreshDatabase(testDatabaseKind());
  handle = openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: fresh.dataDir });
});

afterAll(async () => {
  await handle.db.destroy();
  await fresh.drop();
});

describe('migration 0006 on a database that already holds enquiries', () => {
  it('gives every stored enquiry a reference, in the order they arrived, across the four kinds', async () => {
    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => MIGRATIONS } });
    const before = await migrator.migrateTo('0005-rate-limits');
    expect(before.error).toBeUndefined();
    const day = Date.UTC(2025, 5, 1);
    await sql`insert into contact_messages (name, email, phone, message, created_at)
      values ('Second', 'b@example.ng', '0801', 'Hello', ${day + 2000})`.execute(handle.db);
    await sql`insert into request_quote_messages (name, email, phone, location, project_description, services, created_at)
      values ('First', 'a@example.ng', '0802', 'Lagos', 'A shop', '[]', ${day + 1000})`.execute(handle.db);
    await sql`insert into contact_messages (name, email, phone, message, created_at)
      values ('Third', 'c@example.ng', '0803', 'Hi', ${Date.UTC(2026, 0, 2)})`.execute(handle.db);

    expect((await migrator.migrateTo('0006-enquiry-references')).error).toBeUndefined();

    const rowsOf = async (query: ReturnType<typeof sql>) => (await query.execute(handle.db)).rows;
    expect(await rowsOf(sql`select name, reference from request_quote_messages`)).toEqual([
      { name: 'First', reference: 'RD-25-00001' },
    ]);
    expect(
      await rowsOf(sql`select name, reference, human_check, spam_reason from contact_messages order by id`),
    ).toEqual([
      { name: 'Second', reference: 'RD-25-00002', human_check: 'unverified', spam_reason: null },
      { name: 'Third', reference: 'RD-26-00003', human_check: 'unverified', spam_reason: null },
    ]);
    // New enquiries continue the series (0010 carries it on in the enquiries table's ids).
    expect(await rowsOf(sql`select max(id) as top from enquiry_numbers`)).toEqual([{ top: 3 }]);
  });
});
