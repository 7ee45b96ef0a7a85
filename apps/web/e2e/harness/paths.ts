import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** Absolute paths the harness, the global setup and the benchmark agree on. */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const WEB_DIR = path.join(REPO_ROOT, 'apps/web');
export const SERVER_DIR = path.join(REPO_ROOT, 'apps/server');
export const SHARED_DIR = path.join(REPO_ROOT, 'packages/shared');

/**
 * Where the built server and web app are read from: this checkout, or with E2E_BUILD_ROOT a copy laid out the same
 * way (apps/server/dist + apps/web/dist/client), so the tests can run against a frozen build while the checkout is
 * being rebuilt. With E2E_BUILD_ROOT nothing is built.
 */
export const BUILD_ROOT = process.env.E2E_BUILD_ROOT ? path.resolve(process.env.E2E_BUILD_ROOT) : REPO_ROOT;
export const WEB_CLIENT_DIR = path.join(BUILD_ROOT, 'apps/web/dist/client');
export const WEB_ROUTES_MANIFEST = path.join(WEB_CLIENT_DIR, 'routes-manifest.json');
export const SERVER_ENTRY = path.join(BUILD_ROOT, 'apps/server/dist/server.js');
