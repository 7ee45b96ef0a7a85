import { existsSync } from 'node:fs';
import type { Reporter, SerializedError, TestModule, TestSpecification, Vitest } from 'vitest/node';

/** The browser the e2e project drives; no tool downloads one on this machine. */
const CHROMIUM_PATH = '/usr/bin/chromium';

/** Problems that fail a CI run before any test starts, because CI must not silently test less. */
function preconditionProblems(): string[] {
  if (process.env.CI !== 'true') return [];
  const problems: string[] = [];
  if (!process.env.TEST_MYSQL_URL) problems.push('CI=true but TEST_MYSQL_URL is not set: the MariaDB runs would fail.');
  if (!existsSync(CHROMIUM_PATH)) {
    problems.push(`CI=true but ${CHROMIUM_PATH} is missing: the browser tests cannot run.`);
  }
  return problems;
}

interface ProjectCount {
  passed: number;
  failed: number;
  seconds: number;
  notes: string[];
}

/**
 * Ends `npm test` with one line, `N passed, N failed`, the line CI reads (.ci/run). Counted as failed besides failed
 * tests: a test file that failed outside its tests (did not load, a hook threw) or never ran (a global setup threw),
 * an error outside any test, a selected project without test files, a run with nothing to run, a CI precondition.
 * The line is written when the process exits, so it stays the last line even when vitest reports an error after the
 * run, and a crash before the end still prints `0 passed, 1 failed`.
 */
export default class SummaryReporter implements Reporter {
  private vitest: Vitest | undefined;
  private readonly problems = preconditionProblems();
  private summary: { passed: number; failed: number } | undefined;
  private specifications: ReadonlyArray<TestSpecification> = [];

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
    for (const problem of this.problems) vitest.logger.error(`precondition failed: ${problem}`);
    process.once('exit', () => {
      const { passed, failed } = this.summary ?? { passed: 0, failed: 1 };
      const total = { passed, failed: failed + this.problems.length };
      process.stdout.write(`${total.passed} passed, ${total.failed} failed\n`);
      if (total.failed > 0) process.exitCode = 1;
    });
  }

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    this.specifications = specifications;
  }

  async onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
  ): Promise<void> {
    const projects = new Map<string, ProjectCount>();
    const countOf = (name: string) => {
      let count = projects.get(name);
      if (!count) projects.set(name, (count = { passed: 0, failed: 0, seconds: 0, notes: [] }));
      return count;
    };
    const failRun = (name: string, note: string) => {
      countOf(name).failed += 1;
      countOf(name).notes.push(note);
    };

    // A file filter may leave a project out of this run; a project without any test file is a broken config.
    const allSpecifications = (await this.vitest?.globTestSpecifications()) ?? [];
    // The table lists the projects in the order they ran.
    const runOrder = [...(this.vitest?.projects ?? [])].sort(
      (first, second) => first.config.sequence.groupOrder - second.config.sequence.groupOrder,
    );
    for (const project of runOrder) countOf(project.name);
    for (const project of runOrder) {
      if (!allSpecifications.some((specification) => specification.project.name === project.name)) {
        failRun(project.name, `project ${project.name} has no test file`);
      }
    }
    if (this.specifications.length === 0) failRun('(none)', 'no test file was selected');

    const reported = new Set(testModules.map((testModule) => `${testModule.project.name} ${testModule.moduleId}`));
    for (const { project, moduleId } of this.specifications) {
      if (!reported.has(`${project.name} ${moduleId}`)) failRun(project.name, `${moduleId} did not run`);
    }

    for (const testModule of testModules) {
      const count = countOf(testModule.project.name);
      let failedTests = 0;
      for (const test of testModule.children.allTests()) {
        const { state } = test.result();
        if (state === 'passed') count.passed += 1;
        if (state === 'failed') failedTests += 1;
      }
      count.failed += failedTests;
      count.seconds += (testModule.diagnostic().duration ?? 0) / 1000;
      const state = testModule.state();
      if (state === 'failed' && failedTests === 0) {
        failRun(testModule.project.name, `${testModule.relativeModuleId} failed outside its tests`);
      } else if (state === 'queued' || state === 'pending') {
        failRun(testModule.project.name, `${testModule.relativeModuleId} did not finish`);
      }
    }

    const lines = ['', 'project            passed  failed    time'];
    for (const [name, count] of projects) {
      const time = `${count.seconds.toFixed(1)}s`;
      lines.push(
        `${name.padEnd(16)} ${String(count.passed).padStart(8)} ${String(count.failed).padStart(7)} ${time.padStart(7)}`,
      );
      lines.push(...count.notes.map((note) => `  ${note}`));
    }
    if (unhandledErrors.length > 0) lines.push(`${unhandledErrors.length} error(s) outside any test`);
    process.stdout.write(`${lines.join('\n')}\n`);

    const all = [...projects.values()];
    this.summary = {
      passed: all.reduce((sum, count) => sum + count.passed, 0),
      failed: all.reduce((sum, count) => sum + count.failed, 0) + unhandledErrors.length,
    };
  }
}
