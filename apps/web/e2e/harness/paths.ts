import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** Absolute paths the harness, the global setup and the benchmark agree on. */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const WEB_DIR = path.join(REPO_ROOT, 'apps/web');
export const SERVER_DIR = path.join(REPO_ROOT, 'apps/server');
export const SHARED_DIR = path.join(REPO_ROOT, 'packages/shared');
export const WEB_CLIENT_DIR = path.join(WEB_DIR, 'dist/client');
export const WEB_ROUTES_MANIFEST = path.join(WEB_CLIENT_DIR, 'routes-manifest.json');
export const SERVER_ENTRY = path.join(SERVER_DIR, 'dist/server.js');
