#!/usr/bin/env node
// `npm run bench:web`: Lighthouse (mobile defaults, simulated throttling) on nine pages of the built site served by
// the real server on SQLite, against the budgets of issue 13. A benchmark, not a test: a missed budget prints FAIL
// and still exits 0; only an error (build, server, browser) exits non-zero.
// Options: --runs=N runs each page N times and keeps the run with the median performance score (ties: median LCP);
// --pages=home,contact measures only those pages; --save=DIR writes each kept run's Lighthouse report (JSON, with
// the LCP breakdown and the critical request chains) to DIR/<page>.json and its trace (for Chromium's Performance
// panel) to DIR/<page>.trace.json. --trace-summary (implied by --save) prints what ran on the main thread per page,
// from the report's long-tasks, bootup-time and mainthread-work-breakdown audits: the long tasks in order with the
// script each is attributed to, marked when they started before the first contentful paint; the scripts by
// main-thread time; the time by kind of work. With --save it is also written to DIR/main-thread.txt.
//
// Side by side (issue 18): `--against <git ref>` checks the ref out in a temporary git worktree (removed at the end,
// also on error or Ctrl-C), lends it this checkout's node_modules when its package-lock.json is the same (else runs
// `npm ci` there), builds it with its own `npm run build`, and serves both builds, each by its own server on its own
// SQLite data folder and port, plus a static floor page (a heading and a paragraph, no script). Runs alternate: for
// each run, the floor once, then for each page this build and the ref's, so the machine's load falls on both alike.
// It prints per page the medians of both builds (LCP, TBT, CLS, performance, FCP, initial JS), their ratios
// (this build / ref) and the floor's LCP, and checks issue 18's targets (FAIL exits 0). --runs defaults to 3 there;
// --current=<git ref> measures a ref built the same way instead of this checkout (a frozen build, so another run
// rebuilding this checkout's dist cannot change it mid-way); --save=DIR writes the run with the median TBT of each
// page to DIR/current/ and DIR/<ref>/. A full paired run (no --pages) writes results.md.
//
// Regenerated pages (issue 22, docs/decisions/0043): `--published` serves this build twice, each server on its own
// SQLite data folder: one left at revision 0 (the build's prerendered files) and one where an owner publishes a change
// of each content type through the content API (e2e/harness/publish-each-type.ts: a case study and a blog post with an
// uploaded picture, a testimonial, the creative training's fee), which is then restarted with NODE_ENV=production (the
// publishing needs a session cookie over plain HTTP, which production marks Secure) and so renders every page from the
// database at start. Runs alternate per page (revision 0, then published); the nine pages plus the new case study and
// blog post, each paired with a seed page of its kind. Prints the medians, their ratios and the budgets of the
// published pages; --runs defaults to 3 there, --pages as above (names: "new case", "new blog post").
// `--published --serve` publishes the same changes, prints both servers' addresses and the new pages' paths, and
// keeps serving until Ctrl-C instead of running Lighthouse (to trace them: `node apps/web/bench/layout-shifts.mjs`).
import { rmSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { tsImport } from 'tsx/esm/api';
import { Cleanups, mainThreadSummary, median, prepareRefBuild, startBuildServer, startFloorServer } from './paired.mjs';

const harness = (file) => tsImport(`../e2e/harness/${file}`, import.meta.url);
const [{ ensureBuilt }, { startServerProcess }, { findFreePort }, { CHROMIUM_PATH, CHROMIUM_ARGS }, paths] =
  await Promise.all([
    harness('build.ts'),
    harness('server-process.ts'),
    tsImport('@agency/testing', import.meta.url),
    harness('browser.ts'),
    harness('paths.ts'),
  ]);

const RESULTS_FILE = fileURLToPath(new URL('./results.md', import.meta.url));
const KB = 1000;

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'services', path: '/services' },
  { name: 'service', path: '/webdevelopment-0123456' },
  { name: 'case', path: '/portfolio-9012345/planetlaundromat' },
  { name: 'training (web)', path: '/webdevelopment-training' },
  { name: 'training (design)', path: '/Creativegraphicdesign-training' },
  { name: 'contact', path: '/contact-7709327' },
  { name: 'request a quote', path: '/request-a-quote-0163863' },
  { name: 'about', path: '/about-8901234' },
];

