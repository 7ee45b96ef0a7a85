import { createFreshDatabase, testDatabaseKind } from '@agency/testing';
import { openDatabase, type DatabaseHandle } from '../lib/db';
import { migrateToLatest } from '../lib/migrate';

export interface TestDatabase extends DatabaseHandle {
  drop(): Promise<void>;
}

/**
 * A fresh database per test file, on SQLite or (in the server's mysql project) on TEST_MYSQL_URL's server, opened
 * the way the server opens its own and migrated.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const fresh = await createFreshDatabase(testDatabaseKind());
  const handle = openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: fresh.dataDir });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    async drop() {
      await handle.db.destroy();
      await fresh.drop();
    },
  };
}
