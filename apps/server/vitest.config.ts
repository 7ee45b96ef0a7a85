import { defineConfig } from 'vitest/config';

// The same suite runs on SQLite and, when TEST_MYSQL_URL is set (always in CI), on MySQL/MariaDB.
// In CI a missing or unreachable TEST_MYSQL_URL fails the mysql project instead of skipping it.
const runOnMysql = Boolean(process.env.TEST_MYSQL_URL) || process.env.CI === 'true';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'sqlite', env: { TEST_DB: 'sqlite' } } },
      ...(runOnMysql ? [{ extends: true as const, test: { name: 'mysql', env: { TEST_DB: 'mysql' } } }] : []),
    ],
  },
});
