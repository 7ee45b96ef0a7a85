import path from 'node:path';
import { ConfigError, loadConfig } from '../../config/config';
import { openDatabase } from '../../lib/db';
import { defaultBackupDir } from '../../lib/paths';
import { createBackup } from './backup.service';

/** `npm run backup [-- <file or folder>]`: one archive of the configured database, taken while the server serves. */
async function main(): Promise<void> {
  const config = loadConfig();
  const target = process.argv[2]
    ? path.resolve(process.env.INIT_CWD ?? process.cwd(), process.argv[2])
    : defaultBackupDir(config.dataDir);
  const { db, dialect } = openDatabase(config);
  try {
    const started = performance.now();
    const { file, bytes, manifest } = await createBackup({ db, dataDir: config.dataDir, target });
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `Backed up ${rows} rows of ${manifest.tables.length} tables and ${manifest.files.count} files (${dialect}, ` +
        `migration ${manifest.migration}) in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
        `${file} (${(bytes / 1024 / 1024).toFixed(2)} MB).`,
    );
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : `Backup failed: ${(error as Error).message}`);
  process.exit(1);
});
