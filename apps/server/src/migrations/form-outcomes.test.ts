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

describe('migration 0021 on a database of the previous release', () => {
  it('adds an empty outcomes table and leaves the accounts of before as they were', async () => {
    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => MIGRATIONS } });
    const previous = Object.keys(MIGRATIONS)
      .filter((name) => name < '0021')
      .at(-1);
    expect((await migrator.migrateTo(previous ?? '')).error).toBeUndefined();
    await sql`insert into users (email, password_hash, profile_image, is_staff, role, confirmed_at, created_at, digest_enabled)
      values ('owner@agency.test', 'hash', '', 0, 'owner', 1, 2, 1)`.execute(handle.db);
    const before = (await sql`select * from users order by id`.execute(handle.db)).rows;

    expect((await migrator.migrateTo('0021-form-outcomes')).error).toBeUndefined();

    expect((await sql`select * from users order by id`.execute(handle.db)).rows).toEqual(before);
    expect(await handle.db.selectFrom('form_outcomes').selectAll().execute()).toEqual([]);
  });

  it('keeps an outcome of a long state and finds it by id, browser and expiry through the index', async () => {
    const state = JSON.stringify({ values: { message: 'Ẹ kú àárọ̀ '.repeat(2000) } });
    await handle.db
      .insertInto('form_outcomes')
      .values({ id: 'a'.repeat(64), browser: 'b'.repeat(64), kind: 'contact', state, created_at: 1, expires_at: 10 })
      .execute();
    const row = await handle.db
      .selectFrom('form_outcomes')
      .select(['kind', 'state'])
      .where('id', '=', 'a'.repeat(64))
      .where('browser', '=', 'b'.repeat(64))
      .where('expires_at', '>', 5)
      .executeTakeFirst();
    expect(row).toEqual({ kind: 'contact', state });
    // A second outcome of the same id is refused by the primary key.
    await expect(
      handle.db
        .insertInto('form_outcomes')
        .values({ id: 'a'.repeat(64), browser: 'c'.repeat(64), kind: 'contact', state, created_at: 1, expires_at: 10 })
        .execute(),
    ).rejects.toThrow();
  });
});
