import { randomBytes } from 'node:crypto';
import {
  createFreshDatabase,
  maildirFiles,
  seededRandom,
  startDovecot,
  testDatabaseKind,
  type DovecotServer,
  type FreshDatabase,
} from '@agency/testing';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { loadConfig, parseImapUrl, type ImapMailbox } from '../../config/config';
import type { Clock } from '../../lib/clock';
import { openDatabase, type DatabaseHandle } from '../../lib/db';
import { createLogger } from '../../lib/logger';
import { migrateToLatest } from '../../lib/migrate';
import { createImapPoller, mailboxKey, type ImapPollerOptions } from './imap-poller';
import { ingestMail } from './inbound.service';

const SEED = Number(process.env.IMAP_SEED ?? randomBytes(4).readUInt32LE(0));
console.log(`imap-poller.test.ts seed ${SEED} (IMAP_SEED=${SEED} replays it)`);

const random = seededRandom(SEED);
const NAMES = ['Adaeze Okafor', 'Tunde Bakare', 'Chioma Eze', 'Ibrahim Musa', 'Funke Adeyemi'];

/** A customer's reply as it arrives: generated headers and body, a Message-ID unique to this run. */
function generatedMail(n: number): string {
  const name = NAMES[Math.floor(random() * NAMES.length)] ?? 'Customer';
  const local = name.toLowerCase().replace(/\s+/g, '.');
  const id = `${SEED.toString(16)}-${n}-${Math.floor(random() * 1e9).toString(36)}@mail.example.ng`;
  return [
    `From: ${name} <${local}@example.ng>`,
    'To: hello+rd-26-00001@agency.ng',
    `Subject: Re: your enquiry (${n})`,
    `Message-ID: <${id}>`,
    'Date: Thu, 26 Nov 2026 10:00:00 +0100',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Reply number ${n}: ${'thank you '.repeat(1 + Math.floor(random() * 20))}`,
    '',
  ].join('\r\n');
}

let fresh: FreshDatabase;
let config: ReturnType<typeof loadConfig>;
const handles: DatabaseHandle[] = [];
const logger = createLogger('silent');

/** Another connection (pool) to the test database, as a second server process would open. */
function connect(): DatabaseHandle {
  const handle = openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: fresh.dataDir });
  handles.push(handle);
  return handle;
}

beforeAll(async () => {
  fresh = await createFreshDatabase(testDatabaseKind());
  config = loadConfig({ SESSION_SECRET: 'imap-poller-tests-session-secret-32-characters' }, fresh.dataDir);
  await migrateToLatest(connect().db);
});

afterAll(async () => {
  for (const handle of handles) await handle.db.destroy();
  await fresh?.drop();
});

async function dovecotFor(test: string): Promise<{ server: DovecotServer; mailbox: ImapMailbox }> {
  const server = await startDovecot({ user: `${test}-${randomBytes(3).toString('hex')}` });
  onTestFinished(() => server.stop());
  const mailbox = parseImapUrl(server.url);
  if (typeof mailbox === 'string') throw new Error(mailbox);
  return { server, mailbox };
}

function pollerOn(handle: DatabaseHandle, mailbox: ImapMailbox, extra: Partial<ImapPollerOptions> = {}) {
  return createImapPoller({
    db: handle.db,
    dialect: handle.dialect,
    mailbox,
    ingest: (mail) =>
      ingestMail({ db: handle.db, clock: () => new Date(), config, mail: { wake: () => undefined } }, mail),
    clock: () => new Date(),
    logger,
    pollMs: 60_000,
    batchSize: 7,
    ...extra,
  });
}

/** Rows of a mailbox and their distinct Message-ID keys: equal when nothing is stored twice. */
async function tally(mailbox: ImapMailbox) {
  const [row] = await fresh.query<{ total: number | string; distinct_keys: number | string }>(
    'select count(*) as total, count(distinct message_key) as distinct_keys from enquiry_mails where direction = ? and mailbox = ?',
    ['in', mailboxKey(mailbox)],
  );
  return { total: Number(row?.total), keys: Number(row?.distinct_keys) };
}

describe('the IMAP poller on a real Dovecot', () => {
  it('stores each delivered message once, reads only what is new, and leaves the mailbox as it was (no \\Seen)', async () => {
    const { server, mailbox } = await dovecotFor('once');
    const poller = pollerOn(connect(), mailbox);
    server.deliver(Array.from({ length: 30 }, (_, i) => generatedMail(i)));

    const first = await poller.pollOnce();
    expect(first).toMatchObject({ polled: true, fetched: 30, stored: 30, uidValidityChanged: false });
    expect(await poller.pollOnce()).toMatchObject({ polled: true, fetched: 0, stored: 0 });

    server.deliver(Array.from({ length: 5 }, (_, i) => generatedMail(100 + i)));
    expect(await poller.pollOnce()).toMatchObject({ fetched: 5, stored: 5 });
    expect(await tally(mailbox)).toEqual({ total: 35, keys: 35 });

    const [state] = await fresh.query<{ uid_validity: number; last_uid: number }>(
      'select uid_validity, last_uid from mailbox_state where mailbox = ?',
      [mailboxKey(mailbox)],
    );
    expect(Number(state?.uid_validity)).toBe(server.uidValidity());
    expect(Number(state?.last_uid)).toBe(35);
    // Maildir keeps the flags in the file name after ':2,'; S is \Seen. Nothing was moved or deleted either.
    const files = maildirFiles(server.maildir);
    expect(files).toHaveLength(35);
    expect(files.filter((name) => /:2,[A-Z]*S/.test(name))).toEqual([]);
    await poller.stop();
  });

  it('a new UIDVALIDITY (the mailbox recreated, UIDs from 1 again): reads it all again, stores only the new mails', async () => {
    const { server, mailbox } = await dovecotFor('validity');
    const poller = pollerOn(connect(), mailbox);
    const old = Array.from({ length: 12 }, (_, i) => generatedMail(200 + i));
    server.deliver(old);
    expect(await poller.pollOnce()).toMatchObject({ fetched: 12, stored: 12 });
    const before = server.uidValidity();

    // The same twelve in another order, and four new ones, all below the stored last UID (12).
    const added = Array.from({ length: 4 }, (_, i) => generatedMail(300 + i));
    server.recreateMailbox([...added.slice(0, 2), ...old.slice().reverse(), ...added.slice(2)]);
    expect(server.uidValidity()).not.toBe(before);

    const after = await poller.pollOnce();
    expect(after).toMatchObject({ polled: true, uidValidityChanged: true, fetched: 16, stored: 4 });
    expect(await tally(mailbox)).toEqual({ total: 16, keys: 16 });
    const [state] = await fresh.query<{ uid_validity: number; last_uid: number }>(
      'select uid_validity, last_uid from mailbox_state where mailbox = ?',
      [mailboxKey(mailbox)],
    );
    expect(Number(state?.uid_validity)).toBe(server.uidValidity());
    expect(Number(state?.last_uid)).toBe(16);
    expect(await poller.pollOnce()).toMatchObject({ uidValidityChanged: false, fetched: 0 });
    await poller.stop();
  });

  it('one poller at a time: a second waits while the lease is held, takes over once it lapses, and after stop()', async () => {
    const { server, mailbox } = await dovecotFor('lease');
    let later = 0;
    const laterClock: Clock = () => new Date(Date.now() + later);
    const a = pollerOn(connect(), mailbox, { leaseMs: 60_000 });
    const b = pollerOn(connect(), mailbox, { leaseMs: 60_000, clock: laterClock });
    server.deliver(Array.from({ length: 6 }, (_, i) => generatedMail(400 + i)));

    expect(await a.pollOnce()).toMatchObject({ polled: true, stored: 6 });
    expect(await b.pollOnce()).toMatchObject({ polled: false, fetched: 0 });
    // A died without a word: B's clock past A's lease.
    later = 60_001;
    server.deliver([generatedMail(410)]);
    expect(await b.pollOnce()).toMatchObject({ polled: true, fetched: 1, stored: 1 });
    later = 0;
    expect(await a.pollOnce()).toMatchObject({ polled: false });
    // A clean stop gives the lease up at once.
    await b.stop();
    expect(await a.pollOnce()).toMatchObject({ polled: true, fetched: 0 });
    await a.stop();
    expect(await tally(mailbox)).toEqual({ total: 7, keys: 7 });
  });

  it('a message larger than INBOUND_MAIL_MAX_BYTES is passed over (logged, left in the mailbox), the others stored', async () => {
    const { server, mailbox } = await dovecotFor('oversized');
    const mails = Array.from({ length: 3 }, (_, i) => generatedMail(600 + i));
    const large = `${mails[1]}\r\n${'x'.repeat(4_000)}\r\n`;
    const poller = pollerOn(connect(), mailbox, { maxBytes: 3_000 });
    server.deliver([mails[0] ?? '', large, mails[2] ?? '']);
    expect(await poller.pollOnce()).toMatchObject({ fetched: 2, stored: 2, skipped: 1 });
    expect(await tally(mailbox)).toEqual({ total: 2, keys: 2 });
    expect(await poller.pollOnce()).toMatchObject({ fetched: 0, skipped: 0 });
    expect(server.messageCount()).toBe(3);
    await poller.stop();
  });

  it('a message that cannot be stored holds the mailbox back for three polls, then is passed over (logged, left in the mailbox)', async () => {
    const { server, mailbox } = await dovecotFor('poison');
    const handle = connect();
    const mails = Array.from({ length: 5 }, (_, i) => generatedMail(500 + i));
    const poison = /Message-ID: <([^>]+)>/.exec(mails[2] ?? '')?.[1] ?? 'none';
    const refusing = pollerOn(handle, mailbox, {
      ingest: async (mail) => {
        if (mail.raw.toString('latin1').includes(poison)) throw new Error('this message cannot be stored');
        return ingestMail({ db: handle.db, clock: () => new Date(), config, mail: { wake: () => undefined } }, mail);
      },
    });
    server.deliver(mails);
    await expect(refusing.pollOnce()).rejects.toThrow('this message cannot be stored');
    expect(await tally(mailbox)).toEqual({ total: 2, keys: 2 });
    await expect(refusing.pollOnce()).rejects.toThrow('this message cannot be stored');
    expect(await refusing.pollOnce()).toMatchObject({ fetched: 2, stored: 2, skipped: 1 });
    expect(await tally(mailbox)).toEqual({ total: 4, keys: 4 });
    expect(server.messageCount()).toBe(5);
    await refusing.stop();
  });

  it(`two pollers on one database and one mailbox (an IMAP connection each, a pool each on MariaDB), leases lapsing under them: 0 lost, 0 duplicated (${testDatabaseKind()})`, async () => {
    const { server, mailbox } = await dovecotFor('two');
    // A lease of 1 ms lapses between any two statements: both pollers read the mailbox at the same time, and only
    // ingestMail's unique keys and the forward-only position keep each message to one row.
    // Two connection pools on MariaDB. On SQLite one process cannot hold two: better-sqlite3 waits for the write lock
    // on the event loop that the other connection needs to let it go; the two-process test in faults/imap.test.ts
    // runs them as two processes on one file. Here they share the connection and have an IMAP connection each.
    // One clock for both that moves 10 ms on each reading: every lease has lapsed by the next claim, whoever makes it.
    let ticks = 0;
    const racing: Clock = () => new Date(Date.now() + 10 * ticks++);
    const first = connect();
    const a = pollerOn(first, mailbox, { leaseMs: 1, batchSize: 3, clock: racing });
    const b = pollerOn(testDatabaseKind() === 'sqlite' ? first : connect(), mailbox, {
      leaseMs: 1,
      batchSize: 4,
      clock: racing,
    });
    let delivered = 0;
    const polledBy = { a: 0, b: 0 };
    const storedBy = { a: 0, b: 0 };
    for (let round = 0; round < 6; round += 1) {
      const count = 5 + Math.floor(random() * 10);
      server.deliver(Array.from({ length: count }, (_, i) => generatedMail(1000 + delivered + i)));
      delivered += count;
      // Each starts after a seeded pause of up to 60 ms: one takes the mailbox over in the middle of the other's poll.
      const pause = () => new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 60)));
      const [ra, rb] = await Promise.all([pause().then(() => a.pollOnce()), pause().then(() => b.pollOnce())]);
      polledBy.a += ra.polled ? 1 : 0;
      polledBy.b += rb.polled ? 1 : 0;
      storedBy.a += ra.stored;
      storedBy.b += rb.stored;
    }
    // Whatever one poll left (the other took its batch), the next pair finishes.
    await Promise.all([a.pollOnce(), b.pollOnce()]);
    const counts = await tally(mailbox);
    console.log(
      `two pollers (${testDatabaseKind()}): delivered ${delivered}, rows ${counts.total}, distinct ${counts.keys}; polls a ${polledBy.a} b ${polledBy.b}; stored a ${storedBy.a} b ${storedBy.b}`,
    );
    expect(counts).toEqual({ total: delivered, keys: delivered });
    expect(polledBy.a).toBeGreaterThan(0);
    expect(polledBy.b).toBeGreaterThan(0);
    await Promise.all([a.stop(), b.stop()]);
  });
});
