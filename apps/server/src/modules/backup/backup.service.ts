import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Migrator, sql, type Kysely, type Transaction } from 'kysely';
import { RETENTION_DAYS } from '@agency/shared';
import { systemClock, type Clock } from '../../lib/clock';
import type { Database } from '../../lib/database-schema';
import { driverOf } from '../../lib/db';
import { erasureLedgerOf, readErasureLedger, type RecordedErasure } from '../../lib/erasure-ledger';
import { createLogger, type Logger } from '../../lib/logger';
import { defaultBackupDir } from '../../lib/paths';
import { MIGRATIONS } from '../../migrations';
import { listRecordedErasures, replayErasures } from '../data-requests/data-requests.service';
import { purgeAfterRestore, type PurgeCounts } from '../retention/retention.service';
import {
  ArchiveWriter,
  BackupArchiveError,
  readArchive,
  type ArchiveManifest,
  type ArchiveTable,
} from './backup-archive';
import { MIGRATION_TABLES, withSnapshot } from './backup-snapshot';

/** Folders of DATA_DIR whose files belong to the installation's data: mails written as files, legacy uploads. */
const DATA_FOLDERS = ['outbox', 'uploads'];

export const BACKUP_FILE_SUFFIX = '.jsonl.gz';

/** `backup-2026-11-27T01-00-00-000Z.jsonl.gz`: sorts by time, and names no person. */
export function backupFileName(at: Date): string {
  return `backup-${at.toISOString().replace(/[:.]/g, '-')}${BACKUP_FILE_SUFFIX}`;
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: ArchiveManifest;
}

/**
 * Writes one archive of the whole database as it stood at one moment, plus DATA_DIR's data folders, to `target`
 * (a file, or a folder to put a dated file in). The archive carries its final name only once it is complete.
 */
export async function createBackup(options: {
  db: Kysely<Database>;
  dataDir: string;
  target: string;
  clock?: () => Date;
}): Promise<BackupResult> {
  const now = (options.clock ?? (() => new Date()))();
  const targetIsFolder = !options.target.endsWith(BACKUP_FILE_SUFFIX);
  const file = targetIsFolder ? path.join(options.target, backupFileName(now)) : options.target;
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  const manifest = await withSnapshot(options.db, async (snapshot) => {
    const writer = ArchiveWriter.open(partial, {
      engine: snapshot.engine,
      migration: snapshot.migration,
      createdAt: now.toISOString(),
    });
    try {
      const largest = new Map<string, number>();
      for (const table of snapshot.tables) {
        await writer.startTable(table);
        const idIndex = table.columns.findIndex((column) => column.name === table.autoIncrement);
        let max = 0;
        for await (const row of snapshot.rows(table)) {
          if (idIndex >= 0) max = Math.max(max, Number(row[idIndex]));
          await writer.writeRow(row);
        }
        if (table.autoIncrement) largest.set(table.name, max + 1);
      }
      const sequences = await snapshot.sequences();
      for (const folder of DATA_FOLDERS) {
        for (const relative of filesUnder(options.dataDir, folder)) {
          await writer.writeFile(relative, readFileSync(path.join(options.dataDir, relative)));
        }
      }
      const nextIds = new Map(
        [...largest].map(([name, next]) => [name, Math.max(next, sequences.get(name) ?? 0)] as const),
      );
      return await writer.finish(nextIds);
    } catch (error) {
      writer.abort();
      rmSync(partial, { force: true });
      throw error;
    }
  });
  renameSync(partial, file);
  return { file, bytes: statSync(file).size, manifest };
}

