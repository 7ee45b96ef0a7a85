import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { runOnMysql } from '../vitest.config.js';

/**
 * Fault tests: real server processes on loopback, their database or mail server taken away, the process killed.
 * `npm test -- --project faults`. The MariaDB ones run under the same rule as the server-mysql project (TEST_MYSQL_URL
 * set, or CI=true), and then fail, never skip, when MariaDB is missing.
 */
export default defineConfig({
  test: {
    name: 'faults',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'node',
    include: ['*.test.ts'],
    exclude: [...configDefaults.exclude, ...(runOnMysql ? [] : ['database-down.test.ts', 'two-instances.test.ts'])],
    // Two cores are shared by everyone: one file at a time, each with its own servers.
    fileParallelism: false,
    // Each test sets its own bound, typically 2-5 times what it takes; together they stay under 4 minutes.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
  },
});
