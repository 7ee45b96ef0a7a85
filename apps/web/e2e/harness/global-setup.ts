import { existsSync } from 'node:fs';
import { assertChromiumInstalled } from './browser';
import { ensureBuilt } from './build';
import { SERVER_ENTRY, WEB_ROUTES_MANIFEST } from './paths';

/**
 * Runs once before the browser test files: a missing browser fails the run (never skips it), and stale builds are
 * rebuilt. E2E_NO_BUILD=1 (for iterating on the tests alone) or E2E_BUILD_ROOT (see paths.ts) uses the build as it is.
 */
export default function setup(): void {
  assertChromiumInstalled();
  if (process.env.E2E_NO_BUILD !== '1' && !process.env.E2E_BUILD_ROOT) return ensureBuilt();
  for (const output of [WEB_ROUTES_MANIFEST, SERVER_ENTRY]) {
    if (!existsSync(output)) throw new Error(`${output} is missing; build first.`);
  }
}
