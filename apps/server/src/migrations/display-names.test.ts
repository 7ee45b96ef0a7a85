import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createFreshDatabase, testDatabaseKind, type FreshDatabase } from '@agency/testing';
import { openDatabase, type DatabaseHandle } from '../lib/db';
import { migrateToLatest } from '../lib/migrate';
import { MIGRATIONS } from '.';

let fresh: FreshDatabase | undefined;
let handle: DatabaseHandle | undefined;

afterEach(async () => {
  await handle?.db.destroy();
  await fresh?.drop();
  handle = undefined;
  fresh = undefined;
});

/** A database migrated to just before 0022, with accounts the previous release wrote. */
async function installationBeforeDisplayNames() {
  fresh = await createFreshDatabase(testDatabaseKind());
  handle = openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: fresh.dataDir });
  const names = Object.keys(MIGRATIONS);
  const previous = names[names.indexOf('0022-display-names') - 1] ?? '';
  const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => MIGRATIONS } });
  expect((await migrator.migrateTo(previous)).error).toBeUndefined();
  await sql`insert into users (id, email, password_hash, profile_image, is_staff, role, confirmed_at, created_at, digest_enabled)
    values (1, 'adaeze@agency.test', 'hash-1', 'default-avatar.png', 1, 'owner', 1, 1, 0),
           (2, 'tunde.bakare@agency.test', 'hash-2', 'a.webp', 1, 'staff', 2, 2, 1)`.execute(handle.db);
  return handle.db;
}

describe('migration 0022 on data of the previous release', () => {
  it('keeps every account as it was and gives each no display name, so they go by their e-mail names', async () => {
    const db = await installationBeforeDisplayNames();
    await migrateToLatest(db);
    const rows = await db
      .selectFrom('users')
      .select(['id', 'email', 'password_hash', 'profile_image', 'role', 'digest_enabled', 'display_name'])
      .orderBy('id')
      .execute();
    expect(rows.map((row) => ({ ...row, id: Number(row.id), digest_enabled: Number(row.digest_enabled) }))).toEqual([
      {
        id: 1,
        email: 'adaeze@agency.test',
        password_hash: 'hash-1',
        profile_image: 'default-avatar.png',
        role: 'owner',
        digest_enabled: 0,
        display_name: null,
      },
      {
        id: 2,
        email: 'tunde.bakare@agency.test',
        password_hash: 'hash-2',
        profile_image: 'a.webp',
        role: 'staff',
        digest_enabled: 1,
        display_name: null,
      },
    ]);
  });

  it('holds a name of 60 characters of any script, and running it again changes nothing', async () => {
    const db = await installationBeforeDisplayNames();
    await migrateToLatest(db);
    // Yoruba with its tone marks and an emoji (4 bytes in utf8mb4): 60 characters by JavaScript's count of code points.
    const name = `Adéwálé Ọlábísí 🌍 ${'ẹ'.repeat(42)}`;
    expect([...name]).toHaveLength(60);
    await db.updateTable('users').set({ display_name: name }).where('id', '=', 1).execute();
    await MIGRATIONS['0022-display-names']?.up(db as never);
    const row = await db.selectFrom('users').select('display_name').where('id', '=', 1).executeTakeFirstOrThrow();
    expect(row.display_name).toBe(name);
  });
});
