import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createConnection } from 'mysql2/promise';
import { openMysql, openSqlite, type DatabaseHandle } from '../lib/db';
import { migrateToLatest } from '../lib/migrate';

export interface TestDatabase extends DatabaseHandle {
  drop(): Promise<void>;
}

function mysqlUrlOrFail(): string {
  const url = process.env.TEST_MYSQL_URL;
  if (!url) {
    throw new Error(
      'TEST_MYSQL_URL is not set, but the mysql test project runs (CI=true). Set it, e.g. mysql://root@127.0.0.1:3306/test',
    );
  }
  return url;
}

/** A fresh, migrated database per test file: a new SQLite file, or a new database on the MySQL server. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DB === 'mysql') {
    const serverUrl = new URL(mysqlUrlOrFail());
    const name = `rd_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = await createConnection({ uri: serverUrl.toString(), connectTimeout: 5_000 });
    await admin.query(`create database \`${name}\` character set utf8mb4 collate utf8mb4_unicode_ci`);
    await admin.end();
    const url = new URL(serverUrl.toString());
    url.pathname = `/${name}`;
    const handle = openMysql(url.toString());
    await migrateToLatest(handle.db);
    return {
      ...handle,
      async drop() {
        await handle.db.destroy();
        const cleanup = await createConnection({ uri: serverUrl.toString() });
        await cleanup.query(`drop database if exists \`${name}\``);
        await cleanup.end();
      },
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'rd-sqlite-'));
  const handle = openSqlite(path.join(dir, 'test.sqlite'));
  await migrateToLatest(handle.db);
  return {
    ...handle,
    async drop() {
      await handle.db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