/** The files under DATA_DIR/folder, as paths relative to DATA_DIR with forward slashes, sorted. */
function filesUnder(dataDir: string, folder: string): string[] {
  const root = path.join(dataDir, folder);
  if (!existsSync(root)) return [];
  return (
    readdirSync(root, { recursive: true, withFileTypes: true }) as Array<{
      name: string;
      parentPath: string;
      isFile(): boolean;
    }>
  )
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dataDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

export interface RestoreResult {
  manifest: ArchiveManifest;
  /** The migrations applied after the rows, for an archive from an older release. */
  migratedAfter: string[];
  /** The erasures done after the backup was taken, done again before the server starts (docs/decisions/0049). */
  erasures: {
    replayed: number;
    /** The records they erased from the restored data. */
    records: number;
    /** Where they were read: the database replaced, and the erasure ledgers found. */
    sources: string[];
    /** Ledger lines that could not be read (cut short by a crash while written). */
    unreadable: number;
  };
  /** What the retention purge run after the restore deleted. */
  purged: PurgeCounts;
}

/** A restore that would lose or misplace data, refused before anything is written. */
export class RestoreRefusedError extends Error {}

/**
 * Restores an archive into the database `db` opens: checks the whole archive first, migrates the database to the
 * archive's level, replaces every table's rows in one transaction (refusing a database that holds accounts or
 * enquiries unless `replace`), sets the auto-increment sequences, then runs the migrations newer than the archive.
 * Last, before any server uses the data (docs/decisions/0049): the erasures done after the backup was taken are done
 * again (read from the replaced database's audit log and from the erasure ledgers), and the retention purge runs once.
 */
export async function restoreBackup(options: {
  db: Kysely<Database>;
  dataDir: string;
  file: string;
  replace?: boolean;
  /** The erasure ledgers to read; by default the one beside the archive and the one in BACKUP_DIR. */
  erasureLedgers?: string[];
  /** RETENTION_DAYS of the purge after the restore. */
  retentionDays?: number;
  clock?: Clock;
  logger?: Logger;
}): Promise<RestoreResult> {
  const { db } = options;
  const clock = options.clock ?? systemClock;
  if (!existsSync(options.file)) throw new BackupArchiveError(`There is no file at ${options.file}.`);
  const manifest = await readArchive(options.file);
  const names = Object.keys(MIGRATIONS);
  if (!names.includes(manifest.migration)) {
    throw new RestoreRefusedError(
      `The archive is at migration ${manifest.migration}, which this release does not have (its latest is ` +
        `${names.at(-1)}). Restore it with the release that made it, or a later one.`,
    );
  }
  const applied = await appliedMigrations(db);
  const latestApplied = applied.at(-1);
  if (latestApplied && latestApplied > manifest.migration) {
    throw new RestoreRefusedError(
      `The database is already at migration ${latestApplied}, past the archive's ${manifest.migration}. ` +
        'Restore into a new, empty database: the restore migrates it to the archive level itself.',
    );
  }
  const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
  const toArchive = await migrator.migrateTo(manifest.migration);
  if (toArchive.error) throw toArchive.error;

  const held = await heldData(db);
  if (held && !options.replace) {
    throw new RestoreRefusedError(
      `The database is not empty: it holds ${held}. Restore into an empty database, or add --replace to replace ` +
        'everything in it with the archive.',
    );
  }
  const existing = new Map(
    (await db.introspection.getTables())
      .filter((table) => !MIGRATION_TABLES.test(table.name))
      .map((table) => [table.name, new Set(table.columns.map((column) => column.name))]),
  );
  for (const table of manifest.tables) {
    const columns = existing.get(table.name);
    const missing = columns ? table.columns.filter((column) => !columns.has(column.name)) : [];
    if (!columns || missing.length > 0) {
      throw new RestoreRefusedError(
        `The database at migration ${manifest.migration} has no ${columns ? `column ${missing[0]?.name} in the table ${table.name}` : `table ${table.name}`}, which the archive holds: it was not made by this application at that level.`,
      );
    }
  }

  // The erasures the database to be replaced records: read before its rows go.
  const replacedErasures = existing.has('audit_log') ? await listRecordedErasures(db) : [];

  const mysql = driverOf(db).kind === 'mysql';
  const archived = manifest.tables.map((table) => table.name);
  const clearOrder = [
    ...[...existing.keys()].filter((name) => !archived.includes(name)).sort(),
    ...[...archived].reverse(),
  ];
  await db.transaction().execute(async (trx) => {
    if (!mysql) await sql`pragma defer_foreign_keys = on`.execute(trx);
    for (const name of clearOrder) await sql`delete from ${sql.table(name)}`.execute(trx);
    const batch = new InsertBatch(trx);
    await readArchive(options.file, {
      table: (table) => batch.start(table),
      row: (values) => batch.add(values),
    });
    await batch.flush();
    if (!mysql) await setSqliteSequences(trx, manifest);
  });
  if (mysql) {
    for (const table of manifest.tables) {
      // DDL: after the transaction, whose commit it would otherwise force.
      if (table.nextId)
        await sql.raw(`alter table \`${table.name}\` auto_increment = ${Number(table.nextId)}`).execute(db);
    }
  }
  await readArchive(options.file, {
    file: (relative, content) => {
      const target = path.resolve(options.dataDir, relative);
      if (!target.startsWith(path.resolve(options.dataDir) + path.sep)) {
        throw new BackupArchiveError(
          `The archive names a file outside the data folder (${relative}): it has been edited.`,
        );
      }
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, content);
    },
  });
  const later = await migrator.migrateToLatest();
  if (later.error) throw later.error;
  const migratedAfter = (later.results ?? [])
    .filter((result) => result.status === 'Success')
    .map((r) => r.migrationName);

  const sources: string[] = [];
  if (replacedErasures.length > 0) sources.push('the database replaced');
  const erasures: RecordedErasure[] = [...replacedErasures];
  let unreadable = 0;
  const ledgers = options.erasureLedgers ?? [
    erasureLedgerOf(path.dirname(path.resolve(options.file))),
    erasureLedgerOf(defaultBackupDir(options.dataDir)),
  ];
  for (const ledger of new Set(ledgers.map((file) => path.resolve(file)))) {
    if (!existsSync(ledger)) continue;
    const read = readErasureLedger(ledger);
    erasures.push(...read.erasures);
    unreadable += read.unreadable;
    sources.push(ledger);
  }
  const replayed = await replayErasures(
    { db, clock, logger: options.logger ?? createLogger('silent'), config: { dataDir: options.dataDir } },
    erasures,
  );
  const purged = await purgeAfterRestore({
    db,
    clock,
    config: { dataDir: options.dataDir, retentionDays: options.retentionDays ?? RETENTION_DAYS.ENQUIRIES },
  });
  return { manifest, migratedAfter, erasures: { ...replayed, sources, unreadable }, purged };
}

