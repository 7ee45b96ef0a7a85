#!/usr/bin/env node
// `npm run bench:reports`: the reports (issue 21 item 6, docs/decisions/0042) on 100,000 enquiries. In one run, on a
// fresh SQLite file and then on a fresh MariaDB database (TEST_MYSQL_URL, default mysql://root@127.0.0.1:3306/test;
// the bench makes a database of its own and drops it): seeds a year of generated enquiries (seeded; the seed is
// printed, REPORTS_SEED=<seed> replays it), signs an owner and a staff member in, and times each report request
// through the app (median of --runs, default 7, after one warm-up), with its budget of 1 s, and the size of the JSON
// answers the page reads (budget 50 KB).
// A benchmark, not a test: a missed budget prints FAIL and still exits 0; only an error exits non-zero.
// Options: --count=N (default 100000), --runs=N (default 7), --only=sqlite|mysql.
import { performance } from 'node:perf_hooks';
import { tsImport } from 'tsx/esm/api';

const option = (name, fallback) =>
  process.argv.find((argument) => argument.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const COUNT = Number(option('count', '100000'));
const RUNS = Number(option('runs', '7'));
const ONLY = option('only', undefined);
const SEED = Number(process.env.REPORTS_SEED ?? Math.floor(Math.random() * 2 ** 32));
const BUDGET_MS = 1000;
const BUDGET_BYTES = 50 * 1024;

process.env.TEST_MYSQL_URL ??= 'mysql://root@127.0.0.1:3306/test';

const { createTestContext, signedInStaff, signIn, userIdOf, STRONG_PASSWORD } = await tsImport(
  '../src/test/test-context.ts',
  import.meta.url,
);
const { generateEnquiries, insertGenerated } = await tsImport(
  '../src/modules/reports/reports-fixtures.ts',
  import.meta.url,
);
const { REPORTS_PATH, REPORT_NAMES, reportCsvPath } = await tsImport('@agency/shared', import.meta.url);
const { seededRandom } = await tsImport('@agency/testing', import.meta.url);
const bcrypt = (await import('bcrypt')).default;

const verdict = (ok) => (ok ? 'PASS' : 'FAIL');
const lagosStart = (day) => Date.parse(`${day}T00:00:00+01:00`);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The requests timed: the page's week, four weeks, a quarter and a year, each CSV of the year, a staff member's year. */
const REQUESTS = [
  { name: 'week (default, the page)', who: 'owner', path: REPORTS_PATH, query: {} },
  { name: '4 weeks', who: 'owner', path: REPORTS_PATH, query: { from: '2026-10-26', to: '2026-11-22' } },
  { name: 'quarter (13 weeks)', who: 'owner', path: REPORTS_PATH, query: { from: '2026-08-24', to: '2026-11-22' } },
  { name: 'year (366 days)', who: 'owner', path: REPORTS_PATH, query: { from: '2025-11-22', to: '2026-11-22' } },
  ...REPORT_NAMES.map((report) => ({
    name: `${report}.csv, year`,
    who: 'owner',
    path: reportCsvPath(report),
    query: { from: '2025-11-22', to: '2026-11-22' },
  })),
  { name: "staff's own, year", who: 'staff', path: REPORTS_PATH, query: { from: '2025-11-22', to: '2026-11-22' } },
];

async function benchOn(kind) {
  process.env.TEST_DB = kind;
  const context = await createTestContext();
  try {
    const owner = await signedInStaff(context, 'owner@agency.test');
    const ownerId = await userIdOf(context, 'owner@agency.test');
    const hash = await bcrypt.hash(STRONG_PASSWORD, 4);
    const staffIds = [ownerId];
    for (const email of ['ada@agency.test', 'bola@agency.test', 'chidi@agency.test']) {
      const now = context.now().getTime();
      const inserted = await context.db
        .insertInto('users')
        .values({
          email,
          password_hash: hash,
          profile_image: '',
          is_staff: 1,
          role: 'staff',
          confirmed_at: now,
          created_at: now,
        })
        .executeTakeFirstOrThrow();
      staffIds.push(Number(inserted.insertId));
    }
    const staff = (await signIn(context, 'ada@agency.test')).agent;

    const seedStarted = performance.now();
    const rows = generateEnquiries({
      count: COUNT,
      random: seededRandom(SEED),
      fromMs: lagosStart('2025-11-24'),
      untilMs: lagosStart('2026-11-23'),
      staffIds,
      batchName: 'B',
    });
    await insertGenerated(context.db, rows);
    console.log(
      `\n${kind}: ${COUNT.toLocaleString('en')} enquiries seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );

    const agents = { owner, staff };
    const results = [];
    for (const entry of REQUESTS) {
      const times = [];
      let bytes = 0;
      for (let run = 0; run <= RUNS; run += 1) {
        const started = performance.now();
        const response = await agents[entry.who].get(entry.path).query(entry.query);
        const elapsed = performance.now() - started;
        if (response.status !== 200) throw new Error(`${entry.name}: ${response.status} ${response.text}`);
        bytes = Buffer.byteLength(response.text ?? '');
        if (run > 0) times.push(elapsed);
      }
      results.push({ entry, ms: median(times), bytes });
    }
    console.log(`${'request'.padEnd(28)} ${'median'.padStart(9)} ${'budget'.padStart(8)}  ${'size'.padStart(9)}`);
    for (const { entry, ms, bytes } of results) {
      const json = !entry.path.endsWith('.csv');
      const sizeNote = json ? ` ${verdict(bytes <= BUDGET_BYTES)} (<= 50 KB)` : '';
      console.log(
        `${entry.name.padEnd(28)} ${`${ms.toFixed(1)} ms`.padStart(9)} ${verdict(ms <= BUDGET_MS).padStart(8)}  ${`${(bytes / 1024).toFixed(1)} KB`.padStart(9)}${sizeNote}`,
      );
    }
  } finally {
    await context.close();
  }
}

console.log(`bench:reports: seed ${SEED} (REPORTS_SEED=${SEED} replays it), ${RUNS} timed runs per request, median`);
for (const kind of ['sqlite', 'mysql']) {
  if (ONLY === undefined || ONLY === kind) await benchOn(kind);
}
process.exit(0);
