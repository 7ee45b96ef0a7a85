import { assertChromiumInstalled } from './browser';
import { ensureBuilt } from './build';

/** Runs once before every browser test file: a missing browser fails the run (never skips it), stale builds rebuild. */
export default function setup(): void {
  assertChromiumInstalled();
  ensureBuilt();
}
