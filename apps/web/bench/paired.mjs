// What `npm run bench:web -- --against <ref>` needs besides Lighthouse: the ref built in a temporary git worktree,
// its own server, a static floor page, medians, and what ran on the main thread (see lighthouse.mjs).
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

const KEPT_OUTPUT_LINES = 40;
const HEALTH_TIMEOUT_MS = 30_000;

/** Work that must be undone on the way out, also on Ctrl-C: the worktree, servers, the browser, data folders. */
export class Cleanups {
  #steps = [];

  /** Registers a synchronous undo step; the last registered runs first. */
  add(step) {
    this.#steps.push(step);
  }

  runAll() {
    for (const step of this.#steps.splice(0).reverse()) {
      try {
        step();
      } catch (error) {
        console.error(`[bench] cleanup: ${error instanceof Error ? error.message : error}`);
      }
    }
  }
}

/** A command's output kept in memory: printed only when the command fails. */
function runLogged(command, args, { cwd, env, cleanups }) {
  return new Promise((resolve, reject) => {
    const output = [];
    const keep = (chunk) => {
      output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      output.splice(0, Math.max(0, output.length - KEPT_OUTPUT_LINES));
    };
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    cleanups.add(() => child.exitCode === null && child.kill('SIGTERM'));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(
            new Error(
              `${command} ${args.join(' ')} failed in ${cwd} (${signal ?? `exit ${code}`}):\n${output.join('\n')}`,
            ),
          ),
    );
  });
}