/** Budgets every page must meet. */
const PAGE_BUDGETS = [
  { label: 'performance >= 98', check: (m) => m.performance >= 98 },
  { label: 'accessibility = 100', check: (m) => m.accessibility === 100 },
  { label: 'best practices = 100', check: (m) => m.bestPractices === 100 },
  { label: 'SEO = 100', check: (m) => m.seo === 100 },
  { label: 'LCP <= 1.2 s', check: (m) => m.lcpMs <= 1200 },
  { label: 'CLS = 0', check: (m) => m.cls === 0 },
  { label: 'TBT < 100 ms', check: (m) => m.tbtMs < 100 },
];

/** Budgets of the home page only. */
const HOME_BUDGETS = [
  { label: 'total transfer <= 350 KB', check: (m) => m.transferBytes <= 350 * KB },
  { label: 'initial JS <= 90 KB gzip', check: (m) => m.initialJsGzipBytes <= 90 * KB },
];

/** `--name=value` or `--name value`. */
function optionValue(name) {
  const index = process.argv.findIndex((argument) => argument === name || argument.startsWith(`${name}=`));
  if (index < 0) return null;
  const argument = process.argv[index];
  return argument === name ? (process.argv[index + 1] ?? null) : argument.slice(name.length + 1);
}
const AGAINST = optionValue('--against');
const PUBLISHED = process.argv.includes('--published');
const SERVE = process.argv.includes('--serve');
if (process.argv.some((argument) => argument.startsWith('--against')) && !AGAINST?.match(/^[^-]/)) {
  console.error('[bench] --against needs a git ref: npm run bench:web -- --against 47a977d');
  process.exit(2);
}
const CURRENT_REF = optionValue('--current');
const runsArgument = process.argv.find((argument) => argument.startsWith('--runs='));
const RUNS = Math.max(1, Number(runsArgument?.split('=')[1] ?? (AGAINST || PUBLISHED ? 3 : 1)) || 1);
const pagesArgument = process.argv.find((argument) => argument.startsWith('--pages='));
const ONLY_PAGES = pagesArgument ? new Set(pagesArgument.slice('--pages='.length).split(',')) : null;
const saveArgument = process.argv.find((argument) => argument.startsWith('--save='));
const SAVE_DIR = saveArgument ? path.resolve(saveArgument.slice('--save='.length)) : null;
const TRACE_SUMMARY = process.argv.includes('--trace-summary');

/**
 * Initial JavaScript: every script the page downloaded while Lighthouse loaded it (the entry, the page's own chunk
 * that hydration waits for, and anything else fetched before the page settled), gzipped at level 9 from the built
 * files, so the figure does not depend on the server's compression.
 */
async function initialJsGzipBytes(scriptUrls, clientDir = paths.WEB_CLIENT_DIR) {
  let total = 0;
  for (const url of new Set(scriptUrls)) {
    const file = await readFile(path.join(clientDir, decodeURIComponent(new URL(url).pathname)));
    total += gzipSync(file, { level: 9 }).length;
  }
  return total;
}

/** The same-origin scripts a Lighthouse run recorded. */
function scriptUrlsOf(lhr) {
  const origin = new URL(lhr.finalDisplayedUrl ?? lhr.requestedUrl).origin;
  return (lhr.audits['network-requests']?.details?.items ?? [])
    .filter((item) => item.resourceType === 'Script' && item.url.startsWith(origin))
    .map((item) => item.url);
}

/** What an audit below full score found, in a few words (its value, or the kinds of issue it lists). */
function auditDetail(audit) {
  const kinds = [...new Set((audit?.details?.items ?? []).map((item) => item.issueType ?? item.node?.snippet))]
    .filter(Boolean)
    .slice(0, 3);
  const parts = [audit?.displayValue, ...kinds].filter(Boolean);
  return parts.length > 0 ? ` (${parts.join('; ')})` : '';
}

