import { ConfigError, loadConfig } from './config/config';
import { openDatabase } from './lib/db';
import { migrateToLatest } from './lib/migrate';

/** `npm run migrate`: applies pending migrations to the configured database and exits. */
async function main(): Promise<void> {
  const config = loadConfig();
  const { db, dialect } = openDatabase(config);
  try {
    const applied = await migrateToLatest(db);
    console.log(
      applied.length > 0 ? `Applied ${applied.join(', ')} (${dialect}).` : `The ${dialect} database is up to date.`,
    );
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : `Migration failed: ${(error as Error).message}`);
  process.exit(1);
});
