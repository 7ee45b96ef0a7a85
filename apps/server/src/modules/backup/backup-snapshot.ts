import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import type { Pool, PoolConnection } from 'mysql2';
import type { Database } from '../../lib/database-schema';
import { driverOf } from '../../lib/db';
import type { ArchiveTable, ColumnKind } from './backup-archive';

/** Kysely's own bookkeeping: the migration level is recorded in the header instead of as rows. */
export const MIGRATION_TABLES = /^kysely_migration/;

/** One consistent view of the whole database, however much is written meanwhile. */
export interface Snapshot {
  engine: 'sqlite' | 'mysql';
  /** The latest migration applied; empty when none is. */
  migration: string;
  /** Every table but Kysely's, parents before the tables that refer to them. */
  tables: ArchiveTable[];
  /** A table's rows, in primary-key order, each as its values in the order of the table's columns. */
  rows(table: ArchiveTable): AsyncIterable<unknown[]>;
  /** Each auto-increment table's next id as the source's own sequence has it (ids of deleted rows stay used). */
  sequences(): Promise<Map<string, number>>;
}

/** Runs `read` on a snapshot of the database: SQLite's online backup, or one MySQL consistent-snapshot transaction. */
export async function withSnapshot<T>(db: Kysely<Database>, read: (snapshot: Snapshot) => Promise<T>): Promise<T> {
  const driver = driverOf(db);
  if (driver.kind === 'sqlite') return withSqliteSnapshot(driver.database.name, read);
  // Kysely ends the pool on destroy() only once it has used it itself: a backup-only process would never exit.
  await sql`select 1`.execute(db);
  return withMysqlSnapshot(driver.pool, read);
}

/** Parents before children (by foreign keys), otherwise by name; a cycle's tables follow by name. */
export function parentsFirst(names: string[], references: Array<{ table: string; parent: string }>): string[] {
  const pending = new Set([...names].sort());
  const ordered: string[] = [];
  while (pending.size > 0) {
    const ready = [...pending].find((name) =>
      references.every((ref) => ref.table !== name || ref.parent === name || !pending.has(ref.parent)),
    );
    const next = ready ?? [...pending][0]!;
    ordered.push(next);
    pending.delete(next);
  }
  return ordered;
}

