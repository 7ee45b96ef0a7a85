import { Migrator, sql, type Kysely, type KyselyPlugin } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createFreshDatabase, testDatabaseKind, type FreshDatabase } from '@agency/testing';
import { formatReference, type MessageKind } from '@agency/shared';
import { openDatabase, type DatabaseHandle } from '../lib/db';
import type { Database } from '../lib/database-schema';
import { migrateToLatest } from '../lib/migrate';
import { findEnquiry } from '../modules/inbox/inbox.repository';
import { insertEnquiry, listMessages } from '../modules/messages/messages.repository';
import { oneEnquiryTable } from './0010-one-enquiry-table';
import { MIGRATIONS } from '.';

let fresh: FreshDatabase | undefined;
let handle: DatabaseHandle | undefined;

afterEach(async () => {
  await handle?.db.destroy();
  await fresh?.drop();
  handle = undefined;
  fresh = undefined;
});

const DAY = Date.UTC(2026, 9, 1);

/** An enquiry as the release before 0010 stored it: its kind's table, its own id there, and its columns. */
interface OldEnquiry {
  kind: MessageKind;
  table: string;
  id: number;
  columns: Record<string, string | number | null>;
}

/** Rows of the four old tables with overlapping ids, gaps where enquiries were deleted, every folder and status. */
function oldEnquiries(): OldEnquiry[] {
  const rows: OldEnquiry[] = [];
  let number = 0;
  const common = (id: number, extra: Record<string, string | number | null> = {}) => {
    number += 1;
    const createdAt = DAY + number * 60_000;
    return {
      reference: formatReference(number, new Date(createdAt)),
      created_at: createdAt,
      spam_reason: null,
      human_check: 'verified',
      folder: 'inbox',
      status: 'new',
      assignee_id: null,
      trashed_at: null,
      phone_key: '8031234567',
      search_text: `stale search text ${id}`,
      ...extra,
    };
  };
  const training = (
    kind: 'web_dev' | 'creative_design',
    id: number,
    extra: Record<string, string | number | null>,
  ) => ({
    kind,
    table: `${kind}_messages`,
    id,
    columns: {
      firstname: `Tolu${id}`,
      surname: 'Adéyemí',
      email: `tolu${id}@example.ng`,
      phone: '0803 123 4567',
      schedule: 'Weekend',
      ...(kind === 'web_dev' ? { training_type: 'Web Design' } : {}),
      occupation: 'Student',
      state: 'Oyo',
      referral: 'Google Search',
      ...common(id, extra),
    },
  });
  // The web training table had ids 1, 2 and 7 (3 to 6 deleted); the others start at 1 too.
  rows.push(training('web_dev', 1, { status: 'enrolled', assignee_id: 2 }));
  rows.push(training('web_dev', 2, { folder: 'trash', trashed_at: DAY + 5 }));
  rows.push(training('web_dev', 7, {}));
  rows.push(training('creative_design', 1, { folder: 'spam', spam_reason: 'too-fast', human_check: 'unverified' }));
  rows.push(training('creative_design', 2, { status: 'contacted' }));
  for (const id of [1, 2, 3]) {
    rows.push({
      kind: 'contact',
      table: 'contact_messages',
      id,
      columns: {
        name: `Chioma ${id}`,
        email: `chioma${id}@example.ng`,
        phone: '+234 803 123 4567',
        message: `We need a website, part ${id}.`,
        ...common(id, id === 3 ? { status: 'won' } : {}),
      },
    });
  }
  rows.push({
    kind: 'request_quote',
    table: 'request_quote_messages',
    id: 4,
    columns: {
      name: 'Bayo Ventures',
      email: 'hello@bayo.ng',
      phone: '08098765432',
      location: 'Ogun',
      project_description: 'An online shop for our fabrics.',
      services: '["Web development","SEO"]',
      ...common(4, { status: 'lost' }),
    },
  });
  return rows;
}