function metricsOf(lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: numeric('largest-contentful-paint'),
    fcpMs: numeric('first-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    transferBytes: numeric('total-byte-weight'),
    lighthouseVersion: lhr.lighthouseVersion,
    browser: lhr.environment?.hostUserAgent?.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0] ?? 'Chromium',
    tbtMs: numeric('total-blocking-time'),
    scriptUrls: scriptUrlsOf(lhr),
    failedAudits: ['performance', 'accessibility', 'best-practices', 'seo'].flatMap((category) =>
      (lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < (category === 'performance' ? 0.9 : 1))
        .map((ref) => `${category}: ${ref.id}${auditDetail(lhr.audits[ref.id])}`),
    ),
  };
}

const ATTEMPTS_PER_RUN = 3;

/**
 * One Lighthouse run in a Chromium of its own, started for it and ended after it, as the Lighthouse CLI runs: a
 * browser kept across runs grows its caches and heap, and its main thread's document-commit task grew with them
 * (100-120 ms after a few dozen runs against about 40 ms in a new one), which is the browser's cost, not the page's.
 * A trace that Chromium failed to record (NO_NAVSTART and the like) is retried.
 */
async function runLighthouse(url) {
  let lastError = 'no attempt';
  for (let attempt = 1; attempt <= ATTEMPTS_PER_RUN; attempt += 1) {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: CHROMIUM_ARGS,
      logLevel: 'error',
    });
    let result;
    try {
      result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
    } finally {
      await chrome.kill();
    }
    if (result && !result.lhr.runtimeError)
      return {
        ...metricsOf(result.lhr),
        mainThread: mainThreadSummary(result.lhr),
        report: result.report,
        trace: result.artifacts.Trace,
      };
    lastError = result?.lhr.runtimeError?.message ?? 'Lighthouse returned nothing';
    console.log(`[bench] attempt ${attempt} failed: ${lastError}`);
  }
  throw new Error(`Lighthouse could not measure ${url}: ${lastError}`);
}

async function measure(url) {
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await runLighthouse(url));
  runs.sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
  return runs[Math.floor(runs.length / 2)];
}

const formatKb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

function table(rows) {
  const header = [
    'page',
    'path',
    'perf',
    'a11y',
    'best pr.',
    'SEO',
    'LCP',
    'CLS',
    'TBT',
    'transfer',
    'initial JS (gzip)',
  ];
  const lines = rows.map((row) => [
    row.name,
    row.path,
    String(row.performance),
    String(row.accessibility),
    String(row.bestPractices),
    String(row.seo),
    `${(row.lcpMs / 1000).toFixed(2)} s`,
    row.cls.toFixed(3),
    `${Math.round(row.tbtMs)} ms`,
    formatKb(row.transferBytes),
    formatKb(row.initialJsGzipBytes),
  ]);
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...lines.map((cells) => `| ${cells.join(' | ')} |`),
  ].join('\n');
}

function budgetLines(rows) {
  const lines = [];
  for (const row of rows) {
    const budgets = row.name === 'home' ? [...PAGE_BUDGETS, ...HOME_BUDGETS] : PAGE_BUDGETS;
    for (const budget of budgets) {
      lines.push({ pass: budget.check(row), text: `${row.name}: ${budget.label}` });
    }
  }
  return lines;
}

const mainThreadText = (sections) =>
  sections.map(({ title, lines }) => [`${title}:`, ...lines.map((line) => `  ${line}`)].join('\n')).join('\n\n');

/** Prints the main-thread summaries (--trace-summary) and, with --save, writes them to DIR/main-thread.txt. */
async function reportMainThread(sections) {
  const text = mainThreadText(sections);
  console.log(`\nMain thread (Lighthouse's simulated times, 4x slowed CPU):\n\n${text}`);
  if (SAVE_DIR) await writeFile(path.join(SAVE_DIR, 'main-thread.txt'), `${text}\n`);
}

const fileNameOf = (name) => name.replace(/\W+/g, '-');

