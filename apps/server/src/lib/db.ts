import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, MysqlDialect, sql } from 'kysely';
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
  // A deleted row's bytes are overwritten with zeros, not left in free space: an erasure erases (issue 17, 0028).
  database.pragma('secure_delete = ON');
  // Several server processes may share the file; wait for a writer instead of failing at once.
  database.pragma('busy_timeout = 5000');
  // SQLite's own checkpoint (its default, said here): the COMMIT that takes the log past 1,000 pages (4 MB) copies it
  // into the database file, on the event loop's thread; 0032 has what that costs under load.
  database.pragma('wal_autocheckpoint = 1000');
  // Transactions that arrive together share one COMMIT, each still answered only once it is on disk (0025).
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

/** Attempts of the log's truncation after an erasure, and the pause between them. */
const TRUNCATE_ATTEMPTS = 100;
const TRUNCATE_PAUSE_MS = 50;
/** How long one attempt may wait for a reader or writer of another connection, on the event loop's thread. */
const TRUNCATE_BUSY_MS = 50;

/**
 * After an erasure on SQLite: copies the write-ahead log into the database file and truncates the log to zero bytes,
 * so the pages that held the erased rows before the erasure leave agency.sqlite-wal too (secure_delete has zeroed
 * them in the database file). TRUNCATE waits until no other connection (another server process on the same file, a
 * backup) reads an older snapshot; each attempt waits at most TRUNCATE_BUSY_MS on the event loop's thread,
 * and the attempts are spaced out, so a busy moment delays the erasure's answer, never the other requests. True when
 * the log was emptied (always on MySQL, which has no such file); false when readers kept it busy throughout.
 */
export async function truncateWriteAheadLog(db: Kysely<Database>): Promise<boolean> {
  if (driverOf(db).kind !== 'sqlite') return true;
  for (let attempt = 1; attempt <= TRUNCATE_ATTEMPTS; attempt += 1) {
    // One connection lease: a statement outside a transaction first commits the open group (0025), and nothing else
    // runs on the connection between the three pragmas.
    const busy = await db.connection().execute(async (connection) => {
      const timeout = await sql<{ timeout: number }>`pragma busy_timeout`.execute(connection);
      await sql.raw(`pragma busy_timeout = ${TRUNCATE_BUSY_MS}`).execute(connection);
      try {
        const result = await sql<{ busy: number }>`pragma wal_checkpoint(TRUNCATE)`.execute(connection);
        return result.rows[0]?.busy !== 0;
      } catch (error) {
        if ((error as { code?: unknown }).code === 'SQLITE_BUSY') return true;
        throw error;
      } finally {
        await sql.raw(`pragma busy_timeout = ${Number(timeout.rows[0]?.timeout ?? 5000)}`).execute(connection);
      }
    });
    if (!busy) return true;
    await new Promise((resolve) => setTimeout(resolve, TRUNCATE_PAUSE_MS));
  }
  return false;
}