/** A database at 0009 holding what the release before 0010 wrote: enquiries, numbers, notes, reads, history, mails. */
async function previousRelease(): Promise<{ db: Kysely<Database>; old: OldEnquiry[] }> {
  fresh = await createFreshDatabase(testDatabaseKind());
  handle = openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: fresh.dataDir });
  const db = handle.db;
  const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
  expect((await migrator.migrateTo('0009-owners-audit-retention')).error).toBeUndefined();
  const old = oldEnquiries();
  for (const row of old) {
    const columns = { id: row.id, ...row.columns };
    await sql`insert into ${sql.table(row.table)} (${sql.join(Object.keys(columns).map((name) => sql.ref(name)))})
      values (${sql.join(Object.values(columns))})`.execute(db);
  }
  // Numbers were handed out for every enquiry, the deleted ones too (12 > the 9 left).
  for (let number = 1; number <= 12; number += 1) {
    await sql`insert into enquiry_numbers (id, kind, created_at) values (${number}, 'contact', ${DAY})`.execute(db);
  }
  const note = (kind: MessageKind, enquiryId: number, body: string) =>
    sql`insert into enquiry_notes (kind, enquiry_id, author_id, body, created_at)
      values (${kind}, ${enquiryId}, 2, ${body}, ${DAY + 1})`.execute(db);
  await note('web_dev', 1, 'Paid the deposit.');
  await note('contact', 1, 'Called back.');
  await note('contact', 99, 'A note of an enquiry deleted long ago.');
  await sql`insert into enquiry_reads (kind, enquiry_id, user_id, read_at) values
    ('web_dev', 2, 2, ${DAY}), ('contact', 2, 2, ${DAY}), ('contact', 2, 3, ${DAY})`.execute(db);
  await sql`insert into enquiry_events (kind, enquiry_id, actor_id, action, from_value, to_value, created_at) values
    ('web_dev', 1, 2, 'status', 'new', 'enrolled', ${DAY}),
    ('request_quote', 4, 2, 'status', 'new', 'lost', ${DAY})`.execute(db);
  const mail = (purpose: string, subject: string, text: string) =>
    sql`insert into outbox (message_id, purpose, recipient, subject, text_body, html_body, holds_secret, status,
      attempts, next_attempt_at, created_at) values (${`<${subject}@test>`}, ${purpose}, 'someone@example.ng',
      ${subject}, ${text}, '', 0, 'sent', 1, ${DAY}, ${DAY})`.execute(db);
  const quote = old.find((row) => row.kind === 'request_quote');
  const reference = String(quote?.columns.reference);
  await mail('staff-notification', 'A new quote request has arrived', `Reference: ${reference}\n...`);
  await mail('auto-reply', `We have your request (${reference})`, 'Thank you.');
  await mail('confirm', 'Confirm your e-mail address', 'Open the link.');
  return { db, old };
}

/** What an enquiry holds after the upgrade, by reference, as read back from the one table. */
async function enquiriesByReference(db: Kysely<Database>) {
  const rows = await db.selectFrom('enquiries').selectAll().orderBy('id').execute();
  return new Map(rows.map((row) => [row.reference, row]));
}

/** Everything the upgraded database holds that the migration was to carry, in a comparable form. */
async function snapshot(db: Kysely<Database>) {
  const enquiries = await db.selectFrom('enquiries').selectAll().orderBy('id').execute();
  const notes = await db.selectFrom('enquiry_notes').selectAll().orderBy('id').execute();
  const reads = await db.selectFrom('enquiry_reads').selectAll().orderBy('enquiry_id').orderBy('user_id').execute();
  const events = await db.selectFrom('enquiry_events').selectAll().orderBy('id').execute();
  const mails = await db.selectFrom('outbox').select(['message_id', 'enquiry_id']).orderBy('id').execute();
  const tables = (await db.introspection.getTables()).map((table) => table.name).sort();
  return JSON.parse(JSON.stringify({ enquiries, notes, reads, events, mails, tables })) as unknown;
}

