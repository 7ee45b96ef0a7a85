import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// The same suite runs on SQLite and, when TEST_MYSQL_URL is set (always in CI), on MySQL/MariaDB.
// In CI a missing or unreachable TEST_MYSQL_URL fails the mysql project instead of skipping it.
export const runOnMysql = Boolean(process.env.TEST_MYSQL_URL) || process.env.CI === 'true';

const onDatabase = (name: string, database: 'sqlite' | 'mysql'): TestProjectInlineConfiguration => ({
  test: {
    name,
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // SQLite's files and MariaDB's answers wait on different things: with both suites in one group (the root
    // config), two files at a time keep both cores busy. Both projects must state the same count.
    maxWorkers: 2,
    env: { TEST_DB: database },
  },
});

/** The server's projects, here for `npx vitest run` in apps/server and in the root config for `npm test`. */
export const SERVER_PROJECTS = [
  onDatabase('server', 'sqlite'),
  ...(runOnMysql ? [onDatabase('server-mysql', 'mysql')] : []),
];

export default defineConfig({ test: { projects: SERVER_PROJECTS } });
