import { Worker } from 'node:worker_threads';
import { API_MESSAGES, type MessageKind } from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { MailWaker } from '../outbox/outbox';
import { submitMessage } from './messages.service';
import type { EnquiryStore, SubmissionVerdict, SubmitOutcome } from './submission-contract';

/** Stores on the app's own connection (MySQL, the tests, and a server whose storage worker is not there). */
export function inProcessEnquiryStore(deps: Pick<AppDeps, 'db' | 'mail' | 'clock' | 'config'>): EnquiryStore {
  return { submit: (kind, submission, verdict) => submitMessage(deps, kind, submission, verdict) };
}

/** What crosses between the threads. */
export type ToStorageWorker =
  | { type: 'submit'; id: number; kind: MessageKind; submission: unknown; verdict: SubmissionVerdict }
  | { type: 'wake' }
  | { type: 'stop' };

export type FromStorageWorker =
  | { type: 'ready' }
  | { type: 'result'; id: number; outcome: SubmitOutcome }
  | { type: 'failure'; id: number; error: SentError }
  | { type: 'stopped' };

/** An error as the worker sends it: an AppError keeps its answer; anything else its message and code. */
export type SentError =
  | { kind: 'app'; status: number; message: string; errors?: Record<string, string>; headers?: Record<string, string> }
  | { kind: 'other'; message: string; code?: string };

export function sendableError(error: unknown): SentError {
  if (error instanceof AppError) {
    return { kind: 'app', status: error.status, message: error.message, errors: error.errors, headers: error.headers };
  }
  const { message = String(error), code } = (error ?? {}) as { message?: string; code?: unknown };
  return { kind: 'other', message, code: typeof code === 'string' ? code : undefined };
}

function receivedError(sent: SentError): Error {
  if (sent.kind === 'app') return new AppError(sent.status, sent.message, sent.errors, sent.headers);
  // The code travels, so a database that is down is still answered 503 by the error handler.
  return Object.assign(new Error(sent.message), sent.code === undefined ? {} : { code: sent.code });
}

export interface StorageWorker extends EnquiryStore, MailWaker {
  /** Resolves once the worker has opened the database and started its mail sender. */
  ready: Promise<void>;
  /** Its mails in hand finished (or left to their lease), its connection closed. */
  stop(): Promise<void>;
}

/**
 * The storage worker (src/storage-worker.ts, built to dist/storage-worker.js): a thread with its own SQLite
 * connection that stores the public forms' submissions and runs the outbox sender, so the event loop that answers
 * HTTP spends none of its time on them. Should the thread die, submissions in flight fail with 503 (a retry with the
 * same idempotency key finds the one that was stored) and `onExit` is called.
 */
export function startStorageWorker(entry: URL, workerData: unknown, logger: Logger, onExit: () => void): StorageWorker {
  const worker = new Worker(entry, { workerData });
  const pending = new Map<number, { resolve: (outcome: SubmitOutcome) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let stopping = false;
  let exitedEarly = false;
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));

  worker.on('message', (message: FromStorageWorker) => {
    if (message.type === 'ready') markReady();
    else if (message.type === 'result') pending.get(message.id)?.resolve(message.outcome);
    else if (message.type === 'failure') pending.get(message.id)?.reject(receivedError(message.error));
    if (message.type === 'result' || message.type === 'failure') pending.delete(message.id);
  });
  worker.on('error', (error) => logger.error({ err: error }, 'the storage worker failed'));
  void exited.then(() => {
    for (const { reject } of pending.values()) reject(new AppError(503, API_MESSAGES.SERVICE_UNAVAILABLE));
    pending.clear();
    markReady();
    if (stopping) return;
    exitedEarly = true;
    logger.error('the storage worker stopped; submissions and mail go on in the server itself');
    onExit();
  });

  const post = (message: ToStorageWorker) => worker.postMessage(message);
  return {
    ready,
    submit(kind, submission, verdict) {
      if (exitedEarly) return Promise.reject(new AppError(503, API_MESSAGES.SERVICE_UNAVAILABLE));
      const id = nextId++;
      return new Promise<SubmitOutcome>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        post({ type: 'submit', id, kind, submission, verdict });
      });
    },
    wake() {
      if (!exitedEarly && !stopping) post({ type: 'wake' });
    },
    async stop() {
      stopping = true;
      if (!exitedEarly) post({ type: 'stop' });
      await exited;
    },
  };
}
