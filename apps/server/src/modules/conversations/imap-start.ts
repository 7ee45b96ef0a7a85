import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config/config';
import { systemClock, type Clock } from '../../lib/clock';
import type { Database } from '../../lib/database-schema';
import type { DialectName } from '../../lib/db';
import type { Logger } from '../../lib/logger';
import { createImapPoller, type ImapPoller, type ImapPollerOptions, type IngestImapMail } from './imap-poller';

/**
 * The poller IMAP_URL and IMAP_POLL_SECONDS describe, started; undefined when IMAP_URL is unset. The server calls it
 * at start and stops the poller on shutdown (server.ts); the fault tests run it alone in a child process.
 */
export function startImapPoller(options: {
  db: Kysely<Database>;
  dialect: DialectName;
  config: Pick<AppConfig, 'imap' | 'imapPollMs' | 'inboundMail'>;
  logger: Logger;
  ingest: IngestImapMail;
  clock?: Clock;
  /** The tests' shorter lease, poll and batch; the server keeps the defaults. */
  tuning?: Partial<Pick<ImapPollerOptions, 'leaseMs' | 'pollMs' | 'batchSize'>>;
}): ImapPoller | undefined {
  const { config } = options;
  if (!config.imap) return undefined;
  const poller = createImapPoller({
    db: options.db,
    dialect: options.dialect,
    mailbox: config.imap,
    ingest: options.ingest,
    clock: options.clock ?? systemClock,
    logger: options.logger,
    pollMs: config.imapPollMs,
    maxBytes: config.inboundMail.maxBytes,
    ...options.tuning,
  });
  poller.start();
  return poller;
}
