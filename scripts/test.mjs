#!/usr/bin/env node
// `npm test`: every vitest suite of the monorepo in turn, then one line with the totals: `N passed, N failed`.
// A suite that cannot load, errors outside a test or does not run at all counts as a failure, never as "0 failed".
// `node scripts/test.mjs server e2e` runs only the suites whose name contains one of the words.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const IN_CI = process.env.CI === 'true';

const SUITES = [
  { name: 'packages/shared', dir: 'packages/shared', args: [] },
  { name: 'apps/server', dir: 'apps/server', args: [] },
  { name: 'apps/web components', dir: 'apps/web', args: [] },
  { name: 'apps/web browser (e2e)', dir: 'apps/web', args: ['--config', 'e2e/vitest.config.ts'] },
];

/** Problems that fail the run before any suite starts, because CI must not silently test less. */
function preconditionProblems() {
  const problems = [];
  if (IN_CI && !process.env.TEST_MYSQL_URL) {
    problems.push('CI=true but TEST_MYSQL_URL is not set: the MariaDB runs would be skipped.');
  }
  if (IN_CI && !existsSync('/usr/bin/chromium')) {
    problems.push('CI=true but /usr/bin/chromium is missing: the browser tests cannot run.');
  }
  return problems;
}

/** Reads vitest's JSON report; a test file that failed to load has no assertion results and counts as one failure. */
function countsFromReport(reportPath) {
  if (!existsSync(reportPath)) return undefined;
  const report = JSON.parse(readFileSync(reportPath, 'utf8'));
  const filesThatFailedToLoad = (report.testResults ?? []).filter(
    (file) => file.status === 'failed' && (file.assertionResults ?? []).length === 0,
  ).length;
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + filesThatFailedToLoad,
    total: report.numTotalTests ?? 0,
  };
}

function runSuite(suite, reportDir) {
  const reportPath = path.join(reportDir, `${suite.name.replace(/[^a-z0-9]+/gi, '-')}.json`);
  console.log(`\n=== ${suite.name} ===`);
  const started = Date.now();
  const result = spawnSync(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${reportPath}`, ...suite.args],
    { cwd: path.join(REPO_ROOT, suite.dir), stdio: 'inherit', env: process.env },
  );
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const counts = countsFromReport(reportPath);

  if (!counts || counts.total === 0) {
    return {
      ...suite,
      passed: counts?.passed ?? 0,
      failed: 1,
      seconds,
      note: 'did not run (no test report or no tests)',
    };
  }
  if (result.status !== 0 && counts.failed === 0) {
    // vitest failed outside any test (an unhandled error, a global setup or teardown).
    return { ...suite, ...counts, failed: 1, seconds, note: `exit code ${result.status} with no failed test` };
  }
  return { ...suite, ...counts, seconds, note: result.status === 0 ? '' : `exit code ${result.status}` };
}

function main() {
  const problems = preconditionProblems();
  for (const problem of problems) console.error(`test.mjs: ${problem}`);

  const reportDir = mkdtempSync(path.join(os.tmpdir(), 'agency-test-reports-'));
  const results = [];
  try {
    const filters = process.argv.slice(2);
    const chosen = SUITES.filter((suite) => filters.length === 0 || filters.some((word) => suite.name.includes(word)));
    if (chosen.length === 0) problems.push(`no suite matches ${filters.join(', ')}`);
    for (const suite of chosen) results.push(runSuite(suite, reportDir));
  } finally {
    rmSync(reportDir, { recursive: true, force: true });
  }

  const passed = results.reduce((sum, suite) => sum + suite.passed, 0);
  const failed = results.reduce((sum, suite) => sum + suite.failed, 0) + problems.length;

  console.log('\nsuite                       passed  failed   time');
  for (const suite of results) {
    console.log(
      `${suite.name.padEnd(26)} ${String(suite.passed).padStart(7)} ${String(suite.failed).padStart(7)} ${`${suite.seconds}s`.padStart(7)}${suite.note ? `  ${suite.note}` : ''}`,
    );
  }
  for (const problem of problems) console.log(`precondition failed: ${problem}`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = failed > 0 ? 1 : 0;
}

main();
