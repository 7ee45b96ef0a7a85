import { createFreshDatabase, type DatabaseKind, type FreshDatabase } from '@agency/testing';
import { openDatabase, type DatabaseHandle } from '../lib/db';

/**
 * New, empty databases for a restore to fill (not migrated: the restore migrates them), opened the way the server
 * opens one; `closeAll` closes and drops every one it opened, for a suite's afterAll.
 */
export function emptyDatabases() {
  const opened: Array<{ handle: DatabaseHandle; fresh: FreshDatabase }> = [];
  return {
    async open(kind: DatabaseKind): Promise<DatabaseHandle & { dataDir: string }> {
      const fresh = await createFreshDatabase(kind);
      const handle = openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: fresh.dataDir });
      opened.push({ handle, fresh });
      return { ...handle, dataDir: fresh.dataDir };
    },
    async closeAll(): Promise<void> {
      for (const { handle, fresh } of opened.splice(0)) {
        await handle.db.destroy();
        await fresh.drop();
      }
    },
  };
}