async function appliedMigrations(db: Kysely<Database>): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((table) => table.name === 'kysely_migration')) return [];
  const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.rows.map((row) => row.name);
}

/** What the database holds that a restore would replace, in words; empty when it holds no accounts or enquiries. */
async function heldData(db: Kysely<Database>): Promise<string> {
  const tables = new Set((await db.introspection.getTables()).map((table) => table.name));
  const held: string[] = [];
  for (const [table, noun] of [
    ['users', 'accounts'],
    ['enquiries', 'enquiries'],
  ] as const) {
    if (!tables.has(table)) continue;
    const row = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    const count = Number(row.rows[0]?.n ?? 0);
    if (count > 0) held.push(`${count} ${noun}`);
  }
  return held.join(' and ');
}

/** Rows gathered into multi-row inserts, kept under both engines' limits on parameters and packet size. */
class InsertBatch {
  static readonly MAX_PARAMETERS = 20_000;
  static readonly MAX_BYTES = 4 * 1024 * 1024;
  #table: ArchiveTable | undefined;
  #rows: unknown[][] = [];
  #bytes = 0;

  constructor(private readonly trx: Transaction<Database>) {}

  async start(table: ArchiveTable): Promise<void> {
    await this.flush();
    this.#table = table;
  }

  async add(values: unknown[]): Promise<void> {
    this.#rows.push(values);
    for (const value of values) {
      if (typeof value === 'string' || Buffer.isBuffer(value)) this.#bytes += value.length;
    }
    const parameters = this.#rows.length * (this.#table?.columns.length ?? 1);
    if (parameters >= InsertBatch.MAX_PARAMETERS || this.#bytes >= InsertBatch.MAX_BYTES) await this.flush();
  }

  async flush(): Promise<void> {
    const table = this.#table;
    if (!table || this.#rows.length === 0) return;
    const rows = this.#rows;
    this.#rows = [];
    this.#bytes = 0;
    const columns = sql.join(table.columns.map((column) => sql.ref(column.name)));
    const values = sql.join(rows.map((row) => sql`(${sql.join(row)})`));
    await sql`insert into ${sql.table(table.name)} (${columns}) values ${values}`.execute(this.trx);
  }
}

/** sqlite_sequence as the source had it, for the tables declared AUTOINCREMENT: a deleted id is never handed out again. */
async function setSqliteSequences(trx: Transaction<Database>, manifest: ArchiveManifest): Promise<void> {
  const declared = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and sql like '%autoincrement%'`.execute(trx);
  const autoincrement = new Set(declared.rows.map((row) => row.name));
  for (const table of manifest.tables) {
    if (!table.nextId || !autoincrement.has(table.name)) continue;
    await sql`delete from sqlite_sequence where name = ${table.name}`.execute(trx);
    await sql`insert into sqlite_sequence (name, seq) values (${table.name}, ${table.nextId - 1})`.execute(trx);
  }
}
