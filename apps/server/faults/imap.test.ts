import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createFreshDatabase,
  findFreePort,
  startDovecot,
  type DatabaseKind,
  type DovecotServer,
  type FreshDatabase,
  seededRandom,
} from '@agency/testing';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { parseImapUrl } from '../src/config/config';
import { openDatabase } from '../src/lib/db';
import { migrateToLatest } from '../src/lib/migrate';
import { mailboxKey } from '../src/modules/conversations/imap-poller';
import { runOnMysql } from '../vitest.config.js';
import { spawnTracked, waitUntil, type TrackedProcess } from './harness/child-process';
import { startServer } from './harness/server-process';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SERVER_ROOT = fileURLToPath(new URL('../', import.meta.url));
const POLLER_SOURCE = fileURLToPath(new URL('./harness/imap-poller-process.ts', import.meta.url));
/**
 * The poller process built as the server is (scripts/build.mjs: esbuild, @agency/shared inlined, npm dependencies
 * from node_modules), under node_modules/.cache so that they resolve; a life then starts in a fraction of tsx's time.
 */
const POLLER_BUILD = path.join(SERVER_ROOT, 'node_modules', '.cache', `imap-fault-${process.pid}`, 'imap-poller.mjs');

beforeAll(async () => {
  const manifest = JSON.parse(readFileSync(path.join(SERVER_ROOT, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  await build({
    absWorkingDir: SERVER_ROOT,
    entryPoints: [POLLER_SOURCE],
    outfile: POLLER_BUILD,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    external: Object.keys(manifest.dependencies).filter((name) => name !== '@agency/shared'),
    logLevel: 'warning',
  });
});

afterAll(() => rmSync(path.dirname(POLLER_BUILD), { recursive: true, force: true }));
const SEED = Number(process.env.IMAP_FAULT_SEED ?? randomBytes(4).readUInt32LE(0));
console.log(`faults/imap.test.ts seed ${SEED} (IMAP_FAULT_SEED=${SEED} replays it)`);

// Took 31 s (SQLite) on a quiet machine; 72 s (SQLite) and 195 s (MariaDB) at a load of 12 on two cores.
const MESSAGES = 200;
const KILLS = 20;
/** A kill lands up to this long after the stored count reached the life's seeded target. */
const KILL_JITTER_MS = 8;
/** No target among the last messages (a batch and a half): every kill finds some still to read. */
const KILL_MARGIN = 15;
/** The child's lease: a killed poller's mailbox is taken over this long after its last renewal. */
const LEASE_MS = 600;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function generatedMails(random: () => number, count: number, tag: string): { raws: string[]; keys: string[] } {
  const raws: string[] = [];
  const keys: string[] = [];
  for (let n = 0; n < count; n += 1) {
    const id = `${tag}-${SEED.toString(16)}-${n}-${Math.floor(random() * 1e9).toString(36)}@mail.example.ng`;
    keys.push(createHash('sha256').update(id.toLowerCase()).digest('hex'));
    raws.push(
      [
        `From: Customer ${n} <customer${n}@example.ng>`,
        'To: hello+rd-26-00001@agency.ng',
        `Subject: Re: your enquiry ${n}`,
        `Message-ID: <${id}>`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        `Reply ${n}. ${'Thanks for the quote. '.repeat(1 + Math.floor(random() * 40))}`,
        '',
      ].join('\r\n'),
    );
  }
  return { raws, keys };
}

interface PollerChild {
  process: TrackedProcess;
  /** Messages this process handed to ingestMail, and how many of them were already stored. */
  ingested: number;
  duplicates: number;
}

function startPoller(fresh: FreshDatabase, dovecot: DovecotServer, extraEnv: Record<string, string> = {}): PollerChild {
  const tracked = spawnTracked(process.execPath, [POLLER_BUILD], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      DATA_DIR: fresh.dataDir,
      ...(fresh.databaseUrl ? { DATABASE_URL: fresh.databaseUrl } : {}),
      IMAP_URL: dovecot.url,
      SESSION_SECRET: 'imap-fault-tests-session-secret-of-32-characters',
      LOG_LEVEL: 'warn',
      IMAP_TEST_LEASE_MS: String(LEASE_MS),
      IMAP_TEST_POLL_MS: '100',
      IMAP_TEST_BATCH: '10',
      ...extraEnv,
    },
  });
  const child: PollerChild = { process: tracked, ingested: 0, duplicates: 0 };
  let pending = '';
  tracked.child.stdout?.on('data', (chunk: Buffer) => {
    pending += chunk.toString('utf8');
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('{')) continue;
      const entry = JSON.parse(line) as { duplicate: boolean };
      child.ingested += 1;
      if (entry.duplicate) child.duplicates += 1;
    }
  });
  return child;
}

