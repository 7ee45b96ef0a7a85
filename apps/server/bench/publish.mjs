#!/usr/bin/env node
// `npm run bench:publish`: how long a published blog post takes to be live (issue 22 item 3, docs/decisions/0043).
// On the BUILT server (apps/server/dist/server.js with apps/web/dist; built first when missing or stale), once on a
// fresh SQLite file and, when TEST_MYSQL_URL is set, once on a fresh MariaDB database of its own (dropped after):
// an owner signs in, creates a blog post and publishes it through the API, and the post's page and the blog list are
// polled every 25 ms until both show it; then the same for unpublishing it (the page 404, the list without it). It
// prints the time from the publish (or unpublish) request to live, and how long the server took to render the whole
// set of pages (its "site pages rendered" log line), against the target of 10 s.
// A benchmark, not a test: a missed target prints FAIL and still exits 0; only an error exits non-zero.
// Options: --runs=N (publish and unpublish N posts, default 3), --keep (keep the data folders and the server's log).
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import bcrypt from 'bcrypt';
import SqliteDatabase from 'better-sqlite3';
import mysql from 'mysql2/promise';
import { tsImport } from 'tsx/esm/api';

const { ensureBuilt } = await tsImport('../../web/e2e/harness/build.ts', import.meta.url);
const { REPO_ROOT, SERVER_ENTRY } = await tsImport('../../web/e2e/harness/paths.ts', import.meta.url);
const { API_PATHS, CONTENT_PATHS, PATHS } = await tsImport('@agency/shared', import.meta.url);
const { findFreePort } = await tsImport('@agency/testing', import.meta.url);
const { blogPostData } = await tsImport('../src/modules/content/content-fixtures.ts', import.meta.url);

const option = (name, fallback) =>
  process.argv.find((argument) => argument.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const RUNS = Number(option('runs', '3'));
const KEEP = process.argv.includes('--keep');
const TARGET_MS = 10_000;
const GIVE_UP_MS = 60_000;
const POLL_MS = 25;
const PASSWORD = 'Bench!Publish-0wner';
const OWNER = 'owner@publish.bench';

const verdict = (ok) => (ok ? 'PASS' : 'FAIL');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function startServer({ env, dataDir }) {
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(dataDir, 'server.log');
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      // Not production: its session cookie is Secure, which express-session does not set over plain HTTP.
      LOG_LEVEL: 'info',
      PORT: String(port),
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      SESSION_SECRET: 'bench-publish-session-secret-0123456789abcdef',
      ...env,
    },
    stdio: ['ignore', log, log],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited:\n${readFileSync(logFile, 'utf8')}`);
    const healthy = await fetch(`${baseUrl}${API_PATHS.HEALTH}`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() - started > 60_000) throw new Error('The server did not become healthy in 60 s.');
    await sleep(200);
  }
  return {
    baseUrl,
    logFile,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The render times the server logged ("site pages rendered"), by revision. */
function renderTimes(logFile) {
  const times = new Map();
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.includes('site pages rendered')) continue;
    const entry = JSON.parse(line);
    times.set(entry.revision, entry.ms);
  }
  return times;
}

async function signIn(baseUrl) {
  const response = await fetch(`${baseUrl}${API_PATHS.LOGIN}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: baseUrl },
    body: JSON.stringify({ email: OWNER, password: PASSWORD }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .find((pair) => pair.includes('='));
  if (response.status !== 200 || !cookie)
    throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return cookie;
}

