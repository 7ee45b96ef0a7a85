import path from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { SERVER_PROJECTS } from './apps/server/vitest.config.ts';

/**
 * `npm test`: every suite of the monorepo as one vitest run, ending with the line CI reads, `N passed, N failed`.
 * `npm test -- --project server` runs one project (shared, server, server-mysql, faults, web, e2e;
 * `--project 'server*'` for both databases). The groups run one after another, as listed: two cores are shared, and the
 * browser tests time real pages. The two server suites form one group, two files at a time (SQLite keeps a core busy
 * while MariaDB's answers are awaited). The e2e project's global setup (the build) runs only when it is selected.
 */
type Project = string | TestProjectInlineConfiguration;

const inGroup = (project: Project, groupOrder: number): TestProjectInlineConfiguration =>
  typeof project === 'string'
    ? { extends: project, test: { root: path.dirname(project), sequence: { groupOrder } } }
    : { ...project, test: { ...project.test, sequence: { groupOrder } } };

/** Each entry is a group run after the one before; the projects of one group share its workers. */
const inOrder = (groups: Project[][]): TestProjectInlineConfiguration[] =>
  groups.flatMap((group, groupOrder) => group.map((project) => inGroup(project, groupOrder)));

export default defineConfig({
  test: {
    projects: inOrder([
      ['packages/shared/vitest.config.ts'],
      SERVER_PROJECTS,
      ['apps/server/faults/vitest.config.ts'],
      ['apps/web/vite.config.ts'],
      ['apps/web/e2e/vitest.config.ts'],
    ]),
    reporters: ['default', '@agency/testing/summary-reporter'],
  },
});
