import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config/config';
import { systemClock } from '../../lib/clock';
import type { Database } from '../../lib/database-schema';
import type { DialectName } from '../../lib/db';
import type { Logger } from '../../lib/logger';
import { createMailTransport, type MailTransport } from '../../lib/mailer';
import { outboxDir } from '../../lib/paths';
import { createOutboxSender, type OutboxSender } from './outbox';

/** The mail transport MAIL_FROM and SMTP_URL describe, and a started outbox sender over it. */
export function startMailSender(options: {
  db: Kysely<Database>;
  dialect: DialectName;
  config: AppConfig;
  logger: Logger;
}): { sender: OutboxSender; transport: MailTransport } {
  const { db, dialect, config, logger } = options;
  const transport = createMailTransport({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: outboxDir(config.dataDir),
    logger,
    logLinks: !config.isProduction,
  });
  const sender = createOutboxSender({
    db,
    dialect,
    transport,
    clock: systemClock,
    logger,
    retryBaseMs: config.mailRetryBaseMs,
    leaseMs: config.mailLeaseMs,
  });
  sender.start();
  return { sender, transport };
}
