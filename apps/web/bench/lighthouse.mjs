#!/usr/bin/env node
// `npm run bench:web`: Lighthouse (mobile defaults, simulated throttling) on nine pages of the built site served by
// the real server on SQLite, against the budgets of issue 13. A benchmark, not a test: a missed budget prints FAIL
// and still exits 0; only an error (build, server, browser) exits non-zero.
// Options: --runs=N runs each page N times and keeps the run with the median performance score (ties: median LCP);
// --pages=home,contact measures only those pages; --save=DIR writes each kept run's Lighthouse report (JSON, with
// the LCP breakdown and the critical request chains) to DIR/<page>.json and its trace (for Chromium's Performance
// panel) to DIR/<page>.trace.json.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { tsImport } from 'tsx/esm/api';

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

const runsArgument = process.argv.find((argument) => argument.startsWith('--runs='));
const RUNS = Math.max(1, Number(runsArgument?.split('=')[1] ?? 1) || 1);
const pagesArgument = process.argv.find((argument) => argument.startsWith('--pages='));
const ONLY_PAGES = pagesArgument ? new Set(pagesArgument.slice('--pages='.length).split(',')) : null;
const saveArgument = process.argv.find((argument) => argument.startsWith('--save='));
const SAVE_DIR = saveArgument ? path.resolve(saveArgument.slice('--save='.length)) : null;

/**
 * Initial JavaScript: every script the page downloaded while Lighthouse loaded it (the entry, the page's own chunk
 * that hydration waits for, and anything else fetched before the page settled), gzipped at level 9 from the built
 * files, so the figure does not depend on the server's compression.
 */
async function initialJsGzipBytes(scriptUrls) {
  let total = 0;
  for (const url of new Set(scriptUrls)) {
    const file = await readFile(path.join(paths.WEB_CLIENT_DIR, decodeURIComponent(new URL(url).pathname)));
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

/** One Lighthouse run; a trace that Chromium failed to record (NO_NAVSTART and the like) is retried. */
async function runLighthouse(chrome, url) {
  let lastError = 'no attempt';
  for (let attempt = 1; attempt <= ATTEMPTS_PER_RUN; attempt += 1) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (result && !result.lhr.runtimeError)
      return { ...metricsOf(result.lhr), report: result.report, trace: result.artifacts.Trace };
    lastError = result?.lhr.runtimeError?.message ?? 'Lighthouse returned nothing';
    console.log(`[bench] attempt ${attempt} failed: ${lastError}`);
  }
  throw new Error(`Lighthouse could not measure ${url}: ${lastError}`);
}

async function measure(chrome, url) {
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await runLighthouse(chrome, url));
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

async function main() {
  // E2E_BUILD_ROOT measures a frozen copy of the build (see e2e/harness/paths.ts) and builds nothing.
  if (!process.env.E2E_BUILD_ROOT) ensureBuilt((line) => console.log(line));

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'agency-bench-'));
  const port = await findFreePort();
  let server;
  let chrome;
  try {
    server = await startServerProcess({
      port,
      env: { DATA_DIR: dataDir, NODE_ENV: 'production', SESSION_SECRET: 'bench-only-secret-'.padEnd(48, 'x') },
    });
    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS, logLevel: 'error' });

    const rows = [];
    if (SAVE_DIR) await mkdir(SAVE_DIR, { recursive: true });
    for (const page of PAGES.filter((candidate) => !ONLY_PAGES || ONLY_PAGES.has(candidate.name))) {
      const url = `${server.baseUrl}${page.path}`;
      console.log(`[bench] Lighthouse ${url}${RUNS > 1 ? ` (${RUNS} runs)` : ''}`);
      const { report, trace, ...metrics } = await measure(chrome, url);
      if (SAVE_DIR) {
        const base = path.join(SAVE_DIR, page.name.replace(/\W+/g, '-'));
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
    await chrome?.kill();
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`[bench] ${error instanceof Error ? error.stack : error}`);
  process.exit(1);
});
