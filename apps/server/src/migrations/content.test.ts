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

describe('migration 0019 on a database of the previous release', () => {
  it('keeps every account as it was, editor of nothing, and starts the site at revision 0', async () => {
    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => MIGRATIONS } });
    expect((await migrator.migrateTo('0018-reports-index')).error).toBeUndefined();
    const accounts = [
      ['owner@agency.test', 'owner', 1],
      ['staff@agency.test', 'staff', 0],
      ['waiting@agency.test', 'pending', 1],
    ] as const;
    for (const [email, role, digest] of accounts) {
      await sql`insert into users (email, password_hash, profile_image, is_staff, role, confirmed_at, created_at, digest_enabled)
        values (${email}, 'hash', '', 0, ${role}, 1, 2, ${digest})`.execute(handle.db);
    }
    const before = (await sql`select * from users order by id`.execute(handle.db)).rows;

    expect((await migrator.migrateTo('0019-content')).error).toBeUndefined();

    const after = (await sql<Record<string, unknown>>`select * from users order by id`.execute(handle.db)).rows;
    expect(after.map(({ content_editor, ...rest }) => [rest, Number(content_editor)])).toEqual(
      before.map((row) => [row, 0]),
    );
    expect(await handle.db.selectFrom('site_state').selectAll().execute()).toEqual([
      { id: 1, revision: 0, updated_at: 0 },
    ]);
    for (const table of ['content_items', 'content_versions', 'content_images', 'content_image_variants'] as const) {
      expect(await handle.db.selectFrom(table).selectAll().execute()).toEqual([]);
    }
  });

  it('removes an item’s versions with the item, through the database', async () => {
    const inserted = await handle.db
      .insertInto('content_items')
      .values({ type: 'testimonial', slug: 'ada', draft: '{}', draft_updated_at: 1, created_at: 1 })
      .executeTakeFirstOrThrow();
    const id = Number(inserted.insertId);
    await handle.db
      .insertInto('content_versions')
      .values([1, 2].map((version) => ({ item_id: id, version, data: '{}', created_at: version })))
      .execute();
    await handle.db.deleteFrom('content_items').where('id', '=', id).execute();
    expect(await handle.db.selectFrom('content_versions').selectAll().execute()).toEqual([]);
  });
});