async function storedKeys(fresh: FreshDatabase, mailbox: string): Promise<string[]> {
  const rows = await fresh.query<{ message_key: string }>(
    'select message_key from enquiry_mails where direction = ? and mailbox = ?',
    ['in', mailbox],
  );
  return rows.map((row) => row.message_key);
}

async function storedCount(fresh: FreshDatabase, mailbox: string): Promise<number> {
  const [row] = await fresh.query<{ total: number | string }>(
    'select count(*) as total from enquiry_mails where direction = ? and mailbox = ?',
    ['in', mailbox],
  );
  return Number(row?.total ?? 0);
}

/** Expected against stored: what is missing, what is there twice, what should not be there at all. */
function ledger(expected: string[], stored: string[]) {
  const seen = new Map<string, number>();
  for (const key of stored) seen.set(key, (seen.get(key) ?? 0) + 1);
  const wanted = new Set(expected);
  return {
    rows: stored.length,
    distinct: seen.size,
    lost: expected.filter((key) => !seen.has(key)).length,
    duplicated: [...seen.values()].reduce((sum, count) => sum + count - 1, 0),
    unexpected: [...seen.keys()].filter((key) => !wanted.has(key)).length,
  };
}

async function setUp(kind: DatabaseKind) {
  const fresh = await createFreshDatabase(kind);
  onTestFinished(() => fresh.drop());
  // Migrated here, so the test can count before the first poller has started (and the SQLite file exists).
  const handle = openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: fresh.dataDir });
  await migrateToLatest(handle.db);
  await handle.db.destroy();
  const dovecot = await startDovecot({ user: `faults-${randomBytes(3).toString('hex')}` });
  onTestFinished(() => dovecot.stop());
  const imap = parseImapUrl(dovecot.url);
  if (typeof imap === 'string') throw new Error(imap);
  return { fresh, dovecot, mailbox: mailboxKey(imap) };
}

const KINDS: DatabaseKind[] = runOnMysql ? ['sqlite', 'mysql'] : ['sqlite'];

