import type SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * Kysely's SQLite dialect with group commit and cached statements (issue 13, docs/decisions/0025).
 *
 * With `synchronous=FULL` every COMMIT waits for the disk, and better-sqlite3 waits on the event loop's thread. One
 * COMMIT per transaction made the disk the ceiling of every form and of the outbox. Here the transactions that arrive
 * together share one: each runs in its own savepoint inside a group transaction, and the group commits once the
 * connection has no one waiting for it, at the latest one turn of the event loop after its first member. A member's
 * `transaction().execute()` still resolves only after that COMMIT has returned: what the server acknowledges is on
 * disk, as before. A member that fails rolls back to its savepoint and leaves the others alone; a group whose COMMIT
 * fails fails every member, none of which has answered yet.
 *
 * Outside a transaction the connection never holds uncommitted data: a statement run outside one (a read or a
 * single-statement write) first commits the open group. Code that uses the better-sqlite3 handle directly must do
 * so inside a Kysely transaction (the rate limiter does).
 *
 * Statements are prepared once per SQL text and kept (Kysely's driver prepares every statement anew, about a fifth
 * of a submission's database time).
 */
export class GroupCommitSqliteDialect extends SqliteDialect {
  readonly #database: SqliteDatabase.Database;

  constructor(database: SqliteDatabase.Database) {
    super({ database });
    this.#database = database;
  }

  override createDriver(): Driver {
    return new GroupCommitDriver(this.#database);
  }
}

const MEMBER_SAVEPOINT = 'group_member';
/** Distinct SQL texts kept prepared; the app has a few hundred, so the cap only guards against a runaway. */
const STATEMENT_CACHE_SIZE = 1_000;

interface Group {
  members: number;
  committed: Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
  flushScheduled: boolean;
}

/** One use of the connection, from acquire to release; knows whether it is a member of the group. */
class ConnectionLease implements DatabaseConnection {
  member = false;
  released = false;

  constructor(private readonly driver: GroupCommitDriver) {}

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    return Promise.resolve(this.driver.run<R>(this, compiledQuery));
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!this.member) this.driver.commitGroup();
    // Not from the cache: an iterating statement is busy until its loop ends.
    const statement = this.driver.database.prepare(compiledQuery.sql);
    for (const row of statement.iterate(compiledQuery.parameters as unknown[])) yield { rows: [row as R] };
  }
}

/** A FIFO lock over the one connection. */
class Mutex {
  #locked = false;
  readonly #waiting: Array<() => void> = [];

  lock(): Promise<void> {
    if (!this.#locked) {
      this.#locked = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  unlock(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#locked = false;
  }

  get waiting(): number {
    return this.#waiting.length;
  }
}

class GroupCommitDriver implements Driver {
  readonly #mutex = new Mutex();
  readonly #statements = new Map<string, SqliteDatabase.Statement>();
  #group: Group | undefined;

  constructor(readonly database: SqliteDatabase.Database) {}

