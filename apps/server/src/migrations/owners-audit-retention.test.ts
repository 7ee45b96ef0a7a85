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

/** A database migrated to just before 0009, holding accounts the way older versions wrote them. */
async function installationBeforeRoles(accounts: Array<{ email: string; isStaff: 0 | 1 }>, firstUserId: number) {
  fresh = await createFreshDatabase(testDatabaseKind());
  handle = openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: fresh.dataDir });
  const names = Object.keys(MIGRATIONS);
  const previous = names[names.indexOf('0009-owners-audit-retention') - 1] ?? '';
  const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => MIGRATIONS } });
  expect((await migrator.migrateTo(previous)).error).toBeUndefined();
  let id = 0;
  for (const account of accounts) {
    id += 1;
    await sql`insert into users (id, email, password_hash, profile_image, is_staff, confirmed_at, created_at)
      values (${id}, ${account.email}, 'hash', 'default.png', ${account.isStaff}, 1, ${id})`.execute(handle.db);
  }
  await sql`insert into installation (id, first_user_id, claimed_at) values (1, ${firstUserId}, 1)`.execute(handle.db);
  await migrateToLatest(handle.db);
  return handle.db.selectFrom('users').select(['email', 'role']).orderBy('id').execute();
}

describe('migration 0009 on an installation that already has staff', () => {
  it('makes the first account the owner, other staff staff, and everyone else waiting', async () => {
    const roles = await installationBeforeRoles(
      [
        { email: 'first@agency.test', isStaff: 1 },
        { email: 'helper@agency.test', isStaff: 1 },
        { email: 'stranger@example.ng', isStaff: 0 },
      ],
      1,
    );
    expect(roles).toEqual([
      { email: 'first@agency.test', role: 'owner' },
      { email: 'helper@agency.test', role: 'staff' },
      { email: 'stranger@example.ng', role: 'pending' },
    ]);
  });

  it('makes the earliest staff account the owner when the first account is not staff', async () => {
    const roles = await installationBeforeRoles(
      [
        { email: 'stranger@example.ng', isStaff: 0 },
        { email: 'early@agency.test', isStaff: 1 },
        { email: 'later@agency.test', isStaff: 1 },
      ],
      1,
    );
    expect(roles.map((row) => row.role)).toEqual(['pending', 'owner', 'staff']);
  });
});
