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

/** An enquiry as the previous release stored it: every required column given a plain value. */
async function insertOldEnquiry(): Promise<number> {
  const table = (await handle.db.introspection.getTables()).find((candidate) => candidate.name === 'enquiries');
  const values: Record<string, unknown> = { kind: 'contact', folder: 'inbox', status: 'new', reference: 'RD-26-00001' };
  for (const column of table?.columns ?? []) {
    if (column.name in values || column.isAutoIncrementing || column.isNullable || column.hasDefaultValue) continue;
    values[column.name] = /int|real|num|dec/i.test(column.dataType) ? 1 : '';
  }
  const columns = Object.keys(values);
  await sql`insert into enquiries (${sql.join(columns.map((name) => sql.ref(name)))})
    values (${sql.join(columns.map((name) => values[name]))})`.execute(handle.db);
  const row = await sql<{ id: number }>`select max(id) as id from enquiries`.execute(handle.db);
  return Number(row.rows[0]?.id);
}

describe('migration 0020 on a database of the previous release', () => {
  it('keeps every audit entry as it was, none undone, and an undo record goes with its enquiry', async () => {
    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => MIGRATIONS } });
    expect((await migrator.migrateTo('0019-content')).error).toBeUndefined();
    await sql`insert into audit_log (action, actor_id, actor_email, target, detail, created_at)
      values ('enquiry.trash', 1, 'ada@agency.test', '2 web_dev enquiries', '{"count":2}', 10),
             ('retention.purge', null, 'the server', 'expired data', '{}', 20)`.execute(handle.db);
    const enquiryId = await insertOldEnquiry();
    const before = (await sql`select * from audit_log order by id`.execute(handle.db)).rows;

    expect((await migrator.migrateTo('0020-undo')).error).toBeUndefined();

    const after = (await sql<Record<string, unknown>>`select * from audit_log order by id`.execute(handle.db)).rows;
    expect(after.map(({ undone_at, undone_by, ...rest }) => [rest, undone_at, undone_by])).toEqual(
      before.map((row) => [row, null, null]),
    );

    const action = await handle.db
      .insertInto('undo_actions')
      .values({ token: 'A'.repeat(22), actor_id: 1, audit_id: 1, created_at: 30, expires_at: 60 })
      .executeTakeFirstOrThrow();
    const item = {
      undo_id: Number(action.insertId),
      enquiry_id: enquiryId,
      before_folder: 'inbox',
      before_status: 'new',
      before_trashed_at: null,
      after_folder: 'trash',
      after_status: 'new',
      after_trashed_at: 30,
    } as const;
    await handle.db.insertInto('undo_items').values(item).execute();
    expect(await handle.db.selectFrom('undo_items').selectAll().execute()).toEqual([
      { ...item, undo_id: expect.anything(), after_trashed_at: expect.anything() },
    ]);
    // An erasure deletes the enquiry: nothing of it may stay behind in an undo record.
    await handle.db.deleteFrom('enquiries').where('id', '=', enquiryId).execute();
    expect(await handle.db.selectFrom('undo_items').selectAll().execute()).toEqual([]);
    // Removing an expired action removes its items.
    await handle.db.deleteFrom('undo_actions').execute();
    expect(await handle.db.selectFrom('undo_actions').selectAll().execute()).toEqual([]);
  });

  it('is finished by a second start when one broke off half way (MariaDB commits each DDL statement)', async () => {
    expect(await MIGRATIONS['0020-undo']?.up(handle.db)).toBeUndefined();
  });
});