function sqliteKind(type: string): ColumnKind {
  const upper = type.toUpperCase();
  if (upper.includes('INT')) return 'integer';
  if (upper.includes('BLOB')) return 'blob';
  if (/REAL|FLOA|DOUB|NUMERIC|DECIMAL/.test(upper)) return 'real';
  return 'text';
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * SQLite's online backup API copies the pages into a temporary file from a connection of its own (never the
 * server's, whose open group transaction must not leak into the copy); WAL lets the server write meanwhile, and a
 * write that lands during the copy makes SQLite start the copy again, so what is read is one moment's database.
 */
async function withSqliteSnapshot<T>(file: string, read: (snapshot: Snapshot) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), 'rd-backup-'));
  const copy = path.join(dir, 'snapshot.sqlite');
  try {
    const source = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
    try {
      source.pragma('busy_timeout = 5000');
      // After the first 100 pages, all the rest in one step: one read transaction, which no writer can restart.
      await source.backup(copy, { progress: () => 1_000_000_000 });
    } finally {
      source.close();
    }
    const snapshot = new SqliteDatabase(copy, { readonly: true });
    try {
      return await read(sqliteSnapshot(snapshot));
    } finally {
      snapshot.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function sqliteSnapshot(database: SqliteDatabase.Database): Snapshot {
  const names = (
    database
      .prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`)
      .all() as Array<{ name: string }>
  )
    .map((row) => row.name)
    .filter((name) => !MIGRATION_TABLES.test(name));
  const references = names.flatMap((table) =>
    (database.pragma(`foreign_key_list(${quote(table)})`) as Array<{ table: string }>).map((ref) => ({
      table,
      parent: ref.table,
    })),
  );
  const keys = new Map<string, string[]>();
  const tables = parentsFirst(names, references).map((name): ArchiveTable => {
    const info = database.pragma(`table_info(${quote(name)})`) as Array<{ name: string; type: string; pk: number }>;
    const primary = info.filter((column) => column.pk > 0).sort((a, b) => a.pk - b.pk);
    keys.set(
      name,
      primary.map((column) => column.name),
    );
    // An INTEGER PRIMARY KEY is SQLite's rowid: the next id is handed out by the database.
    const rowid = primary.length === 1 && primary[0]?.type.toUpperCase() === 'INTEGER' ? primary[0].name : undefined;
    return {
      name,
      columns: info.map((column) => ({ name: column.name, kind: sqliteKind(column.type) })),
      ...(rowid ? { autoIncrement: rowid } : {}),
    };
  });
  const migration = latestSqliteMigration(database);
  return {
    engine: 'sqlite',
    migration,
    tables,
    async *rows(table) {
      const order = keys.get(table.name)?.map(quote).join(', ');
      const statement = database
        .prepare(
          `select ${table.columns.map((column) => quote(column.name)).join(', ')} from ${quote(table.name)}${order ? ` order by ${order}` : ''}`,
        )
        .raw(true);
      for (const row of statement.iterate()) yield row as unknown[];
    },
    async sequences() {
      const exists = database.prepare(`select 1 from sqlite_master where name = 'sqlite_sequence'`).get();
      if (!exists) return new Map();
      const rows = database.prepare('select name, seq from sqlite_sequence').all() as Array<{
        name: string;
        seq: number;
      }>;
      return new Map(rows.map((row) => [row.name, Number(row.seq) + 1]));
    },
  };
}

function latestSqliteMigration(database: SqliteDatabase.Database): string {
  const exists = database.prepare(`select 1 from sqlite_master where name = 'kysely_migration'`).get();
  if (!exists) return '';
  const row = database.prepare('select name from kysely_migration order by name desc limit 1').get() as
    { name: string } | undefined;
  return row?.name ?? '';
}

function mysqlKind(type: string): ColumnKind {
  const lower = type.toLowerCase();
  if (lower.includes('int')) return 'integer';
  if (lower.includes('blob') || lower.includes('binary')) return 'blob';
  if (/float|double|decimal|real/.test(lower)) return 'real';
  return 'text';
}

const backtick = (name: string) => `\`${name.replace(/`/g, '``')}\``;

/**
 * One REPEATABLE READ transaction started WITH CONSISTENT SNAPSHOT on a connection of its own: every table is read
 * as it stood at that moment while the server goes on writing on its other connections (InnoDB).
 */
async function withMysqlSnapshot<T>(pool: Pool, read: (snapshot: Snapshot) => Promise<T>): Promise<T> {
  const connection = await new Promise<PoolConnection>((resolve, reject) =>
    pool.getConnection((error, leased) => (error ? reject(error) : resolve(leased))),
  );
  const query = async <R>(sqlText: string, values: unknown[] = []): Promise<R[]> =>
    (await connection.promise().query(sqlText, values))[0] as R[];
  try {
    await query('set session transaction isolation level repeatable read');
    await query('start transaction with consistent snapshot, read only');
    try {
      const columns = await query<{ table: string; column: string; type: string; key: string; extra: string }>(
        `select table_name as \`table\`, column_name as \`column\`, data_type as type, column_key as \`key\`,
                extra as extra
           from information_schema.columns where table_schema = database() order by table_name, ordinal_position`,
      );
      const references = await query<{ table: string; parent: string }>(
        `select table_name as \`table\`, referenced_table_name as parent from information_schema.key_column_usage
          where table_schema = database() and referenced_table_name is not null`,
      );
      const byTable = new Map<string, typeof columns>();
      for (const column of columns) {
        if (MIGRATION_TABLES.test(column.table)) continue;
        byTable.set(column.table, [...(byTable.get(column.table) ?? []), column]);
      }
      const tables = parentsFirst([...byTable.keys()], references).map((name): ArchiveTable => {
        const own = byTable.get(name) ?? [];
        const increment = own.find((column) => /auto_increment/i.test(column.extra));
        return {
          name,
          columns: own.map((column) => ({ name: column.column, kind: mysqlKind(column.type) })),
          ...(increment ? { autoIncrement: increment.column } : {}),
        };
      });
      const keys = new Map(
        [...byTable].map(([name, own]) => [name, own.filter((column) => column.key === 'PRI').map((c) => c.column)]),
      );
      const level = await query<{ name: string }>(`select name from kysely_migration order by name desc limit 1`).catch(
        () => [],
      );
      return await read({
        engine: 'mysql',
        migration: level[0]?.name ?? '',
        tables,
        async *rows(table) {
          const order = keys.get(table.name)?.map(backtick).join(', ');
          const stream = connection
            .query({
              sql: `select ${table.columns.map((column) => backtick(column.name)).join(', ')} from ${backtick(table.name)}${order ? ` order by ${order}` : ''}`,
              rowsAsArray: true,
            })
            .stream({ highWaterMark: 500 });
          for await (const row of stream) yield row as unknown[];
        },
        async sequences() {
          const rows = await query<{ table: string; next: number | string | null }>(
            `select table_name as \`table\`, auto_increment as next from information_schema.tables
              where table_schema = database() and auto_increment is not null`,
          );
          return new Map(rows.map((row) => [row.table, Number(row.next)]));
        },
      });
    } finally {
      await query('rollback');
    }
  } finally {
    connection.release();
  }
}
