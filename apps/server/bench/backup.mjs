#!/usr/bin/env node
// `npm run bench:backup`: backup and restore (issue 24, docs/decisions/0049) of 100,000 enquiries. On a fresh SQLite
// file and a fresh MariaDB database (TEST_MYSQL_URL, default mysql://root@127.0.0.1:3306/test; the bench makes
// databases of its own and drops them): seeds a year of generated enquiries (seeded; the seed is printed,
// BACKUP_SEED=<seed> replays it), backs up, restores into a fresh database of the other engine (the move), and prints
// the rows, the time of each step and the archive's size.
// A benchmark, not a test: only an error exits non-zero. Options: --count=N (default 100000), --only=sqlite|mysql.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { tsImport } from 'tsx/esm/api';

const option = (name, fallback) =>
  process.argv.find((argument) => argument.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const COUNT = Number(option('count', '100000'));
const ONLY = option('only', undefined);
const SEED = Number(process.env.BACKUP_SEED ?? Math.floor(Math.random() * 2 ** 32));

process.env.TEST_MYSQL_URL ??= 'mysql://root@127.0.0.1:3306/test';

const {
  createTestContext,
  signedInStaff,
  userIdOf,
  generateEnquiries,
  insertGenerated,
  createBackup,
  restoreBackup,
  openDatabase,
  createFreshDatabase,
  seededRandom,
} = await tsImport('./backup-bench-deps.ts', import.meta.url);

const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const lagosStart = (day) => Date.parse(`${day}T00:00:00+01:00`);

async function benchFrom(kind, other) {
  process.env.TEST_DB = kind;
  const context = await createTestContext();
  const work = mkdtempSync(path.join(tmpdir(), 'rd-bench-backup-'));
  const fresh = await createFreshDatabase(other);
  const target = openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: fresh.dataDir });
  try {
    await signedInStaff(context, 'owner@agency.test');
    const ownerId = await userIdOf(context, 'owner@agency.test');
    let started = performance.now();
    const rows = generateEnquiries({
      count: COUNT,
      random: seededRandom(SEED),
      fromMs: lagosStart('2025-11-24'),
      untilMs: lagosStart('2026-11-23'),
      staffIds: [ownerId],
      batchName: 'B',
    });
    await insertGenerated(context.db, rows);
    console.log(`\n${kind}: ${COUNT.toLocaleString('en')} enquiries seeded in ${seconds(started)}`);

    started = performance.now();
    const backup = await createBackup({ db: context.db, dataDir: context.dataDir, target: work });
    const total = backup.manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `  backup:  ${total.toLocaleString('en')} rows of ${backup.manifest.tables.length} tables in ${seconds(started)},` +
        ` archive ${(backup.bytes / 1024 / 1024).toFixed(1)} MB`,
    );
    started = performance.now();
    await restoreBackup({ db: target.db, dataDir: fresh.dataDir, file: backup.file });
    console.log(`  restore into a fresh ${other} database (migrations included): ${seconds(started)}`);
    const count = await target.db
      .selectFrom('enquiries')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    if (Number(count?.n) < COUNT) throw new Error(`only ${count?.n} enquiries restored of ${COUNT}`);
  } finally {
    await target.db.destroy();
    await fresh.drop();
    await context.close();
    rmSync(work, { recursive: true, force: true });
  }
}

console.log(`bench:backup, seed ${SEED} (BACKUP_SEED=${SEED} replays it)`);
if (ONLY !== 'mysql') await benchFrom('sqlite', 'mysql');
if (ONLY !== 'sqlite') await benchFrom('mysql', 'sqlite');
