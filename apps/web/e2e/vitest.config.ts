import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Real-browser tests: the built site served by the real server (see e2e/harness). `npx vitest run --config e2e/vitest.config.ts` */
export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('../src', import.meta.url)) },
  },
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'node',
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['./harness/global-setup.ts'],
    // Two cores are shared: one file at a time, each starting its own server and browser.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
