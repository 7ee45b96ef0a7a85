import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SqliteDatabase from 'better-sqlite3';
import type { Logger } from './logger';

/** How often the worker moves the write-ahead log into the database file. */
const CHECKPOINT_EVERY_MS = 250;
/** SQLite's own default, back in force on the server's connection if the worker stops unexpectedly. */
const AUTOCHECKPOINT_PAGES = 1000;

// Plain JavaScript run by the worker thread (`eval`), so that it needs no build step of its own: its own connection
// to the file, and a PASSIVE checkpoint every CHECKPOINT_EVERY_MS, which never waits for or blocks a writer.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const database = new Database(workerData.file);
database.pragma('busy_timeout = 5000');
database.pragma('secure_delete = ON');
const checkpoint = () => database.pragma('wal_checkpoint(PASSIVE)');
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  try {
    checkpoint();
  } finally {
    database.close();
    parentPort.close();
  }
});
`;

export interface Checkpointer {
  /** A last checkpoint, then the worker ends. */
  stop(): Promise<void>;
}

/**
 * Moves SQLite's checkpoints off the event loop (issue 13, docs/decisions/0025). With `synchronous=FULL`, the
 * automatic checkpoint ran inside whichever COMMIT pushed the log past 1,000 pages: the database file written and
 * synced on the event loop's thread, every few hundred submissions, in one request's time. Here a worker thread with
 * its own connection checkpoints the log four times a second, and the server's connection never does. Should the
 * worker die, the server's connection takes its automatic checkpoints back.
 */
export function startCheckpointer(database: SqliteDatabase.Database, logger: Logger): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { driver, file: database.name, everyMs: CHECKPOINT_EVERY_MS },
  });
  database.pragma('wal_autocheckpoint = 0');
  let stopping = false;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.on('error', (error) => logger.warn({ err: error }, 'the checkpoint worker failed'));
  void exited.then(() => {
    if (stopping || !database.open) return;
    logger.warn('the checkpoint worker stopped: the server checkpoints the database itself again');
    database.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  });
  worker.unref();
  return {
    async stop() {
      stopping = true;
      worker.postMessage('stop');
      await exited;
    },
  };
}
