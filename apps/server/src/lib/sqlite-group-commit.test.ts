import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, type Generated } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GroupCommitSqliteDialect } from './sqlite-group-commit';

interface Schema {
  notes: { id: Generated<number>; text: string };
}

let dir: string;
let file: string;
let statements: string[];
let db: Kysely<Schema>;

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'rd-group-commit-'));
  file = path.join(dir, 'test.sqlite');
  statements = [];
  const database = new SqliteDatabase(file, { verbose: (sql) => statements.push(String(sql)) });
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  db = new Kysely<Schema>({ dialect: new GroupCommitSqliteDialect(database) });
  await db.schema
    .createTable('notes')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('text', 'text', (c) => c.notNull().unique())
    .execute();
  statements.length = 0;
});

afterEach(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

/** What another connection (another process) sees of the file: only what is committed. */
function committedTexts(): string[] {
  const other = new SqliteDatabase(file, { readonly: true });
  try {
    return other
      .prepare('SELECT text FROM notes ORDER BY id')
      .all()
      .map((row) => (row as { text: string }).text);
  } finally {
    other.close();
  }
}

const commits = () => statements.filter((sql) => sql === 'COMMIT').length;

const addNote = (text: string) =>
  db.transaction().execute(async (trx) => {
    await trx.insertInto('notes').values({ text }).execute();
    return text;
  });

describe('the group commit of SQLite transactions', () => {
  it('transactions that arrive together share one COMMIT, and each resolves only once it is committed', async () => {
    const seenAtResolve: string[][] = [];
    const texts = Array.from({ length: 20 }, (_, index) => `note ${index}`);
    await Promise.all(texts.map((text) => addNote(text).then(() => seenAtResolve.push(committedTexts()))));
    expect(commits()).toBe(1);
    // Another connection already saw every note when the first transaction resolved.
    expect(seenAtResolve[0]).toEqual(texts);
  });

  it('a failing transaction undoes only its own work; the others of its group are committed', async () => {
    const outcomes = await Promise.allSettled([
      addNote('first'),
      db.transaction().execute(async (trx) => {
        await trx.insertInto('notes').values({ text: 'half of a failure' }).execute();
        await trx.insertInto('notes').values({ text: 'first' }).execute();
      }),
      addNote('third'),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(committedTexts()).toEqual(['first', 'third']);
  });

  it('a statement outside a transaction first commits the open group', async () => {
    const pending = addNote('grouped');
    // Queued behind the transaction, this write runs once it has let go of the connection, before the group's turn.
    const single = db.insertInto('notes').values({ text: 'single' }).execute();
    await Promise.all([pending, single]);
    expect(committedTexts()).toEqual(['grouped', 'single']);
    expect(statements.indexOf('COMMIT')).toBeLessThan(statements.findIndex((sql) => sql.includes('single')));
  });

  it('transactions that come one after another commit one by one', async () => {
    await addNote('one');
    await addNote('two');
    expect(commits()).toBe(2);
    expect(committedTexts()).toEqual(['one', 'two']);
  });

  it('prepares each statement once', async () => {
    const prepared: string[] = [];
    const database = new SqliteDatabase(':memory:');
    const original = database.prepare.bind(database);
    database.prepare = ((sql: string) => {
      prepared.push(sql);
      return original(sql);
    }) as typeof database.prepare;
    const memory = new Kysely<Schema>({ dialect: new GroupCommitSqliteDialect(database) });
    await memory.schema
      .createTable('notes')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('text', 'text')
      .execute();
    for (let index = 0; index < 5; index += 1)
      await memory
        .insertInto('notes')
        .values({ text: `n${index}` })
        .execute();
    expect(prepared.filter((sql) => sql.startsWith('insert into "notes"'))).toHaveLength(1);
    await memory.destroy();
  });
});
