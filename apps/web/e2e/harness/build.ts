import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, SERVER_DIR, SERVER_ENTRY, SHARED_DIR, WEB_DIR, WEB_ROUTES_MANIFEST } from './paths';

/** Folders that are not inputs of a build: outputs, dependencies, tests and the benchmark. */
const NOT_BUILD_INPUTS = new Set(['dist', 'node_modules', 'data', 'e2e', 'bench', 'test', 'coverage']);
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;

function newestInputTime(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (NOT_BUILD_INPUTS.has(entry.name)) continue;
    const fullPath = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestInputTime(fullPath));
    else if (entry.isFile() && !TEST_FILE.test(entry.name)) newest = Math.max(newest, statSync(fullPath).mtimeMs);
  }
  return newest;
}

interface BuildTarget {
  workspace: string;
  output: string;
  inputs: string[];
}

const TARGETS: BuildTarget[] = [
  { workspace: 'apps/web', output: WEB_ROUTES_MANIFEST, inputs: [WEB_DIR, path.join(SHARED_DIR, 'src')] },
  { workspace: 'apps/server', output: SERVER_ENTRY, inputs: [SERVER_DIR, path.join(SHARED_DIR, 'src')] },
];

export function isBuildStale(target: BuildTarget): boolean {
  if (!existsSync(target.output)) return true;
  const builtAt = statSync(target.output).mtimeMs;
  return target.inputs.some((input) => newestInputTime(input) > builtAt);
}

const BUILD_LOCK = path.join(os.tmpdir(), `agency-e2e-build-${Buffer.from(REPO_ROOT).toString('hex').slice(-16)}.lock`);
const LOCK_WAIT_MS = 10 * 60_000;

/**
 * Several test runs may start at once (one per engineer or CI job on the same checkout); two builds writing the same
 * dist folder would leave it half-written, so builds take turns through a lock directory (mkdir is atomic).
 */
function withBuildLock(log: (line: string) => void, build: () => void): void {
  const started = Date.now();
  let announced = false;
  for (;;) {
    try {
      mkdirSync(BUILD_LOCK);
      writeFileSync(path.join(BUILD_LOCK, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const lockedAt = statSync(BUILD_LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
      if (Date.now() - lockedAt > LOCK_WAIT_MS) rmSync(BUILD_LOCK, { recursive: true, force: true });
      if (Date.now() - started > LOCK_WAIT_MS) {
        throw new Error(`Waited too long for the build lock ${BUILD_LOCK}.`, { cause: error });
      }
      if (!announced) log(`[e2e] another run is building; waiting for ${BUILD_LOCK}`);
      announced = true;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1_000);
    }
  }
  try {
    build();
  } finally {
    rmSync(BUILD_LOCK, { recursive: true, force: true });
  }
}

/**
 * The environment of a build started from a test run: vitest sets NODE_ENV=test, and Vite would then bundle React's
 * development build (144 KB gzip instead of 82 KB), so the browser tests and the benchmark would not see what ships.
 */
const BUILD_ENV = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV'));

/** Builds the web app and the server when their output is missing or older than their sources. */
export function ensureBuilt(log: (line: string) => void = console.log): void {
  if (!TARGETS.some(isBuildStale)) return;
  withBuildLock(log, () => {
    // Checked again under the lock: the run we waited for may have built everything already.
    for (const target of TARGETS) {
      if (!isBuildStale(target)) continue;
      log(`[e2e] building ${target.workspace} (output missing or older than its sources)`);
      const result = spawnSync('npm', ['run', 'build', '-w', target.workspace], {
        cwd: REPO_ROOT,
        stdio: 'inherit',
        env: BUILD_ENV,
      });
      if (result.status !== 0) throw new Error(`npm run build -w ${target.workspace} failed (exit ${result.status}).`);
      if (!existsSync(target.output)) {
        throw new Error(`npm run build -w ${target.workspace} succeeded but did not produce ${target.output}.`);
      }
    }
  });
}
