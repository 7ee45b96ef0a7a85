import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFreshDatabase, testDatabaseKind, type FreshDatabase } from '@agency/testing';
import { openDatabase, type DatabaseHandle } from '../lib/db';
import { MIGRATIONS } from '.';

const THIS = '0023-team-notifications';
/** The release before this one: whichever migration comes last before 0023. */
const PREVIOUS = Object.keys(MIGRATIONS)
  .filter((name) => name < THIS)
  .sort()
  .at(-1);

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

describe('migration 0023 on a database of the previous release', () => {
  it('keeps every account as it was, with assignment mails on, and starts with nobody present', async () => {
    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => MIGRATIONS } });
    expect(PREVIOUS).toBeDefined();
    expect((await migrator.migrateTo(String(PREVIOUS))).error).toBeUndefined();
    const accounts = [
      ['owner@agency.test', 'owner', 1],
      ['staff@agency.test', 'staff', 0],
      ['waiting@agency.test', 'pending', 1],
    ] as const;
    for (const [email, role, digest] of accounts) {
      await sql`insert into users (email, password_hash, profile_image, is_staff, role, confirmed_at, created_at, digest_enabled)
        values (${email}, 'hash', '', 0, ${role}, 1, 2, ${digest})`.execute(handle.db);
    }
    await sql`insert into enquiries (kind, reference, folder, status, created_at, name, email, phone, phone_key, preview,
        search_text, human_check)
      values ('contact', 'RD-OLD-1', 'inbox', 'new', 3, 'Ngozi Okafor', 'ngozi@example.ng', '08030000000',
        '2348030000000', 'Hello', 'ngozi okafor hello', 'verified')`.execute(handle.db);
    const usersBefore = (await sql`select * from users order by id`.execute(handle.db)).rows;
    const enquiriesBefore = (await sql`select * from enquiries order by id`.execute(handle.db)).rows;

    expect((await migrator.migrateTo(THIS)).error).toBeUndefined();

    const usersAfter = (await sql<Record<string, unknown>>`select * from users order by id`.execute(handle.db)).rows;
    expect(usersAfter.map(({ assignment_mail_enabled, ...rest }) => [rest, Number(assignment_mail_enabled)])).toEqual(
      usersBefore.map((row) => [row, 1]),
    );
    expect((await sql`select * from enquiries order by id`.execute(handle.db)).rows).toEqual(enquiriesBefore);
    expect(await handle.db.selectFrom('enquiry_presence').selectAll().execute()).toEqual([]);
  });

  it('removes a presence with its enquiry or its person, through the database', async () => {
    const enquiry = await handle.db.selectFrom('enquiries').select('id').executeTakeFirstOrThrow();
    const users = await handle.db.selectFrom('users').select('id').orderBy('id').execute();
    const [first, second] = users.map((user) => Number(user.id));
    await handle.db
      .insertInto('enquiry_presence')
      .values(
        [first, second].map((userId) => ({
          enquiry_id: Number(enquiry.id),
          user_id: Number(userId),
          activity: 'viewing' as const,
          expires_at: 10,
        })),
      )
      .execute();
    await handle.db.deleteFrom('users').where('id', '=', Number(first)).execute();
    expect(
      (await handle.db.selectFrom('enquiry_presence').select('user_id').execute()).map((row) => Number(row.user_id)),
    ).toEqual([second]);
    await handle.db.deleteFrom('enquiries').where('id', '=', Number(enquiry.id)).execute();
    expect(await handle.db.selectFrom('enquiry_presence').selectAll().execute()).toEqual([]);
  });

  it('runs again without harm, as after an interrupted run on MariaDB', async () => {
    await expect(MIGRATIONS[THIS]?.up(handle.db as never)).resolves.toBeUndefined();
  });
});
