import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFreshDatabase, testDatabaseKind, type FreshDatabase } from '@agency/testing';
import { ENQUIRY_KINDS, storedColumnsOf } from '@agency/shared';
import { openDatabase, type DatabaseHandle } from '../lib/db';
import { migrateToLatest } from '../lib/migrate';
import { VALID_SUBMISSIONS } from '../test/fixtures';
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

describe('migration 0008 on a database that already holds enquiries', () => {
  it('fills in the search text of every stored enquiry, past the first batch, and of every kind', async () => {
    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => MIGRATIONS } });
    expect((await migrator.migrateTo('0007-inbox')).error).toBeUndefined();
    const day = Date.UTC(2026, 5, 1);
    // One more than a batch of the backfill, in one statement.
    const contacts = Array.from({ length: 501 }, (_, index) => [
      index === 500 ? 'Ọlábísí Adéwálé' : `Client ${index}`,
      `client${index}@example.ng`,
      '0803 123 4567',
      'Ẹ káàsán',
      `RD-26-${String(index + 1).padStart(5, '0')}`,
      day + index,
    ]);
    await sql`insert into contact_messages (name, email, phone, message, reference, created_at) values ${sql.join(
      contacts.map((row) => sql`(${sql.join(row)})`),
    )}`.execute(handle.db);
    const training = {
      ...storedColumnsOf(
        'web_dev',
        ENQUIRY_KINDS.web_dev.schema.parse({
          ...VALID_SUBMISSIONS.web_dev,
          firstname: 'Chukwuemeka',
          surname: 'Nwáńkwọ́',
          email: 'Emeka@Mail.ng',
        }),
      ),
      reference: 'RD-26-00502',
      created_at: day,
    };
    await sql`insert into web_dev_messages (${sql.join(Object.keys(training).map((column) => sql.ref(column)))})
      values (${sql.join(Object.values(training))})`.execute(handle.db);

    await migrateToLatest(handle.db);

    const last = await handle.db
      .selectFrom('contact_messages')
      .select('search_text')
      .where('reference', '=', 'RD-26-00501')
      .executeTakeFirstOrThrow();
    expect(last.search_text).toBe('olabisi adewale\nclient500@example.ng\n0803 123 4567\ne kaasan\nrd-26-00501');
    const unfilled = await handle.db
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll().as('total'))
      .where('search_text', '=', '')
      .executeTakeFirstOrThrow();
    expect(Number(unfilled.total)).toBe(0);
    const emeka = await handle.db.selectFrom('web_dev_messages').select('search_text').executeTakeFirstOrThrow();
    expect(emeka.search_text).toBe(`chukwuemeka nwankwo\nemeka@mail.ng\n${training.phone}\nrd-26-00502`);
  });
});
