import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * apps/server, found from this module whether it runs from src/ (tsx, vitest) or from the
 * dist/ bundle: the nearest folder above holding a package.json.
 */
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('apps/server/package.json not found above the server code');
    dir = parent;
  }
  return dir;
}

export const SERVER_ROOT = findServerRoot();
export const DEFAULT_AVATAR_FILE = path.join(SERVER_ROOT, 'assets', 'default-avatar.png');
export const DEFAULT_WEB_ROOT = path.resolve(SERVER_ROOT, '..', 'web', 'dist', 'client');

export function profileImagesDir(dataDir: string): string {
  return path.join(dataDir, 'uploads', 'profile_images');
}

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

/** BACKUP_DIR, or DATA_DIR/backups: where the archives and the erasure ledger are kept (docs/decisions/0049). */
export function defaultBackupDir(dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  return env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : path.join(dataDir, 'backups');
}
