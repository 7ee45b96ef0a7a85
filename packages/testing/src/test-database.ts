import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';

export type DatabaseKind = 'sqlite' | 'mysql';

/**
 * A fresh, empty database for one test file or one browser-test server, described the way the server is configured:
 * a DATA_DIR (where it keeps its SQLite file) and, for MySQL/MariaDB, a DATABASE_URL. Whoever opens it migrates it.
 */
export interface FreshDatabase {
  kind: DatabaseKind;
  dataDir: string;
  /** DATABASE_URL for MySQL/MariaDB; undefined for SQLite, so the server uses the file in dataDir. */
  databaseUrl: string | undefined;
  /** Runs SQL (with `?` placeholders) on the database, beside whoever else has it open. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Closes the query connection, drops the MySQL database and removes dataDir if this created it. */
  drop(): Promise<void>;
}

export interface FreshDatabaseOptions {
  /** The server's DATA_DIR, owned by the caller; without it a temporary one is made and removed by drop(). */
  dataDir?: string;
}

/** The kind the current test project runs on: TEST_DB=mysql (set by the server's mysql project) or SQLite. */
export function testDatabaseKind(): DatabaseKind {
  return process.env.TEST_DB === 'mysql' ? 'mysql' : 'sqlite';
}

function testMysqlUrl(): URL {
  const url = process.env.TEST_MYSQL_URL;
  if (!url) {
    throw new Error(
      'TEST_MYSQL_URL is not set, but a MySQL test runs (CI=true). Set it, e.g. mysql://root@127.0.0.1:3306/test',
    );
  }
  return new URL(url);
}

const SQLITE_FILE = /\.(sqlite3?|db)$/i;

/**
 * The server owns the SQLite file name inside DATA_DIR; the tests find it instead of repeating it, so a rename on
 * the server side does not break them.
 */
function findSqliteFile(dataDir: string): string {
  const candidates = readdirSync(dataDir).filter((name) => SQLITE_FILE.test(name));
  const file = candidates[0];
  if (candidates.length !== 1 || !file) {
    throw new Error(`Expected exactly one SQLite file in ${dataDir}, found: ${candidates.join(', ') || 'none'}.`);
  }
  return path.join(dataDir, file);
}

function sqliteQueries(dataDir: string): Pick<FreshDatabase, 'query'> & { close(): void } {
  let connection: Database.Database | undefined;
  const open = () => {
    if (!connection) {
      connection = new Database(findSqliteFile(dataDir), { fileMustExist: true });
      connection.pragma('busy_timeout = 5000');
    }
    return connection;
  };
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      const statement = open().prepare(sql);
      if (statement.reader) return statement.all(...params) as T[];
      statement.run(...params);
      return [];
    },
    close() {
      connection?.close();
      connection = undefined;
    },
  };
}

/** A new database on the server of TEST_MYSQL_URL, and the way to drop it again. */
async function createMysqlDatabase() {
  const serverUrl = testMysqlUrl();
  const name = `rd_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const adminUrl = new URL(serverUrl);
  adminUrl.pathname = '/';
  const admin = () =>
    mysql.createConnection({ uri: adminUrl.toString(), connectTimeout: 5_000 }).catch((error: Error) => {
      throw new Error(`MariaDB/MySQL at ${serverUrl.host} is unreachable for the tests (${error.message}).`, {
        cause: error,
      });
    });

  const creator = await admin();
  await creator.query(`create database \`${name}\` character set utf8mb4 collate utf8mb4_unicode_ci`);
  await creator.end();

  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${name}`;
  let connection: mysql.Connection | undefined;
  return {
    databaseUrl: databaseUrl.toString(),
    async query<T>(sql: string, params: unknown[] = []) {
      connection ??= await mysql.createConnection({ uri: databaseUrl.toString() });
      const [rows] = await connection.query(sql, params);
      return Array.isArray(rows) ? (rows as T[]) : [];
    },
    async drop() {
      await connection?.end();
      const dropper = await admin();
      await dropper.query(`drop database if exists \`${name}\``);
      await dropper.end();
    },
  };
}

export async function createFreshDatabase(
  kind: DatabaseKind,
  options: FreshDatabaseOptions = {},
): Promise<FreshDatabase> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'rd-test-data-'));
  const removeDataDir = () => {
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  if (kind === 'mysql') {
    const database = await createMysqlDatabase().catch((error: unknown) => {
      removeDataDir();
      throw error;
    });
    return {
      kind,
      dataDir,
      databaseUrl: database.databaseUrl,
      query: database.query,
      async drop() {
        await database.drop();
        removeDataDir();
      },
    };
  }

  const sqlite = sqliteQueries(dataDir);
  return {
    kind,
    dataDir,
    databaseUrl: undefined,
    query: sqlite.query,
    async drop() {
      sqlite.close();
      removeDataDir();
    },
  };
}