const git = (repoRoot, args) => {
  const result = spawnSync('git', args, { cwd: repoRoot, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr.trim()}`);
  return result.stdout.trim();
};

/** The node_modules folders of the root and of each workspace that has one (apps/*, packages/*). */
function nodeModulesFolders(repoRoot) {
  const folders = ['node_modules'];
  for (const parent of ['apps', 'packages']) {
    if (!existsSync(path.join(repoRoot, parent))) continue;
    for (const workspace of readdirSync(path.join(repoRoot, parent))) {
      if (existsSync(path.join(repoRoot, parent, workspace, 'node_modules'))) {
        folders.push(path.join(parent, workspace, 'node_modules'));
      }
    }
  }
  return folders;
}

/**
 * Lends this checkout's installed packages to the worktree: one symlink per package, except the links npm made to
 * this checkout's own workspaces (@agency/shared and the like), which point at the worktree's workspaces instead, so
 * the ref is built from its own sources.
 */
function linkPackages(fromDir, toDir, repoRoot, worktree) {
  mkdirSync(toDir, { recursive: true });
  for (const name of readdirSync(fromDir)) {
    if (name.startsWith('.vite')) continue; // caches of this checkout's builds and tests
    const from = path.join(fromDir, name);
    const to = path.join(toDir, name);
    if (name.startsWith('@') && lstatSync(from).isDirectory()) {
      linkPackages(from, to, repoRoot, worktree);
      continue;
    }
    const target = lstatSync(from).isSymbolicLink() ? realpathSync(from) : from;
    const inRepo = path.relative(repoRoot, target);
    const isWorkspace = !inRepo.startsWith('..') && !inRepo.split(path.sep).includes('node_modules');
    symlinkSync(isWorkspace ? path.join(worktree, inRepo) : from, to);
  }
}

/**
 * Checks out `ref` in a temporary worktree, installs its packages (this checkout's, linked, when the ref's
 * package-lock.json is the same; else `npm ci`) and builds it with its own `npm run build`. The worktree is removed
 * by `cleanups`, also after an error or Ctrl-C.
 */
export async function prepareRefBuild({ ref, repoRoot, cleanups, log }) {
  const sha = git(repoRoot, ['rev-parse', '--verify', `${ref}^{commit}`]);
  const subject = git(repoRoot, ['log', '-1', '--format=%s', sha]);
  const worktree = await mkdtemp(path.join(os.tmpdir(), 'agency-bench-ref-'));
  cleanups.add(() => {
    // Unlink the lent packages first: removing the worktree must never reach into this checkout's node_modules.
    for (const folder of nodeModulesFolders(worktree)) {
      const full = path.join(worktree, folder);
      const stat = lstatSync(full, { throwIfNoEntry: false });
      if (stat?.isSymbolicLink()) rmSync(full);
      else if (stat?.isDirectory()) for (const name of readdirSync(full)) unlinkLinks(path.join(full, name));
    }
    spawnSync('git', ['worktree', 'remove', '--force', worktree], { cwd: repoRoot });
    rmSync(worktree, { recursive: true, force: true });
    spawnSync('git', ['worktree', 'prune'], { cwd: repoRoot });
  });
  log(`[bench] checking out ${ref} (${sha.slice(0, 7)} "${subject}") in ${worktree}`);
  git(repoRoot, ['worktree', 'add', '--detach', worktree, sha]);

  // Vite would bundle React's development build under NODE_ENV=test (see e2e/harness/build.ts).
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV'));
  const sameLock =
    git(repoRoot, ['show', `${sha}:package-lock.json`]) ===
    readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8').trim();
  if (sameLock) {
    log('[bench] same package-lock.json: lending this checkout’s node_modules');
    for (const folder of nodeModulesFolders(repoRoot)) {
      if (existsSync(path.dirname(path.join(worktree, folder)))) {
        linkPackages(path.join(repoRoot, folder), path.join(worktree, folder), repoRoot, worktree);
      }
    }
  } else {
    log('[bench] package-lock.json differs: npm ci in the worktree');
    await runLogged('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: worktree, env, cleanups });
  }
  log(`[bench] building ${sha.slice(0, 7)} (npm run build)`);
  await runLogged('npm', ['run', 'build'], { cwd: worktree, env, cleanups });
  return { sha, subject, root: worktree, clientDir: path.join(worktree, 'apps/web/dist/client') };
}

/** Removes the symlinks in a folder of lent packages (a scope folder holds links of its own). */
function unlinkLinks(full) {
  const stat = lstatSync(full, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isSymbolicLink()) rmSync(full);
  else if (stat.isDirectory() && path.basename(full).startsWith('@')) {
    for (const name of readdirSync(full)) unlinkLinks(path.join(full, name));
  }
}

/**
 * Starts a build's own server (`node apps/server/dist/server.js` in its checkout) the way
 * e2e/harness/server-process.ts starts this checkout's, and waits until GET /api/health answers 200.
 */
export async function startBuildServer({ root, port, env, cleanups }) {
  const baseUrl = `http://127.0.0.1:${port}`;
  const output = [];
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), APP_URL: baseUrl, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk) => {
    output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    output.splice(0, Math.max(0, output.length - KEPT_OUTPUT_LINES));
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  cleanups.add(() => child.exitCode === null && child.kill('SIGTERM'));

  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`The server of ${root} exited (code ${child.exitCode}).\n${output.join('\n')}`);
    }
    const healthy = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { baseUrl };
    if (Date.now() > deadline) {
      throw new Error(`The server of ${root} did not answer GET /api/health in time.\n${output.join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** The least a page can cost: a heading and a paragraph in the system font, no script, no style sheet, no image. */
const FLOOR_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="A static floor page for the benchmark." />
    <title>Floor</title>
  </head>
  <body>
    <h1>Websites, brands and training in Lagos</h1>
    <p>A page with a heading and a paragraph and nothing else: no script, no style sheet, no web font, no image. Its
      largest paint is the least any page of the site can cost on the same machine in the same minute.</p>
  </body>
</html>
`;

/** Serves the floor page on loopback (node:http, no compression, like a plain static file). */
export async function startFloorServer({ port, cleanups }) {
  const server = http.createServer((request, response) => {
    if (request.url !== '/') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    response.end(FLOOR_HTML);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  cleanups.add(() => server.close());
  return { url: `http://127.0.0.1:${port}/` };
}

export function median(values) {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const TOP_SCRIPTS = 6;
const TOP_TASKS = 8;

const shortUrl = (url, origin) =>
  url?.startsWith(origin) ? url.slice(origin.length) || '/' : (url ?? 'unattributable');

/**
 * What ran on the main thread, from one Lighthouse report: the long tasks in the order they started, marked when
 * they started before the first contentful paint, with the script each is attributed to; the scripts by main-thread
 * time; and the time by kind of work. Times are Lighthouse's simulated ones (4x slowed CPU), as in its report; a
 * task's start is simulated apart from FCP's, so "before FCP" is approximate near it.
 */
export function mainThreadSummary(lhr) {
  const origin = new URL(lhr.finalDisplayedUrl ?? lhr.requestedUrl).origin;
  const fcpMs = lhr.audits['first-contentful-paint']?.numericValue ?? 0;
  const items = (id) => lhr.audits[id]?.details?.items ?? [];
  const tasks = items('long-tasks').toSorted((a, b) => a.startTime - b.startTime);
  const afterPaint = tasks.filter((task) => task.startTime >= fcpMs);
  const ms = (value) => `${Math.round(value)} ms`;
  const total = (list) => ms(list.reduce((sum, task) => sum + task.duration, 0));
  return [
    `FCP ${ms(fcpMs)}, TBT ${ms(lhr.audits['total-blocking-time']?.numericValue ?? 0)}; ` +
      `long tasks: ${tasks.length}, ${total(tasks)}; starting after FCP: ${afterPaint.length}, ${total(afterPaint)}`,
    ...tasks
      .slice(0, TOP_TASKS)
      .map(
        (task) =>
          `  long task at ${ms(task.startTime)}${task.startTime < fcpMs ? ' (before FCP)' : ''}: ${ms(task.duration)}  ${shortUrl(task.url, origin)}`,
      ),
    'scripts by main-thread time (whole load; total = evaluation + parse/compile):',
    ...items('bootup-time')
      .slice(0, TOP_SCRIPTS)
      .map(
        (script) =>
          `  ${ms(script.total)} (evaluation ${ms(script.scripting)}, parse ${ms(script.scriptParseCompile)})  ${shortUrl(script.url, origin)}`,
      ),
    `main thread by kind (whole load): ${items('mainthread-work-breakdown')
      .map((group) => `${group.groupLabel ?? group.group} ${ms(group.duration)}`)
      .join(', ')}`,
  ];
}
