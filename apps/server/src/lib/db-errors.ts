/** How a database that refuses work refuses it: it cannot be reached or read, it takes no writes, its disk is full. */
export type DatabaseFailure = 'down' | 'read-only' | 'full';

// SQLite's extended codes carry their primary code as a prefix (SQLITE_IOERR_WRITE, SQLITE_READONLY_DBMOVED).
const SQLITE_FAILURES: Array<[prefix: string, failure: DatabaseFailure]> = [
  ['SQLITE_READONLY', 'read-only'],
  ['SQLITE_FULL', 'full'],
  ['SQLITE_IOERR', 'down'],
  ['SQLITE_CANTOPEN', 'down'],
  ['SQLITE_BUSY', 'down'],
  ['SQLITE_LOCKED', 'down'],
  ['SQLITE_CORRUPT', 'down'],
  ['SQLITE_NOTADB', 'down'],
  ['SQLITE_PROTOCOL', 'down'],
  ['SQLITE_NOMEM', 'down'],
  // A group transaction that SQLite rolled back under its members (an I/O error, a full disk: lib/sqlite-group-commit).
  ['SQLITE_ABORT', 'down'],
];

const MYSQL_FAILURES = new Map<string, DatabaseFailure>([
  ['ECONNREFUSED', 'down'],
  ['ECONNRESET', 'down'],
  ['ETIMEDOUT', 'down'],
  ['EHOSTUNREACH', 'down'],
  ['ENOTFOUND', 'down'],
  ['EAI_AGAIN', 'down'],
  ['EPIPE', 'down'],
  ['PROTOCOL_CONNECTION_LOST', 'down'],
  ['PROTOCOL_SEQUENCE_TIMEOUT', 'down'],
  ['PROTOCOL_ENQUEUE_AFTER_FATAL_ERROR', 'down'],
  ['ER_CON_COUNT_ERROR', 'down'],
  ['ER_ACCESS_DENIED_ERROR', 'down'],
  ['ER_DBACCESS_DENIED_ERROR', 'down'],
  ['ER_BAD_DB_ERROR', 'down'],
  // A query in flight while MariaDB shuts down, or whose connection an administrator killed.
  ['ER_SERVER_SHUTDOWN', 'down'],
  ['ER_CONNECTION_KILLED', 'down'],
  ['ER_LOCK_WAIT_TIMEOUT', 'down'],
  // read_only / super_read_only (1290), a read-only transaction or InnoDB, an account allowed to read only (1142).
  ['ER_OPTION_PREVENTS_STATEMENT', 'read-only'],
  ['ER_READ_ONLY_MODE', 'read-only'],
  ['ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION', 'read-only'],
  ['ER_INNODB_READ_ONLY', 'read-only'],
  ['ER_TABLEACCESS_DENIED_ERROR', 'read-only'],
  ['ER_RECORD_FILE_FULL', 'full'],
  ['ER_DISK_FULL', 'full'],
  ['ENOSPC', 'full'],
]);

/**
 * Whether an error says the database refuses work, and how; undefined for anything else (a constraint, a bug). Such
 * a request is answered 503, never 500: the client did nothing wrong and may try again (issue 17).
 */
export function databaseFailureOf(error: unknown): DatabaseFailure | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string') {
    if (code.startsWith('SQLITE_')) return SQLITE_FAILURES.find(([prefix]) => code.startsWith(prefix))?.[1];
    const failure = MYSQL_FAILURES.get(code);
    if (failure) return failure;
  }
  // mysql2 marks an error that ended its connection as fatal, some without a code ("Can't add new command when
  // connection is in closed state"): the database is out of reach, not the request at fault.
  if ((error as { fatal?: unknown } | undefined)?.fatal === true) return 'down';
  return undefined;
}

/** True for a unique or primary-key violation on SQLite or MySQL/MariaDB. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | undefined)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'ER_DUP_ENTRY';
}

/** InnoDB may pick a transaction as a deadlock victim; running it again is the documented remedy. */
export function isRetryableConflict(error: unknown): boolean {
  const code = (error as { code?: string } | undefined)?.code;
  return code === 'ER_LOCK_DEADLOCK' || code === 'ER_LOCK_WAIT_TIMEOUT' || code === 'SQLITE_BUSY';
}

export async function withConflictRetry<T>(run: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !isRetryableConflict(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 30));
    }
  }
}
