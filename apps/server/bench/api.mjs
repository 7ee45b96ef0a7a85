#!/usr/bin/env node
// `npm run bench:api`: the API's contact submission against its floor (issue 13). In one run:
//   - the built server with its production defaults (NODE_ENV=production, request logging on, written to a file)
//     on a fresh SQLite database, the form limit raised through FORM_RATE_LIMIT (default off);
//   - a bare node:http server (bare-server.mjs) doing the same JSON parse and one insert with the same pragmas
//     (journal_mode=WAL, synchronous=FULL);
// each loaded with autocannon (50 connections, 15 s) posting the same contact form; it prints requests/s, p50, p99
// and errors of each and their ratio, the server's memory (RSS) at the end of the load, and checks that every
// acknowledged (2xx) submission was stored.
// With --flood, then: a fresh server with the DEFAULT form limit gets 200 connections posting for 15 s; only 2xx and
// 429 answers may come back (no 5xx, no error or timeout), and GET / and GET /contact-7709327, timed every 500 ms
// during the flood, must answer within 500 ms.
// A benchmark, not a test: a missed target prints FAIL and still exits 0; only an error exits non-zero.
// Options: --duration=S (default 15), --connections=N (default 50), --form-limit=VALUE (FORM_RATE_LIMIT of the
// throughput run, default off), --flood, --flood-only (the flood without the throughput run), --keep (keep the data folders and the server's log).
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, rmSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import SqliteDatabase from 'better-sqlite3';
import { tsImport } from 'tsx/esm/api';

const { ensureBuilt } = await tsImport('../../web/e2e/harness/build.ts', import.meta.url);
const { REPO_ROOT, SERVER_ENTRY } = await tsImport('../../web/e2e/harness/paths.ts', import.meta.url);
const { API_PATHS, PATHS } = await tsImport('@agency/shared', import.meta.url);
const { findFreePort } = await tsImport('@agency/testing', import.meta.url);

const option = (name, fallback) =>
  process.argv.find((argument) => argument.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const flag = (name) => process.argv.includes(`--${name}`);
const DURATION_S = Number(option('duration', '15'));
const CONNECTIONS = Number(option('connections', '50'));
const FORM_LIMIT = option('form-limit', 'off');
const FLOOD = flag('flood');
const FLOOD_ONLY = flag('flood-only');
const KEEP = flag('keep');
const FLOOD_CONNECTIONS = 200;
const WARMUP_S = 3;
const PAGE_EVERY_MS = 500;

const TARGETS = { ratio: 0.5, p99Ms: 50, pageMs: 500 };

const BARE_SERVER = fileURLToPath(new URL('./bare-server.mjs', import.meta.url));
const PAGE_PROBE = fileURLToPath(new URL('./page-probe.mjs', import.meta.url));
const SQLITE_FILE_NAME = 'agency.sqlite';
const SUBMISSION = JSON.stringify({
  name: 'Adaeze Okafor',
  email: 'adaeze.okafor@example.ng',
  phone: '+2348031234567',
  message: 'We would like a new website for our bakery in Yaba, with online orders. When could we talk?',
});

const verdict = (ok) => (ok ? 'PASS' : 'FAIL');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (value, digits = 0) => Number(value.toFixed(digits));

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return round(kb / 1024, 1);
}

/** A child process we stop with SIGTERM and wait for. */
function stopper(child) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killTimer = setTimeout(() => child.kill('SIGKILL'), 12_000);
    await exited;
    clearTimeout(killTimer);
  };
}

