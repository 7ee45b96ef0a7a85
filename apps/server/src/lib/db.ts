import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, MysqlDialect } from 'kysely';
import { createPool, type Pool } from 'mysql2';
import type { Database } from './database-schema';
import { GroupCommitSqliteDialect } from './sqlite-group-commit';

export type DialectName = 'sqlite' | 'mysql';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
}

export const SQLITE_FILE_NAME = 'agency.sqlite';

/** The driver under a Kysely instance, for a library that speaks to it directly (the rate limiter, 0014). */
export type DriverHandle =
  { kind: 'sqlite'; database: SqliteDatabase.Database } | { kind: 'mysql'; pool: Pool; databaseName: string };

// Keyed by the Kysely instance, so whoever holds `db` (every AppDeps) can reach its driver without another field.
const drivers = new WeakMap<Kysely<Database>, DriverHandle>();

export function driverOf(db: Kysely<Database>): DriverHandle {
  const driver = drivers.get(db);
  if (!driver) throw new Error('This Kysely instance was not opened by lib/db.ts');
  return driver;
}

export function openSqlite(file: string): DatabaseHandle {
  mkdirSync(path.dirname(file), { recursive: true });
  const database = new SqliteDatabase(file);
  database.pragma('journal_mode = WAL');
  // FULL: a submission is only answered once it is on disk, even across a power cut.
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  // Several server processes may share the file; wait for a writer instead of failing at once.
  database.pragma('busy_timeout = 5000');
  // Transactions that arrive together share one COMMIT, each still answered only once it is on disk (0024).
  const db = new Kysely<Database>({ dialect: new GroupCommitSqliteDialect(database) });
  drivers.set(db, { kind: 'sqlite', database });
  return { db, dialect: 'sqlite' };
}

export function openMysql(url: string): DatabaseHandle {
  const pool = createPool({
    uri: url.replace(/^mariadb:/, 'mysql:'),
    charset: 'utf8mb4_unicode_ci',
    timezone: 'Z',
    connectionLimit: 10,
    // A reachable server shakes hands in milliseconds. One that accepts and never answers (hung, or a proxy before
    // a dead one) must fail a request in time for its 503 to come within 5 s (issue 9), not after mysql2's 10 s.
    connectTimeout: 3_000,
  });
  const db = new Kysely<Database>({ dialect: new MysqlDialect({ pool }) });
  drivers.set(db, { kind: 'mysql', pool, databaseName: decodeURIComponent(new URL(url).pathname.slice(1)) });
  return { db, dialect: 'mysql' };
}

/** SQLite file in DATA_DIR unless DATABASE_URL names a MySQL or MariaDB server. */
export function openDatabase(options: { databaseUrl: string | undefined; dataDir: string }): DatabaseHandle {
  return options.databaseUrl
    ? openMysql(options.databaseUrl)
    : openSqlite(path.join(options.dataDir, SQLITE_FILE_NAME));
}