  async init(): Promise<void> {
    // The database is opened and configured by lib/db.ts.
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock();
    return new ConnectionLease(this);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    if (settings.isolationLevel !== undefined || settings.accessMode !== undefined) {
      throw new Error('SQLite transactions take no isolation level or access mode');
    }
    if (!this.#group) {
      // IMMEDIATE: the group takes the write lock at once (waiting busy_timeout for another process), so no member
      // meets SQLITE_BUSY half-way through a group that has written already.
      this.#exec('BEGIN IMMEDIATE');
      this.#group = newGroup();
    }
    this.#exec(`SAVEPOINT ${MEMBER_SAVEPOINT}`);
    lease(connection).member = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const group = this.#requireGroup();
    this.#exec(`RELEASE ${MEMBER_SAVEPOINT}`);
    group.members += 1;
    // Let the next transaction in while this one waits for the group's COMMIT.
    this.#release(lease(connection));
    await group.committed;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const held = lease(connection);
    // A member whose group failed to commit had let go of the connection already: nothing of it is left to undo.
    if (held.released) return;
    const group = this.#requireGroup();
    held.member = false;
    if (this.database.inTransaction) {
      this.#exec(`ROLLBACK TO ${MEMBER_SAVEPOINT}`);
      this.#exec(`RELEASE ${MEMBER_SAVEPOINT}`);
      return;
    }
    // SQLite rolled the whole transaction back itself (an I/O error, a full disk): the group's members are lost.
    this.#group = undefined;
    // SQLITE_ABORT, SQLite's own code for a statement whose transaction was rolled back: the error handler's 503.
    group.reject(Object.assign(new Error('SQLite rolled back the group transaction'), { code: 'SQLITE_ABORT' }));
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    this.#exec(`SAVEPOINT ${quoteName(name)}`);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    this.#exec(`ROLLBACK TO ${quoteName(name)}`);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    this.#exec(`RELEASE ${quoteName(name)}`);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const held = lease(connection);
    if (!held.released) this.#release(held);
  }

  async destroy(): Promise<void> {
    this.commitGroup();
    this.#statements.clear();
    this.database.close();
  }

  run<R>(held: ConnectionLease, compiledQuery: CompiledQuery): QueryResult<R> {
    if (!held.member) this.commitGroup();
    const statement = this.#prepare(compiledQuery.sql);
    const parameters = compiledQuery.parameters as unknown[];
    if (statement.reader) return { rows: statement.all(parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  /** Commits the open group now, settling its members; the caller holds the connection. */
  commitGroup(): void {
    const group = this.#group;
    if (!group) return;
    this.#group = undefined;
    try {
      this.#exec('COMMIT');
    } catch (error) {
      if (this.database.inTransaction) this.#exec('ROLLBACK');
      group.reject(error);
      return;
    }
    group.resolve();
  }

  #release(held: ConnectionLease): void {
    held.released = true;
    held.member = false;
    const group = this.#group;
    // Those already waiting join the group first; when nobody waits, the group commits after this turn's I/O,
    // which lets the requests that arrived together join it too.
    if (group && !group.flushScheduled && this.#mutex.waiting === 0) {
      group.flushScheduled = true;
      setImmediate(() => void this.#flush(group));
    }
    this.#mutex.unlock();
  }

  async #flush(group: Group): Promise<void> {
    await this.#mutex.lock();
    try {
      if (this.#group !== group) return;
      // Transactions queued behind this flush join the group first (up to MAX_MEMBERS); it is flushed after them.
      if (this.#mutex.waiting > 0 && group.members < MAX_MEMBERS) setImmediate(() => void this.#flush(group));
      else this.commitGroup();
    } finally {
      this.#mutex.unlock();
    }
  }

  #requireGroup(): Group {
    if (!this.#group) throw new Error('No group transaction is open');
    return this.#group;
  }

  #exec(sql: string): void {
    this.#prepare(sql).run();
  }

  #prepare(sql: string): SqliteDatabase.Statement {
    let statement = this.#statements.get(sql);
    if (!statement) {
      if (this.#statements.size >= STATEMENT_CACHE_SIZE) this.#statements.clear();
      statement = this.database.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }
}

/** A group commits after at most this many members even while more are waiting, so its first answer is not held. */
const MAX_MEMBERS = 200;

function newGroup(): Group {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const committed = new Promise<void>((onCommit, onFail) => {
    resolve = onCommit;
    reject = onFail;
  });
  // A group may fail with no member left to hear it (every member rolled back).
  committed.catch(() => undefined);
  return { members: 0, committed, resolve, reject, flushScheduled: false };
}

function lease(connection: DatabaseConnection): ConnectionLease {
  if (!(connection instanceof ConnectionLease)) throw new Error('Not a connection of this driver');
  return connection;
}

function quoteName(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
