import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFreshDatabase, testDatabaseKind, type FreshDatabase } from '@agency/testing';
import { ENQUIRY_KINDS, storedColumnsOf } from '@agency/shared';
import { openDatabase, type DatabaseHandle } from '../lib/db';
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

    expect((await migrator.migrateTo('0008-inbox-search')).error).toBeUndefined();

    const searchTextOf = async (table: string, where = sql`1 = 1`) =>
      (
        await sql<{ search_text: string }>`select search_text from ${sql.table(table)} where ${where}`.execute(
          handle.db,
        )
      ).rows;
    expect(await searchTextOf('contact_messages', sql`reference = 'RD-26-00501'`)).toEqual([
      { search_text: 'olabisi adewale\nclient500@example.ng\n0803 123 4567\ne kaasan\nrd-26-00501' },
    ]);
    expect(await searchTextOf('contact_messages', sql`search_text = ''`)).toEqual([]);
    // Every field the definition marks searched (the state too, since issue 19), then the reference.
    expect(await searchTextOf('web_dev_messages')).toEqual([
      {
        search_text: `chukwuemeka nwankwo\nemeka@mail.ng\n${training.phone}\n${training.state.toLowerCase()}\nrd-26-00502`,
      },
    ]);
  });
});