/** The built server with production defaults, its log in a file; resolves once /api/health answers. */
async function startServer({ formLimit, label }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `bench-api-${label}-`));
  const logFile = path.join(dataDir, 'server.log');
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = { ...process.env };
  for (const name of ['REQUIRE_HUMAN_CHECK', 'DATABASE_URL', 'SMTP_URL', 'LOG_LEVEL', 'CORS_ORIGINS', 'TRUST_PROXY']) {
    delete env[name];
  }
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: {
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      SESSION_SECRET: 'bench-api-session-secret-0123456789abcdef',
      // One staff address: each submission queues a staff notification and the visitor's auto-reply.
      STAFF_NOTIFY_EMAIL: 'office@rendezvous.test',
      ...(formLimit === undefined ? { FORM_RATE_LIMIT: '' } : { FORM_RATE_LIMIT: formLimit }),
    },
    stdio: ['ignore', log, log],
  });
  const stop = stopper(child);
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited at start:\n${readFileSync(logFile, 'utf8')}`);
    try {
      const response = await fetch(`${baseUrl}${API_PATHS.HEALTH}`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server was not healthy within 30 s:\n${readFileSync(logFile, 'utf8')}`);
    }
    await sleep(150);
  }
  return { baseUrl, pid: child.pid, dataDir, logFile, stop };
}

async function startBareServer() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-api-bare-'));
  const file = path.join(dataDir, 'bare.sqlite');
  const child = spawn(process.execPath, [BARE_SERVER, file], {
    cwd: path.dirname(BARE_SERVER),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`The bare server exited (code ${code}).`)));
    child.stdout.on('data', (chunk) => {
      const match = /port (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
  });
  return { baseUrl: `http://127.0.0.1:${port}`, pid: child.pid, dataDir, file, stop: stopper(child) };
}

/** autocannon's promise form: the only one that runs a warm-up (its callback form ignores the option). */
function load(url, { connections, warmup = false }) {
  return autocannon({
    // The throughput runs measure the steady state: both servers first take WARMUP_S of the same load, which
    // autocannon leaves out of the figures (the JIT and the first WAL pages are not counted).
    ...(warmup ? { warmup: { connections, duration: WARMUP_S } } : {}),
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: SUBMISSION,
    connections,
    duration: DURATION_S,
    timeout: 10,
  });
}

function countRows(file, table) {
  const database = new SqliteDatabase(file, { readonly: true });
  try {
    return database.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get().n;
  } finally {
    database.close();
  }
}