describe.each(KINDS)('IMAP ingestion on %s, its poller killed and doubled', (kind) => {
  it(
    `${KILLS} SIGKILLs at seeded moments while ${MESSAGES} messages are read: every message stored exactly once`,
    {
      timeout: 360_000,
    },
    async () => {
      const { fresh, dovecot, mailbox } = await setUp(kind);
      const random = seededRandom(SEED);
      const { raws, keys } = generatedMails(random, MESSAGES, `kill-${kind}`);
      dovecot.deliver(raws);
      await waitUntil('Dovecot lists the delivered messages', async () => dovecot.messageCount() === MESSAGES, {
        timeoutMs: 10_000,
      });

      const kills: Array<{ before: number; atKill: number; delayMs: number }> = [];
      let readAgain = 0;
      for (let life = 0; life < KILLS; life += 1) {
        const before = await storedCount(fresh, mailbox);
        if (before >= MESSAGES) break;
        // The moment: once the stored count reaches a seeded target (about an equal share of what is left, never the
        // last messages), then a seeded pause of a few ms, so the kill falls anywhere in a message's handling: in its
        // fetch, its transaction, or between its store and the stored position.
        const livesLeft = KILLS - life;
        const share = Math.max(1, Math.floor((MESSAGES - KILL_MARGIN - before) / livesLeft));
        const target = before + 1 + Math.floor(random() * share);
        const child = startPoller(fresh, dovecot);
        await waitUntil(
          `life ${life + 1}: the poller stores up to ${target}`,
          async () => (await storedCount(fresh, mailbox)) >= target,
          {
            timeoutMs: 30_000,
            intervalMs: 1,
            gaveUp: () => (child.process.exited() ? `it exited\n${child.process.recentOutput()}` : undefined),
          },
        );
        const delayMs = Math.floor(random() * KILL_JITTER_MS);
        await sleep(delayMs);
        await child.process.terminate('SIGKILL', 5_000);
        kills.push({ before, atKill: await storedCount(fresh, mailbox), delayMs });
        readAgain += child.duplicates;
      }

      // A last life, left to finish and stopped cleanly.
      const last = startPoller(fresh, dovecot);
      await waitUntil('the last poller stores the rest', async () => (await storedCount(fresh, mailbox)) >= MESSAGES, {
        timeoutMs: 60_000,
        gaveUp: () => (last.process.exited() ? `it exited\n${last.process.recentOutput()}` : undefined),
      });
      // One more poll finds nothing new.
      await sleep(500);
      await last.process.terminate('SIGTERM', 10_000);
      readAgain += last.duplicates;

      const result = ledger(keys, await storedKeys(fresh, mailbox));
      const midIngestion = kills.filter((kill) => kill.atKill < MESSAGES).length;
      const [state] = await fresh.query<{ last_uid: number | string; lease_owner: string | null }>(
        'select last_uid, lease_owner from mailbox_state where mailbox = ?',
        [mailbox],
      );
      console.log(
        `IMAP SIGKILL (${kind}): seed ${SEED}, ${MESSAGES} messages, ${kills.length} kills (${midIngestion} with messages still to read; stored at each kill: ${kills.map((kill) => kill.atKill).join(' ')}), rows ${result.rows}, distinct ${result.distinct}, lost ${result.lost}, duplicated ${result.duplicated}, unexpected ${result.unexpected}; messages read again after a kill and recognised: ${readAgain}`,
      );
      expect(kills).toHaveLength(KILLS);
      expect(midIngestion).toBe(KILLS);
      expect(result).toEqual({ rows: MESSAGES, distinct: MESSAGES, lost: 0, duplicated: 0, unexpected: 0 });
      expect(Number(state?.last_uid)).toBe(MESSAGES);
      // The clean stop gave the lease up.
      expect(state?.lease_owner).toBeNull();
    },
  );

  it(
    'two poller processes on one database and one mailbox, one stopped and restarted while mail arrives: 0 lost, 0 duplicated',
    {
      timeout: 120_000,
    },
    async () => {
      const { fresh, dovecot, mailbox } = await setUp(kind);
      const random = seededRandom(SEED ^ 0x5eed);
      const { raws, keys } = generatedMails(random, 100, `two-${kind}`);
      const all: PollerChild[] = [];
      const start = () => {
        const child = startPoller(fresh, dovecot, { IMAP_TEST_LEASE_MS: '500' });
        all.push(child);
        return child;
      };
      let a = start();
      let b = start();
      onTestFinished(async () => {
        for (const child of all) await child.process.terminate('SIGKILL', 5_000);
      });
      for (let round = 0; round < 5; round += 1) {
        const counts = [a.ingested, b.ingested];
        dovecot.deliver(raws.slice(round * 20, round * 20 + 20));
        await waitUntil(
          `round ${round + 1} is stored`,
          async () => (await storedCount(fresh, mailbox)) >= round * 20 + 20,
          { timeoutMs: 30_000 },
        );
        await sleep(Math.floor(random() * 300));
        // The one that read this round holds the mailbox: it stops (giving the lease up), the other takes over, and
        // the first comes back as a new process.
        const holder = b.ingested - (counts[1] ?? 0) > a.ingested - (counts[0] ?? 0) ? b : a;
        await holder.process.terminate('SIGTERM', 10_000);
        if (holder === a) a = start();
        else b = start();
      }
      await waitUntil('both pollers together store all 100', async () => (await storedCount(fresh, mailbox)) >= 100, {
        timeoutMs: 60_000,
      });
      await sleep(500);
      await Promise.all([a.process.terminate('SIGTERM', 10_000), b.process.terminate('SIGTERM', 10_000)]);
      const result = ledger(keys, await storedKeys(fresh, mailbox));
      const perProcess = all.map((child) => child.ingested);
      console.log(
        `IMAP two processes (${kind}): seed ${SEED}, 100 messages, ${all.length} poller lives, ingested per life ${perProcess.join(' ')}; rows ${result.rows}, lost ${result.lost}, duplicated ${result.duplicated}`,
      );
      expect(result).toEqual({ rows: 100, distinct: 100, lost: 0, duplicated: 0, unexpected: 0 });
      expect(perProcess.filter((count) => count > 0).length).toBeGreaterThan(1);
    },
  );

  it('the server started with IMAP_URL reads the mailbox, and gives the lease up when it stops', async () => {
    const { fresh, dovecot, mailbox } = await setUp(kind);
    const { raws, keys } = generatedMails(seededRandom(SEED ^ 0x5e7e), 3, `server-${kind}`);
    dovecot.deliver(raws);
    const server = await startServer({
      port: await findFreePort(),
      env: {
        DATA_DIR: fresh.dataDir,
        ...(fresh.databaseUrl ? { DATABASE_URL: fresh.databaseUrl } : {}),
        IMAP_URL: dovecot.url,
        IMAP_POLL_SECONDS: '5',
      },
    });
    onTestFinished(() => server.kill());
    await waitUntil('the server stores the three messages', async () => (await storedCount(fresh, mailbox)) >= 3, {
      timeoutMs: 20_000,
    });
    const [held] = await fresh.query<{ lease_owner: string | null }>(
      'select lease_owner from mailbox_state where mailbox = ?',
      [mailbox],
    );
    expect(held?.lease_owner).toBeTruthy();
    await server.stop();
    expect(ledger(keys, await storedKeys(fresh, mailbox))).toEqual({
      rows: 3,
      distinct: 3,
      lost: 0,
      duplicated: 0,
      unexpected: 0,
    });
    const [released] = await fresh.query<{ lease_owner: string | null }>(
      'select lease_owner from mailbox_state where mailbox = ?',
      [mailbox],
    );
    expect(released?.lease_owner).toBeNull();
  });
});
