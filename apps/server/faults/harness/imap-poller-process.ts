import { loadConfig } from '../../src/config/config';
import { openDatabase } from '../../src/lib/db';
import { createLogger } from '../../src/lib/logger';
import { migrateToLatest } from '../../src/lib/migrate';
import { startImapPoller } from '../../src/modules/conversations/imap-start';
import { systemClock } from '../../src/lib/clock';
import { ingestMail } from '../../src/modules/conversations/inbound.service';

/**
 * A process that only polls IMAP_URL into the database of DATA_DIR / DATABASE_URL, as the server does at start, with
 * the fault tests' short lease and poll (IMAP_TEST_LEASE_MS, IMAP_TEST_POLL_MS, IMAP_TEST_BATCH). Each message it
 * hands to ingestMail is reported on stdout as one JSON line, `{"uid":1,"duplicate":false}`, so the test sees what a
 * restart read again. SIGTERM stops it cleanly; the tests mostly SIGKILL it.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(process.env.LOG_LEVEL ?? 'warn');
  const { db, dialect } = openDatabase(config);
  await migrateToLatest(db);
  // No sender here: the notifications ingestMail queues wait in the outbox for a server.
  const deps = { db, clock: systemClock, config, mail: { wake: () => undefined } };
  const poller = startImapPoller({
    db,
    dialect,
    config,
    logger,
    ingest: async (mail) => {
      const outcome = await ingestMail(deps, mail);
      process.stdout.write(`${JSON.stringify({ uid: mail.position.uid, duplicate: outcome.duplicate })}\n`);
      return outcome;
    },
    tuning: {
      leaseMs: Number(process.env.IMAP_TEST_LEASE_MS ?? 1_000),
      pollMs: Number(process.env.IMAP_TEST_POLL_MS ?? 200),
      batchSize: Number(process.env.IMAP_TEST_BATCH ?? 10),
    },
  });
  if (!poller) throw new Error('IMAP_URL is not set');
  // The poller's timer does not hold the process open (in the server the HTTP server does): this one waits for a signal.
  const alive = setInterval(() => undefined, 60_000);
  process.stdout.write('polling\n');
  const stop = () => {
    clearInterval(alive);
    void poller
      .stop()
      .then(() => db.destroy())
      .finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