function summary(result) {
  return {
    'requests/s': round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    '2xx': result['2xx'],
    'non-2xx': result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

async function throughput() {
  console.log(`\n== Throughput: ${CONNECTIONS} connections, ${DURATION_S} s, POST ${API_PATHS.SUBMIT_CONTACT} ==`);
  const bare = await startBareServer();
  const bareResult = await load(bare.baseUrl, { connections: CONNECTIONS, warmup: true });
  const bareRss = rssMb(bare.pid);
  await bare.stop();
  const bareRows = countRows(bare.file, 'submissions');

  const server = await startServer({ formLimit: FORM_LIMIT, label: 'api' });
  const rssBefore = rssMb(server.pid);
  const serverResult = await load(`${server.baseUrl}${API_PATHS.SUBMIT_CONTACT}`, {
    connections: CONNECTIONS,
    warmup: true,
  });
  const serverRss = rssMb(server.pid);
  await server.stop();
  const serverRows = countRows(path.join(server.dataDir, SQLITE_FILE_NAME), 'enquiries');
  const outboxRows = countRows(path.join(server.dataDir, SQLITE_FILE_NAME), 'outbox');

  const ratio = serverResult.requests.average / bareResult.requests.average;
  console.table({
    [`server (FORM_RATE_LIMIT=${FORM_LIMIT})`]: { ...summary(serverResult), 'RSS MB': serverRss, rows: serverRows },
    'bare node:http + SQLite': { ...summary(bareResult), 'RSS MB': bareRss, rows: bareRows },
  });
  console.log(`ratio (server / bare requests/s): ${round(ratio, 2)}`);
  console.log(`server RSS: ${rssBefore} MB at start, ${serverRss} MB at the end of the load`);
  console.log(`server outbox rows: ${outboxRows} (${round(outboxRows / Math.max(1, serverRows), 2)} per enquiry)`);
  // A request in flight when autocannon stopped (the warm-up's end, or the run's) may be stored without its answer
  // being counted: rows may exceed the 2xx answers (warm-up's included) by at most that, never fall short of them.
  const acknowledged = (result) => result['2xx'] + (result.warmup?.['2xx'] ?? 0);
  const stored = (result, rows) => rows >= acknowledged(result) && rows - acknowledged(result) <= 2 * CONNECTIONS;
  console.log(`${verdict(ratio >= TARGETS.ratio)} ratio ${round(ratio, 2)} >= ${TARGETS.ratio}`);
  console.log(
    `${verdict(serverResult.latency.p99 <= TARGETS.p99Ms)} server p99 ${serverResult.latency.p99} ms <= ${TARGETS.p99Ms} ms`,
  );
  console.log(
    `${verdict(serverResult.errors === 0 && serverResult.non2xx === 0)} server: ${serverResult.errors} errors, ${serverResult.non2xx} non-2xx`,
  );
  console.log(
    `${verdict(stored(serverResult, serverRows))} acknowledged = stored (server): ${acknowledged(serverResult)} answered 2xx (warm-up included), ${serverRows} rows`,
  );
  console.log(
    `${verdict(stored(bareResult, bareRows))} acknowledged = stored (bare): ${acknowledged(bareResult)} answered 2xx (warm-up included), ${bareRows} rows`,
  );
  if (KEEP) console.log(`server log and data: ${server.dataDir}`);
  else for (const dir of [server.dataDir, bare.dataDir]) rmSync(dir, { recursive: true, force: true });
}

async function flood() {
  console.log(`\n== Flood: ${FLOOD_CONNECTIONS} connections, ${DURATION_S} s, the default form limit ==`);
  const server = await startServer({ formLimit: undefined, label: 'flood' });
  const pages = [PATHS.home, PATHS.contact];
  // The pages are timed from another process: this one is busy running autocannon's 200 connections, and its own
  // event loop would add its delays to the page's.
  const probe = spawn(process.execPath, [PAGE_PROBE, server.baseUrl, String(PAGE_EVERY_MS), ...pages], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let probeOutput = '';
  const probeReady = new Promise((resolve) => {
    probe.stdout.on('data', (chunk) => {
      probeOutput += chunk;
      if (probeOutput.startsWith('ready\n')) resolve();
    });
  });
  const probeDone = new Promise((resolve) => probe.once('exit', resolve));
  await probeReady;
  const result = await load(`${server.baseUrl}${API_PATHS.SUBMIT_CONTACT}`, { connections: FLOOD_CONNECTIONS });
  probe.kill('SIGTERM');
  await probeDone;
  const { times, failures } = JSON.parse(probeOutput.trim().split('\n').at(-1));
  const rss = rssMb(server.pid);
  await server.stop();

  const codes = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]));
  console.log(`status counts: ${JSON.stringify(codes)}; errors ${result.errors}, timeouts ${result.timeouts}`);
  console.log(`requests/s ${round(result.requests.average)}, p99 ${result.latency.p99} ms, server RSS ${rss} MB`);
  const onlyAllowed = Object.keys(codes).every((code) => /^2\d\d$/.test(code) || code === '429');
  console.log(
    `${verdict(onlyAllowed && result.errors === 0 && result.timeouts === 0)} flood answered 2xx or 429 only, no error or timeout`,
  );
  for (const page of pages) {
    const list = times[page];
    const max = round(Math.max(...list));
    const median = round([...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0);
    console.log(
      `${verdict(max <= TARGETS.pageMs && list.length > 0)} GET ${page} during the flood: ${list.length} requests, median ${median} ms, max ${max} ms <= ${TARGETS.pageMs} ms`,
    );
  }
  if (failures.length > 0)
    console.log(`FAIL page requests that did not answer 200: ${failures.slice(0, 5).join('; ')}`);
  if (KEEP) console.log(`flood server log and data: ${server.dataDir}`);
  else rmSync(server.dataDir, { recursive: true, force: true });
}

ensureBuilt((line) => console.log(line));
if (!FLOOD_ONLY) await throughput();
if (FLOOD || FLOOD_ONLY) await flood();