function api(baseUrl, cookie) {
  return async (method, apiPath, body) => {
    const response = await fetch(`${baseUrl}${apiPath}`, {
      method,
      headers: { 'Content-Type': 'application/json', Origin: baseUrl, Cookie: cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(`${method} ${apiPath}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  };
}

/** Polls until `done` says yes of the post's page and the blog list; the milliseconds since `since`. */
async function untilLive(baseUrl, postPath, since, done) {
  for (;;) {
    const [page, list] = await Promise.all(
      [postPath, PATHS.blog].map(async (pagePath) => {
        const response = await fetch(`${baseUrl}${pagePath}`);
        return { status: response.status, text: await response.text() };
      }),
    );
    if (done(page, list)) return performance.now() - since;
    if (performance.now() - since > GIVE_UP_MS) throw new Error(`Not live after ${GIVE_UP_MS} ms: ${postPath}`);
    await sleep(POLL_MS);
  }
}

async function benchOn(name, { env, addOwner, dataDir }) {
  const server = await startServer({ env, dataDir });
  try {
    await addOwner(await bcrypt.hash(PASSWORD, 10));
    const call = api(server.baseUrl, await signIn(server.baseUrl));
    const published = [];
    const unpublished = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const slug = `bench-post-${Date.now().toString(36)}-${run}`;
      const title = `Bench post ${run}, ${new Date().toISOString()}`;
      const { item } = await call('POST', CONTENT_PATHS.ITEMS, { type: 'blog_post', slug, data: blogPostData(title) });
      const postPath = `${PATHS.blog}/${slug}`;
      let since = performance.now();
      await call('POST', CONTENT_PATHS.publish(item.id), {});
      const live = await untilLive(
        server.baseUrl,
        postPath,
        since,
        (page, list) => page.status === 200 && page.text.includes(title) && list.text.includes(title),
      );
      published.push(live);
      since = performance.now();
      await call('POST', CONTENT_PATHS.unpublish(item.id));
      const gone = await untilLive(
        server.baseUrl,
        postPath,
        since,
        (page, list) => page.status === 404 && list.status === 200 && !list.text.includes(title),
      );
      unpublished.push(gone);
      console.log(
        `  ${name} run ${run}: publish -> live ${Math.round(live)} ms, unpublish -> gone ${Math.round(gone)} ms`,
      );
    }
    const renders = [...renderTimes(server.logFile).values()];
    return { name, published, unpublished, renders };
  } finally {
    await server.stop();
    if (!KEEP) rmSync(dataDir, { recursive: true, force: true });
    else console.log(`  kept ${dataDir}`);
  }
}

function sqliteTarget() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-publish-sqlite-'));
  return {
    dataDir,
    env: {},
    async addOwner(hash) {
      const db = new SqliteDatabase(path.join(dataDir, 'agency.sqlite'));
      try {
        const now = Date.now();
        db.prepare(
          "insert into users (email, password_hash, profile_image, is_staff, role, confirmed_at, created_at) values (?, ?, '', 1, 'owner', ?, ?)",
        ).run(OWNER, hash, now, now);
      } finally {
        db.close();
      }
    },
  };
}

async function mysqlTarget(url) {
  const database = `bench_publish_${process.pid}`;
  const admin = await mysql.createConnection(url);
  await admin.query(`create database \`${database}\``);
  const target = new URL(url);
  target.pathname = `/${database}`;
  return {
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'bench-publish-mysql-')),
    env: { DATABASE_URL: target.href },
    async addOwner(hash) {
      const now = Date.now();
      await admin.query(
        `insert into \`${database}\`.users (email, password_hash, profile_image, is_staff, role, confirmed_at, created_at) values (?, ?, '', 1, 'owner', ?, ?)`,
        [OWNER, hash, now, now],
      );
    },
    async drop() {
      await admin.query(`drop database if exists \`${database}\``);
      await admin.end();
    },
  };
}

// E2E_BUILD_ROOT names a build made elsewhere (apps/web/e2e/harness/paths.ts): it is used as it is.
if (!process.env.E2E_BUILD_ROOT) ensureBuilt((line) => console.log(line));
console.log(`bench:publish: ${RUNS} blog posts published and unpublished per database; target ${TARGET_MS} ms to live`);
const results = [];
results.push(await benchOn('SQLite', sqliteTarget()));
if (process.env.TEST_MYSQL_URL) {
  const target = await mysqlTarget(process.env.TEST_MYSQL_URL);
  try {
    results.push(await benchOn('MariaDB', target));
  } finally {
    await target.drop();
  }
}
console.log('\ndatabase  publish->live (median / max)  unpublish->gone (median / max)  full render (median / max)');
for (const { name, published, unpublished, renders } of results) {
  const worst = Math.max(...published, ...unpublished);
  const figure = (values) =>
    values.length ? `${Math.round(median(values))} / ${Math.round(Math.max(...values))} ms` : 'none logged';
  console.log(
    `${name.padEnd(9)} ${figure(published).padEnd(29)} ${figure(unpublished).padEnd(31)} ${figure(renders).padEnd(20)} ${verdict(worst <= TARGET_MS)}`,
  );
}