describe('migration 0010: one enquiries table', () => {
  it('carries every enquiry of the previous release field by field, with its notes, reads, history and mails', async () => {
    const { db, old } = await previousRelease();
    await migrateToLatest(db);

    const upgraded = await enquiriesByReference(db);
    expect(upgraded.size).toBe(old.length);
    for (const row of old) {
      const { search_text: _stale, ...columns } = row.columns;
      const now = upgraded.get(String(row.columns.reference));
      expect(now, `${row.kind} ${row.id}`).toMatchObject({ kind: row.kind, legacy_id: row.id, ...columns });
      // Made again from the definitions: the name, the preview, and a search that reads the state too.
      expect(now?.search_text).toContain(String(row.columns.email));
    }
    const tolu = upgraded.get(String(old[0]?.columns.reference));
    expect(tolu).toMatchObject({ name: 'Tolu1 Adéyemí', preview: 'Web Design · Weekend' });
    expect(tolu?.search_text).toBe('tolu1 adeyemi\ntolu1@example.ng\n0803 123 4567\noyo\nrd-26-00001');

    // Each old (kind, id) still finds its own enquiry, and no old id of a kind finds another enquiry of it.
    for (const row of old) {
      expect((await findEnquiry(db, row.kind, row.id))?.reference).toBe(row.columns.reference);
    }
    for (const kind of ['web_dev', 'creative_design', 'contact', 'request_quote'] as const) {
      for (let id = 1; id <= 20; id += 1) {
        const found = await findEnquiry(db, kind, id);
        const before = old.find((row) => row.kind === kind && row.id === id);
        // The old id's own enquiry, or else only an enquiry whose new id it is.
        if (before) expect(found?.reference, `${kind} ${id}`).toBe(before.columns.reference);
        else if (found) expect(found.id, `${kind} ${id}`).toBe(id);
      }
    }

    // The spec's lists answer as before: each enquiry with the id it had, newest first.
    for (const kind of ['web_dev', 'creative_design', 'contact', 'request_quote'] as const) {
      const listed = (await listMessages(db, kind)).messages.map((message) => message.id);
      const before = old
        .filter((row) => row.kind === kind && row.columns.folder === 'inbox')
        .sort((a, b) => Number(b.columns.created_at) - Number(a.columns.created_at))
        .map((row) => row.id);
      expect(listed, kind).toEqual(before);
    }

    const idOf = (kind: MessageKind, oldId: number) =>
      upgraded.get(String(old.find((row) => row.kind === kind && row.id === oldId)?.columns.reference))?.id;
    const notes = await db.selectFrom('enquiry_notes').select(['enquiry_id', 'body', 'author_id']).execute();
    expect(notes).toEqual([
      { enquiry_id: idOf('web_dev', 1), body: 'Paid the deposit.', author_id: 2 },
      { enquiry_id: idOf('contact', 1), body: 'Called back.', author_id: 2 },
    ]);
    const reads = await db.selectFrom('enquiry_reads').select(['enquiry_id', 'user_id']).execute();
    expect(reads.map((read) => [read.enquiry_id, read.user_id]).sort()).toEqual(
      [
        [idOf('web_dev', 2), 2],
        [idOf('contact', 2), 2],
        [idOf('contact', 2), 3],
      ].sort(),
    );
    const events = await db.selectFrom('enquiry_events').select(['enquiry_id', 'to_value']).orderBy('id').execute();
    expect(events).toEqual([
      { enquiry_id: idOf('web_dev', 1), to_value: 'enrolled' },
      { enquiry_id: idOf('request_quote', 4), to_value: 'lost' },
    ]);
    const mails = await db.selectFrom('outbox').select(['purpose', 'enquiry_id']).orderBy('id').execute();
    expect(mails).toEqual([
      { purpose: 'staff-notification', enquiry_id: idOf('request_quote', 4) },
      { purpose: 'auto-reply', enquiry_id: idOf('request_quote', 4) },
      { purpose: 'confirm', enquiry_id: null },
    ]);

    const tables = (await db.introspection.getTables()).map((table) => table.name);
    expect(tables.filter((name) => /_messages$|^enquiry_numbers$/.test(name))).toEqual([]);

    // A new enquiry is numbered past every id and every reference number handed out before.
    const next = await insertEnquiry(
      db,
      'contact',
      { name: 'New', email: 'new@example.ng', phone: '08031234567', message: 'Hello' },
      { spam_reason: null, human_check: 'verified' },
      DAY + 86_400_000,
    );
    expect(next.id).toBeGreaterThan(Math.max(12, ...[...upgraded.values()].map((row) => row.id)));
    expect(next.reference).toBe(formatReference(next.id, new Date(DAY + 86_400_000)));

    // Deleting an enquiry deletes its notes, reads, history and mail records, by the database's foreign keys.
    await db
      .deleteFrom('enquiries')
      .where('id', '=', idOf('request_quote', 4) ?? 0)
      .execute();
    const left = await db.selectFrom('outbox').select('purpose').execute();
    expect(left).toEqual([{ purpose: 'confirm' }]);
    expect(await db.selectFrom('enquiry_events').select('to_value').execute()).toEqual([{ to_value: 'enrolled' }]);
  });

  // Eight broken-off runs, each then migrated to the newest level: on MariaDB every later migration's DDL commits on
  // its own, so the run takes longer than one test's default 30 s as migrations are added (issue 23 added four).
  it('finishes a run broken off at any step and ends where an unbroken run ends', async () => {
    // A plugin that counts the migration's statements and throws instead of running the one after `breakAfter`.
    const breaker = (breakAfter: number) => {
      const plugin = {
        statements: 0,
        transformQuery(args: Parameters<KyselyPlugin['transformQuery']>[0]) {
          plugin.statements += 1;
          if (plugin.statements > breakAfter) throw new Error(`broken off after ${breakAfter} statements`);
          return args.node;
        },
        transformResult: async (args: Parameters<KyselyPlugin['transformResult']>[0]) => args.result,
      };
      return plugin;
    };
    const { db } = await previousRelease();
    const counter = breaker(Number.MAX_SAFE_INTEGER);
    await oneEnquiryTable.up(db.withPlugin(counter) as Kysely<unknown>);
    await migrateToLatest(db);
    const unbroken = await snapshot(db);
    const total = counter.statements;
    await handle?.db.destroy();
    await fresh?.drop();

    // Broken off after the first statement, the last but one, and six between (copying, rebuilding the notes,
    // reads and history, linking the mails), then run again as the next start would.
    const points = [1, ...Array.from({ length: 6 }, (_, index) => Math.round(((index + 1) * total) / 7)), total - 1];
    for (const breakAfter of points) {
      const { db: broken } = await previousRelease();
      await expect(oneEnquiryTable.up(broken.withPlugin(breaker(breakAfter)) as Kysely<unknown>)).rejects.toThrow(
        /broken off/,
      );
      await migrateToLatest(broken);
      expect(await snapshot(broken), `broken off after ${breakAfter} of ${total}`).toEqual(unbroken);
      await handle?.db.destroy();
      await fresh?.drop();
      handle = undefined;
      fresh = undefined;
    }
  }, 180_000);
});
