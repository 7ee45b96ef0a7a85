import path from 'node:path';
import { ConfigError, loadConfig } from '../../config/config';
import { openDatabase } from '../../lib/db';
import { createLogger } from '../../lib/logger';
import { BackupArchiveError } from './backup-archive';
import { RestoreRefusedError, restoreBackup } from './backup.service';

const USAGE = 'Usage: npm run restore -- <archive> [--replace]';

/**
 * `npm run restore -- <archive> [--replace]`: the archive into the database DATABASE_URL names (or DATA_DIR's
 * SQLite file), before the server starts.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const replace = args.some((arg) => arg === '--replace' || arg === '--force');
  const files = args.filter((arg) => !arg.startsWith('--'));
  const unknown = args.filter((arg) => arg.startsWith('--') && arg !== '--replace' && arg !== '--force');
  if (files.length !== 1 || unknown.length > 0) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  const { db, dialect } = openDatabase(config);
  try {
    const started = performance.now();
    const { manifest, migratedAfter, erasures, purged } = await restoreBackup({
      db,
      dataDir: config.dataDir,
      file: path.resolve(process.env.INIT_CWD ?? process.cwd(), files[0]!),
      replace,
      retentionDays: config.retentionDays,
      logger: createLogger('warn'),
    });
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    const purgedRecords = Object.values(purged).reduce((sum, count) => sum + count, 0);
    console.log(
      `Restored ${rows} rows of ${manifest.tables.length} tables and ${manifest.files.count} files from a ` +
        `${manifest.engine} backup of ${manifest.createdAt} into ${dialect} in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s` +
        (migratedAfter.length > 0 ? `, then applied ${migratedAfter.join(', ')}.` : '.'),
    );
    console.log(
      `Replayed ${erasures.replayed} erasure${erasures.replayed === 1 ? '' : 's'} done after the backup was taken ` +
        `(${erasures.records} record${erasures.records === 1 ? '' : 's'} erased again; read from ` +
        `${erasures.sources.length > 0 ? erasures.sources.join(' and ') : 'no erasure ledger and no replaced database'})` +
        `, then purged ${purgedRecords} record${purgedRecords === 1 ? '' : 's'} past their retention.`,
    );
    if (erasures.unreadable > 0) {
      console.warn(
        `Skipped ${erasures.unreadable} unreadable line${erasures.unreadable === 1 ? '' : 's'} of the erasure ` +
          'ledger (cut short while written, or edited): check the file.',
      );
    }
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  const known =
    error instanceof ConfigError || error instanceof BackupArchiveError || error instanceof RestoreRefusedError;
  console.error(known ? `Restore refused: ${(error as Error).message}` : `Restore failed: ${(error as Error).message}`);
  process.exit(1);
});
