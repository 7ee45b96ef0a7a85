import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';

export type DatabaseKind = 'sqlite' | 'mysql';

export interface TestDatabase {
  /** Extra environment for the server process (DATABASE_URL for MySQL; nothing for SQLite). */
  env: Record<string, string>;
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** The MariaDB of the CI machine; `.ci/run` sets TEST_MYSQL_URL to the same. */
export const DEFAULT_TEST_MYSQL_URL = 'mysql://root@127.0.0.1:3306/test';

const SQLITE_FILE = /\.(sqlite3?|db)$/i;

/**
 * The server owns the SQLite file name inside DATA_DIR; the harness finds it instead of guessing it, so a rename on
 * the server side does not break the browser tests.
 */
function findSqliteFile(dataDir: string): string {
  const candidates = readdirSync(dataDir).filter((name) => SQLITE_FILE.test(name));
  const file = candidates[0];
  if (candidates.length !== 1 || !file) {
    throw new Error(`Expected exactly one SQLite file in ${dataDir}, found: ${candidates.join(', ') || 'none'}.`);
  }
  return path.join(dataDir, file);
}

function createSqliteDatabase(dataDir: string): TestDatabase {
  let connection: Database.Database | undefined;
  const open = () => {
    connection ??= new Database(findSqliteFile(dataDir), { fileMustExist: true });
    connection.pragma('busy_timeout = 5000');
    return connection;
  };
  return {
    env: {},
    async query<T>(sql: string, params: unknown[] = []) {
      const statement = open().prepare(sql);
      if (statement.reader) return statement.all(...params) as T[];
      statement.run(...params);
      return [];
    },
    async close() {
      connection?.close();
      connection = undefined;
    },
  };
}

/** A fresh database per harness on the MariaDB/MySQL server of TEST_MYSQL_URL, dropped on close. */
async function createMysqlDatabase(): Promise<TestDatabase> {
  const serverUrl = new URL(process.env.TEST_MYSQL_URL || DEFAULT_TEST_MYSQL_URL);
  const databaseName = `e2e_${randomBytes(6).toString('hex')}`;
  const adminUrl = new URL(serverUrl);
  adminUrl.pathname = '/';

  let admin: mysql.Connection;
  try {
    admin = await mysql.createConnection({ uri: adminUrl.toString(), connectTimeout: 5_000 });
  } catch (error) {
    throw new Error(
      `MariaDB/MySQL at ${serverUrl.host} is unreachable for the browser tests (${(error as Error).message}).`,
      { cause: error },
    );
  }
  await admin.query(`CREATE DATABASE \`${databaseName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();

  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${databaseName}`;
  const connection = await mysql.createConnection({ uri: databaseUrl.toString(), dateStrings: false });

  return {
    env: { DATABASE_URL: databaseUrl.toString() },
    async query<T>(sql: string, params: unknown[] = []) {
      const [rows] = await connection.query(sql, params);
      return Array.isArray(rows) ? (rows as T[]) : [];
    },
    async close() {
      await connection.query(`DROP DATABASE IF EXISTS \`${databaseName}\``);
      await connection.end();
    },
  };
}

export async function createTestDatabase(kind: DatabaseKind, dataDir: string): Promise<TestDatabase> {
  return kind === 'mysql' ? createMysqlDatabase() : createSqliteDatabase(dataDir);
}
