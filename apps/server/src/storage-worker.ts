// The storage worker (docs/decisions/0025): started by server.ts from dist/storage-worker.js on SQLite. It opens its
// own connection to the database, stores the public forms' submissions the server passes to it and runs the outbox
// sender, so that the thread answering HTTP spends none of its time on them.
import { parentPort, workerData } from 'node:worker_threads';
import type { AppConfig } from './config/config';
import { systemClock } from './lib/clock';
import { openDatabase } from './lib/db';
import { createServerLogger } from './lib/logger';
import { sendableError, type FromStorageWorker, type ToStorageWorker } from './modules/messages/enquiry-store';
import { submitMessage } from './modules/messages/messages.service';
import { startMailSender } from './modules/outbox/start-sender';

const port = parentPort;
if (!port) throw new Error('storage-worker.js runs as a worker thread of the server');
const config = workerData as AppConfig;
const logger = createServerLogger();
const { db, dialect } = openDatabase(config);
const { sender, transport } = startMailSender({ db, dialect, config, logger });
const deps = { db, mail: sender, clock: systemClock, config };
const post = (message: FromStorageWorker) => port.postMessage(message);

port.on('message', (message: ToStorageWorker) => {
  switch (message.type) {
    case 'submit': {
      const { id, kind, verdict } = message;
      // The server parsed it with the kind's schema before passing it on.
      const submission = message.submission as Parameters<typeof submitMessage>[2];
      submitMessage(deps, kind, submission, verdict).then(
        (outcome) => post({ type: 'result', id, outcome }),
        (error: unknown) => post({ type: 'failure', id, error: sendableError(error) }),
      );
      break;
    }
    case 'wake':
      sender.wake();
      break;
    case 'stop':
      void sender
        .stop()
        .then(async () => {
          transport.close();
          await db.destroy();
        })
        .finally(() => {
          post({ type: 'stopped' });
          port.close();
        });
      break;
  }
});
post({ type: 'ready' });
