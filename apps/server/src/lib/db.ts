import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, MysqlDialect, SqliteDialect } from 'kysely';
import { createPool } from 'mysql2';
import type { Database } from './database-schema';

export type DialectName = 'sqlite' | 'mysql';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
}

export const SQLITE_FILE_NAME = 'agency.sqlite';

export function openSqlite(file: string): DatabaseHandle {
  mkdirSync(path.dirname(file), { recursive: true });
  const database = new SqliteDatabase(file);
  database.pragma('journal_mode = WAL');
  // FULL: a submission is only answered once it is on disk, even across a power cut.
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  // Several server processes may share the file; wait for a writer instead of failing at once.
  database.pragma('busy_timeout = 5000');
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database }) }), dialect: 'sqlite' };
}

export function openMysql(url: string): DatabaseHandle {
  const pool = createPool({
    uri: url.replace(/^mariadb:/, 'mysql:'),
    charset: 'utf8mb4_unicode_ci',
    timezone: 'Z',
    connectionLimit: 10,
    connectTimeout: 10_000,
  });
  return { db: new Kysely<Database>({ dialect: new MysqlDialect({ pool }) }), dialect: 'mysql' };
}

/** SQLite file in DATA_DIR unless DATABASE_URL names a MySQL or MariaDB server. */
export function openDatabase(options: { databaseUrl: string | undefined; dataDir: string }): DatabaseHandle {
  return options.databaseUrl
    ? openMysql(options.databaseUrl)
    : openSqlite(path.join(options.dataDir, SQLITE_FILE_NAME));
}
