import { existsSync } from 'node:fs';
import { assertChromiumInstalled } from './browser';
import { ensureBuilt } from './build';
import { SERVER_ENTRY, WEB_ROUTES_MANIFEST } from './paths';

/**
 * Runs once before the browser test files: a missing browser fails the run (never skips it), and stale builds are
 * rebuilt. E2E_NO_BUILD=1 (for iterating on the tests alone) uses whatever build exists.
 */
export default function setup(): void {
  assertChromiumInstalled();
  if (process.env.E2E_NO_BUILD !== '1') return ensureBuilt();
  for (const output of [WEB_ROUTES_MANIFEST, SERVER_ENTRY]) {
    if (!existsSync(output)) throw new Error(`E2E_NO_BUILD=1 but ${output} is missing; build first.`);
  }
}