/** Targets of issue 18 for one page, from the medians of this build, of the ref and of the floor page. */
function pairedTargets(row, floorLcpMs) {
  const { current, ref } = row;
  const targets = [
    { label: 'TBT <= 100 ms', pass: current.tbtMs <= 100 },
    { label: 'TBT below the ref’s', pass: current.tbtMs < ref.tbtMs },
    { label: 'LCP <= 1.5x the floor’s', pass: current.lcpMs <= 1.5 * floorLcpMs },
    { label: 'LCP no later than the ref’s', pass: current.lcpMs <= ref.lcpMs },
    { label: 'CLS = 0', pass: current.cls === 0 },
    { label: 'performance >= 95', pass: current.performance >= 95 },
  ];
  if (row.name === 'home')
    targets.push({ label: 'initial JS <= 60 KB gzip', pass: current.initialJsGzipBytes <= 60 * KB });
  return targets.map((target) => ({ ...target, text: `${row.name}: ${target.label}` }));
}

function pairedTable(rows, currentLabel, refLabel, [now, then] = ['now', 'ref']) {
  const seconds = (ms) => (ms / 1000).toFixed(2);
  const ratio = (a, b) => (b > 0 ? `${(a / b).toFixed(2)}x` : '-');
  const header = [
    'page',
    `LCP s: ${now} / ${then} (ratio)`,
    `TBT ms: ${now} / ${then} (ratio)`,
    `CLS: ${now} / ${then}`,
    `perf: ${now} / ${then}`,
    `FCP s: ${now} / ${then} (ratio)`,
    `initial JS KB gzip: ${now} / ${then}`,
  ];
  const lines = rows.map(({ name, current: c, ref: r }) => [
    name,
    `${seconds(c.lcpMs)} / ${seconds(r.lcpMs)} (${ratio(c.lcpMs, r.lcpMs)})`,
    `${Math.round(c.tbtMs)} / ${Math.round(r.tbtMs)} (${ratio(c.tbtMs, r.tbtMs)})`,
    `${c.cls.toFixed(3)} / ${r.cls.toFixed(3)}`,
    `${c.performance} / ${r.performance}`,
    `${seconds(c.fcpMs)} / ${seconds(r.fcpMs)} (${ratio(c.fcpMs, r.fcpMs)})`,
    `${(c.initialJsGzipBytes / KB).toFixed(1)} / ${(r.initialJsGzipBytes / KB).toFixed(1)}`,
  ]);
  return [
    `${now} = ${currentLabel}, ${then} = ${refLabel}; medians per page`,
    '',
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...lines.map((cells) => `| ${cells.join(' | ')} |`),
  ].join('\n');
}

/** Medians of each metric over the runs, and the run with the median TBT (the one --save keeps). */
function summarizeRuns(runs) {
  const of = (key) => median(runs.map((run) => run[key]));
  const byTbt = runs.toSorted((a, b) => a.tbtMs - b.tbtMs || a.lcpMs - b.lcpMs);
  return {
    medians: {
      lcpMs: of('lcpMs'),
      tbtMs: of('tbtMs'),
      cls: of('cls'),
      performance: of('performance'),
      fcpMs: of('fcpMs'),
      initialJsGzipBytes: of('initialJsGzipBytes'),
    },
    kept: byTbt[Math.floor((byTbt.length - 1) / 2)],
  };
}

const describeCheckout = () => {
  const run = (args) => spawnSync('git', args, { cwd: paths.REPO_ROOT, encoding: 'utf8' }).stdout.trim();
  const dirty = run(['status', '--porcelain', '--untracked-files=no']) !== '';
  return `${run(['rev-parse', '--short', 'HEAD'])}${dirty ? ' + uncommitted changes' : ''} (this checkout)`;
};

async function mainPaired() {
  const log = (line) => console.log(line);
  const cleanups = new Cleanups();
  const onSignal = (signal) => {
    console.error(`[bench] ${signal}: removing the worktree and stopping the servers`);
    cleanups.runAll();
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    let current;
    if (CURRENT_REF) {
      const built = await prepareRefBuild({ ref: CURRENT_REF, repoRoot: paths.REPO_ROOT, cleanups, log });
      current = { label: `${CURRENT_REF} (${built.sha.slice(0, 7)})`, root: built.root, clientDir: built.clientDir };
    } else {
      if (!process.env.E2E_BUILD_ROOT) ensureBuilt(log);
      current = { label: describeCheckout(), root: paths.BUILD_ROOT, clientDir: paths.WEB_CLIENT_DIR };
    }
    const built = await prepareRefBuild({ ref: AGAINST, repoRoot: paths.REPO_ROOT, cleanups, log });
    const subject = built.subject.length > 60 ? `${built.subject.slice(0, 59)}…` : built.subject;
    const ref = { label: `${AGAINST} (${built.sha.slice(0, 7)} "${subject}")`, ...built };
    const refDirName = fileNameOf(AGAINST);

    const builds = [];
    for (const [key, build] of [
      ['current', current],
      ['ref', ref],
    ]) {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'agency-bench-'));
      cleanups.add(() => rmSync(dataDir, { recursive: true, force: true }));
      const server = await startBuildServer({
        root: build.root,
        port: await findFreePort(),
        cleanups,
        env: { DATA_DIR: dataDir, NODE_ENV: 'production', SESSION_SECRET: 'bench-only-secret-'.padEnd(48, 'x') },
      });
      builds.push({
        key,
        ...build,
        baseUrl: server.baseUrl,
        saveDir: SAVE_DIR && path.join(SAVE_DIR, key === 'current' ? 'current' : refDirName),
      });
    }
    const floor = await startFloorServer({ port: await findFreePort(), cleanups });

    const pages = PAGES.filter((candidate) => !ONLY_PAGES || ONLY_PAGES.has(candidate.name));
    const runsOf = new Map(pages.flatMap((page) => builds.map((build) => [`${build.key} ${page.name}`, []])));
    const floorRuns = [];
    for (let run = 1; run <= RUNS; run += 1) {
      log(`[bench] run ${run} of ${RUNS}: floor ${floor.url}`);
      const { lcpMs, fcpMs, tbtMs, lighthouseVersion, browser } = await runLighthouse(floor.url);
      floorRuns.push({ lcpMs, fcpMs, tbtMs, lighthouseVersion, browser });
      for (const page of pages) {
        for (const build of builds) {
          const url = `${build.baseUrl}${page.path}`;
          log(`[bench] run ${run} of ${RUNS}: ${build.key} ${url}`);
          const { report, trace, ...result } = await runLighthouse(url);
          result.initialJsGzipBytes = await initialJsGzipBytes(result.scriptUrls, build.clientDir);
          // Each run's report and trace go to disk at once (a trace is tens of MB in memory); the kept one is
          // renamed at the end and the others removed.
          if (build.saveDir) {
            result.savedAs = path.join(build.saveDir, `${fileNameOf(page.name)}.run${run}`);
            await mkdir(build.saveDir, { recursive: true });
            await writeFile(`${result.savedAs}.json`, report);
            await writeFile(`${result.savedAs}.trace.json`, JSON.stringify(trace));
          }
          runsOf.get(`${build.key} ${page.name}`).push(result);
        }
      }
    }

    const floorLcpMs = median(floorRuns.map((run) => run.lcpMs));
    const rows = [];
    const sections = [];
    for (const page of pages) {
      const row = { ...page };
      for (const build of builds) {
        const runs = runsOf.get(`${build.key} ${page.name}`);
        const { medians, kept } = summarizeRuns(runs);
        row[build.key] = medians;
        sections.push({ title: `${page.name} (${build.key === 'current' ? 'now' : AGAINST})`, lines: kept.mainThread });
        if (build.saveDir) {
          const base = path.join(build.saveDir, fileNameOf(page.name));
          await rename(`${kept.savedAs}.json`, `${base}.json`);
          await rename(`${kept.savedAs}.trace.json`, `${base}.trace.json`);
          for (const other of runs.filter((candidate) => candidate !== kept)) {
            await rm(`${other.savedAs}.json`, { force: true });
            await rm(`${other.savedAs}.trace.json`, { force: true });
          }
        }
      }
      rows.push(row);
    }

    const targets = rows.flatMap((row) => pairedTargets(row, floorLcpMs));
    const summary = `${targets.filter((target) => target.pass).length} of ${targets.length} targets met`;
    const tableText = pairedTable(rows, current.label, ref.label);
    // The floor's TBT says what the machine and Lighthouse's own work cost a page that runs no script at all.
    const floorTbtMs = median(floorRuns.map((run) => run.tbtMs));
    const floorFcpMs = median(floorRuns.map((run) => run.fcpMs));
    const floorLine = `floor page (heading and paragraph, no script): LCP ${(floorLcpMs / 1000).toFixed(2)} s (median); 1.5x = ${((1.5 * floorLcpMs) / 1000).toFixed(2)} s; FCP ${(floorFcpMs / 1000).toFixed(2)} s, TBT ${Math.round(floorTbtMs)} ms`;
    console.log(`\n${tableText}\n\n${floorLine}\n`);
    for (const target of targets) console.log(`${target.pass ? 'PASS' : 'FAIL'}  ${target.text}`);
    console.log(`\n${summary}`);
    if (TRACE_SUMMARY || SAVE_DIR) await reportMainThread(sections);

    if (ONLY_PAGES) return;
    const sample = floorRuns[0];
    await writeFile(
      RESULTS_FILE,
      [
        '# Lighthouse benchmark of the public site, side by side',
        '',
        `Measured ${new Date().toISOString()} by \`npm run bench:web -- --against ${AGAINST}${CURRENT_REF ? ` --current=${CURRENT_REF}` : ''} --runs=${RUNS}\`: Lighthouse`,
        `${sample?.lighthouseVersion}, mobile defaults (simulated slow 4G, 4x CPU slowdown), ${sample?.browser}; each build`,
        'served by its own server on SQLite with NODE_ENV=production; runs alternate (floor, then per page now and ref)',
        `so both see the same load; medians of ${RUNS} runs per page.`,
        'KB = 1,000 bytes. Initial JS = every script the page loaded during the run, gzip level 9.',
        '',
        tableText,
        '',
        floorLine,
        '',
        '## Targets of issue 18',
        '',
        ...targets.map((target) => `- ${target.pass ? 'PASS' : 'FAIL'} ${target.text}`),
        '',
        summary,
        '',
        '## What ran on the main thread',
        '',
        'Per page and build, the run with the median TBT; Lighthouse’s simulated times (4x slowed CPU).',
        '',
        '```text',
        mainThreadText(sections),
        '```',
        '',
      ].join('\n'),
    );
    console.log(`Wrote ${path.relative(process.cwd(), RESULTS_FILE)}`);
  } finally {
    cleanups.runAll();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

/** The owner who publishes in --published, put straight into the SQLite file as `npm run bench:publish` does. */
const BENCH_OWNER = { email: 'owner@published.bench', password: 'Bench!Published-0wner' };

async function addOwner(dataDir) {
  const [{ default: bcrypt }, { default: Database }] = await Promise.all([import('bcrypt'), import('better-sqlite3')]);
  const db = new Database(path.join(dataDir, 'agency.sqlite'));
  try {
    const now = Date.now();
    db.prepare(
      "insert into users (email, password_hash, profile_image, is_staff, role, confirmed_at, created_at) values (?, ?, '', 1, 'owner', ?, ?)",
    ).run(BENCH_OWNER.email, await bcrypt.hash(BENCH_OWNER.password, 10), now, now);
  } finally {
    db.close();
  }
}

/** `--published`: the pages the server renders after a change of each type, beside the build's at revision 0. */
async function mainPublished() {
  const log = (line) => console.log(line);
  if (!process.env.E2E_BUILD_ROOT) ensureBuilt(log);
  const { publishEachType, signInCookie } = await harness('publish-each-type.ts');
  const servers = [];
  const dataDirs = [];
  const start = async (dataDir, env) => {
    const server = await startServerProcess({
      port: await findFreePort(),
      healthTimeoutMs: 120_000,
      env: { DATA_DIR: dataDir, SESSION_SECRET: 'bench-only-secret-'.padEnd(48, 'x'), ...env },
    });
    servers.push(server);
    return server;
  };
  try {
    for (let index = 0; index < 2; index += 1)
      dataDirs.push(await mkdtemp(path.join(os.tmpdir(), 'agency-bench-published-')));
    const [buildDir, publishedDir] = dataDirs;
    const production = { NODE_ENV: 'production' };
    const atZero = await start(buildDir, production);

    const editing = await start(publishedDir, {});
    await addOwner(publishedDir);
    const started = performance.now();
    const paths = await publishEachType(
      editing.baseUrl,
      await signInCookie(editing.baseUrl, BENCH_OWNER),
      600_000,
    ).catch((error) => {
      throw new Error(`${error.message}\nThe server's last lines:\n${editing.recentOutput()}`);
    });
    log(`[bench] published a change of each type; all served ${Math.round(performance.now() - started)} ms later`);
    await editing.stop();
    servers.splice(servers.indexOf(editing), 1);
    const published = await start(publishedDir, production);
    const answer = await fetch(`${published.baseUrl}${paths.casePath}`);
    if (answer.status !== 200) throw new Error(`The restarted server answers ${answer.status} for ${paths.casePath}.`);
    if (SERVE) {
      log(`[bench] revision 0: ${atZero.baseUrl}`);
      log(`[bench] published: ${published.baseUrl} (${Object.values(paths).join(' ')})`);
      log('[bench] serving until Ctrl-C');
      await new Promise((resolve) => {
        process.once('SIGINT', resolve);
        process.once('SIGTERM', resolve);
      });
      return;
    }

    const pages = [
      ...PAGES.map((page) => ({ ...page, pairedPath: page.path })),
      // A new item has no page at revision 0: it is paired with a seed page drawn by the same component.
      { name: 'new case', path: paths.casePath, pairedPath: '/portfolio-9012345/planetlaundromat' },
      { name: 'new blog post', path: paths.blogPath, pairedPath: '/blog/why-your-website-feels-slow-on-mobile-data' },
    ].filter((candidate) => !ONLY_PAGES || ONLY_PAGES.has(candidate.name));
    const builds = [
      { key: 'ref', baseUrl: atZero.baseUrl, pathOf: (page) => page.pairedPath },
      { key: 'current', baseUrl: published.baseUrl, pathOf: (page) => page.path },
    ];
    const runsOf = new Map(pages.flatMap((page) => builds.map((build) => [`${build.key} ${page.name}`, []])));
    for (let run = 1; run <= RUNS; run += 1) {
      for (const page of pages) {
        for (const build of builds) {
          const url = `${build.baseUrl}${build.pathOf(page)}`;
          log(`[bench] run ${run} of ${RUNS}: ${build.key === 'ref' ? 'revision 0' : 'published'} ${url}`);
          const { report, trace, ...result } = await runLighthouse(url);
          result.initialJsGzipBytes = await initialJsGzipBytes(result.scriptUrls);
          runsOf.get(`${build.key} ${page.name}`).push(result);
        }
      }
    }

    const rows = pages.map((page) => {
      const row = { ...page };
      for (const build of builds) row[build.key] = summarizeRuns(runsOf.get(`${build.key} ${page.name}`)).medians;
      return row;
    });
    const tableText = pairedTable(
      rows,
      `${describeCheckout()}, pages rendered by the server after publishing`,
      'the same build, its prerendered pages (new items: paired with a seed page of their kind)',
      ['published', 'rev 0'],
    );
    const budgets = rows.flatMap((row) =>
      [
        { label: 'performance >= 98', pass: row.current.performance >= 98 },
        { label: 'LCP <= 1.2 s', pass: row.current.lcpMs <= 1200 },
        { label: 'CLS = 0', pass: row.current.cls === 0 },
        { label: 'TBT < 100 ms', pass: row.current.tbtMs < 100 },
      ].map((budget) => ({ ...budget, text: `${row.name} (published): ${budget.label}` })),
    );
    console.log(`\n${tableText}\n`);
    for (const budget of budgets) console.log(`${budget.pass ? 'PASS' : 'FAIL'}  ${budget.text}`);
    console.log(
      `\n${budgets.filter((budget) => budget.pass).length} of ${budgets.length} budgets met (medians of ${RUNS} runs)`,
    );
  } finally {
    for (const server of servers) await server.stop();
    for (const dataDir of dataDirs) await rm(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  if (PUBLISHED) return mainPublished();
  if (AGAINST) return mainPaired();
  // E2E_BUILD_ROOT measures a frozen copy of the build (see e2e/harness/paths.ts) and builds nothing.
  if (!process.env.E2E_BUILD_ROOT) ensureBuilt((line) => console.log(line));

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'agency-bench-'));
  const port = await findFreePort();
  let server;
  try {
    server = await startServerProcess({
      port,
      env: { DATA_DIR: dataDir, NODE_ENV: 'production', SESSION_SECRET: 'bench-only-secret-'.padEnd(48, 'x') },
    });
    const rows = [];
    if (SAVE_DIR) await mkdir(SAVE_DIR, { recursive: true });
    for (const page of PAGES.filter((candidate) => !ONLY_PAGES || ONLY_PAGES.has(candidate.name))) {
      const url = `${server.baseUrl}${page.path}`;
      console.log(`[bench] Lighthouse ${url}${RUNS > 1 ? ` (${RUNS} runs)` : ''}`);
      const { report, trace, ...metrics } = await measure(url);
      if (SAVE_DIR) {
        const base = path.join(SAVE_DIR, fileNameOf(page.name));
        await writeFile(`${base}.json`, report);
        await writeFile(`${base}.trace.json`, JSON.stringify(trace));
      }
      rows.push({ ...page, ...metrics, initialJsGzipBytes: await initialJsGzipBytes(metrics.scriptUrls) });
    }

    const budgets = budgetLines(rows);
    const failedAudits = rows.flatMap((row) => row.failedAudits.map((audit) => `${row.name}: ${audit}`));
    const summary = `${budgets.filter((line) => line.pass).length} of ${budgets.length} budgets met`;

    console.log(`\n${table(rows)}\n`);
    for (const line of budgets) console.log(`${line.pass ? 'PASS' : 'FAIL'}  ${line.text}`);
    if (failedAudits.length > 0)
      console.log(
        `\nAudits holding the scores back (performance metrics below 0.9, other audits below 1):\n  ${failedAudits.join('\n  ')}`,
      );
    console.log(`\n${summary}`);
    if (TRACE_SUMMARY || SAVE_DIR)
      await reportMainThread(rows.map((row) => ({ title: row.name, lines: row.mainThread })));

    // A partial run (--pages) prints its table but leaves the file of the full benchmark alone.
    if (ONLY_PAGES) return;
    await writeFile(
      RESULTS_FILE,
      [
        '# Lighthouse benchmark of the public site',
        '',
        `Measured ${new Date().toISOString()} by \`npm run bench:web\`: Lighthouse ${rows[0]?.lighthouseVersion}, mobile`,
        `defaults (simulated slow 4G, 4x CPU slowdown), ${rows[0]?.browser}, the built site served by the real server on`,
        `SQLite with NODE_ENV=production; ${RUNS === 1 ? 'one run per page' : `median of ${RUNS} runs per page`}.`,
        'KB = 1,000 bytes. Initial JS = every script the page loaded during the run (entry, page chunk, others), gzip level 9.',
        '',
        table(rows),
        '',
        '## Budgets',
        '',
        ...budgets.map((line) => `- ${line.pass ? 'PASS' : 'FAIL'} ${line.text}`),
        '',
        summary,
        ...(failedAudits.length > 0
          ? ['', '## Audits holding the scores back', '', ...failedAudits.map((a) => `- ${a}`)]
          : []),
        '',
      ].join('\n'),
    );
    console.log(`Wrote ${path.relative(process.cwd(), RESULTS_FILE)}`);
  } finally {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`[bench] ${error instanceof Error ? error.stack : error}`);
  process.exit(1);
});
