import { createApp } from './app';
import { ConfigError, loadConfig, trustProxyWarning } from './config/config';
import { systemClock } from './lib/clock';
import { openDatabase } from './lib/db';
import { createHttpServer } from './lib/http-server';
import { createServerLogger } from './lib/logger';
import { migrateToLatest } from './lib/migrate';
import { outboxDir, profileImagesDir } from './lib/paths';
import { ingestMail } from './modules/conversations/inbound.service';
import { startImapPoller } from './modules/conversations/imap-start';
import { readBackupSchedule, startScheduledBackups } from './modules/backup/backup-schedule';
import { seedContent, startContentScheduler } from './modules/content/content.service';
import { startDigestJob } from './modules/digest/digest.service';
import { startReminderJob } from './modules/reminders/reminders.service';
import { startMailSender } from './modules/outbox/start-sender';
import { importProfileImageFiles } from './modules/profile-images/profile-images.service';
import { startDailyPurge } from './modules/retention/retention.service';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const logger = createServerLogger();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // BACKUP_SCHEDULE, BACKUP_KEEP, BACKUP_DIR (docs/decisions/0049), read here beside the other variables.
  const backupSchedule = readBackupSchedule(process.env, config.dataDir);
  if (typeof backupSchedule === 'string') {
    console.error(`Invalid configuration: ${backupSchedule}`);
    process.exit(1);
  }

  if (config.isProduction && !process.env.APP_URL) {
    logger.warn(
      { appUrl: config.appUrl },
      'APP_URL is not set: mail links point at localhost and browsers on the public address may be refused as cross-site',
    );
  }

  const proxyWarning = trustProxyWarning(config.trustProxy);
  if (proxyWarning) logger.warn({ trustProxy: config.trustProxy }, proxyWarning);

  const { db, dialect } = openDatabase(config);
  const applied = await migrateToLatest(db);
  if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');
  // The site's content, stored once as the build shows it; an instance starting beside it stores nothing (0043).
  if (await seedContent({ db, dialect, clock: systemClock })) logger.info('site content stored as its first version');
  // Images that older versions kept in DATA_DIR move into the database, where every instance finds them.
  const images = await importProfileImageFiles(db, profileImagesDir(config.dataDir));
  if (images.imported > 0) logger.info({ imported: images.imported }, 'profile images copied into the database');
  if (images.missing.length > 0) {
    logger.warn(
      { missing: images.missing.length },
      'profile images of older accounts are neither in the database nor in DATA_DIR; start the instance that holds them',
    );
  }

  if (config.isProduction && !config.smtpUrl) {
    logger.warn(
      { folder: outboxDir(config.dataDir) },
      'SMTP_URL is not set: no mail leaves this server; every mail is only written as a file to the outbox folder',
    );
  }
  // The forms' submissions are stored on `db` by the request that brings them, and this sender mails what they queue
  // (docs/decisions/0032).
  const { sender, transport } = startMailSender({ db, dialect, config, logger });
  // What is past its retention goes for good, once a Lagos day across every instance (docs/decisions/0022).
  const purge = startDailyPurge({ db, clock: systemClock, config, logger });
  // The 07:30 digest of each staff member and owner, once a working day across every instance (0040).
  const digests = startDigestJob({ db, clock: systemClock, config, logger, mail: sender });
  // Reminders at 75 % of a first-response target and escalations at breach, each once across instances (0039).
  const reminders = startReminderJob({ db, clock: systemClock, config, logger, mail: sender });
  // Content scheduled for a time is published then, once across instances (0043).
  const contentScheduler = startContentScheduler({ db, dialect, clock: systemClock, logger });
  // One archive a day at BACKUP_SCHEDULE (02:00 Lagos), taken by one instance, old ones pruned (0049).
  const backups = startScheduledBackups({
    db,
    dataDir: config.dataDir,
    clock: systemClock,
    logger,
    schedule: backupSchedule,
  });
  // Customers' replies in IMAP_URL's mailbox join their conversations, read by one instance at a time (0036).
  const imap = startImapPoller({
    db,
    dialect,
    config,
    logger,
    ingest: (mail) => ingestMail({ db, clock: systemClock, config, mail: sender }, mail),
  });
  const app = createApp({ db, dialect, mail: sender, clock: systemClock, config, logger });
  const server = createHttpServer(app).listen(config.port, () => {
    logger.info(
      { url: config.appUrl, port: config.port, database: dialect, mail: config.smtpUrl ? 'smtp' : 'outbox' },
      `listening on http://localhost:${config.port}`,
    );
  });
  server.on('error', (error) => {
    logger.fatal({ err: error }, 'the server could not listen');
    process.exit(1);
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // Finish the requests in flight, then close the database.
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    server.close(() => {
      // Mails in hand are finished (or left to their lease), then the database closes.
      Promise.all([
        sender.stop(),
        purge.stop(),
        digests.stop(),
        reminders.stop(),
        contentScheduler.stop(),
        backups?.stop(),
        imap?.stop(),
      ])
        .then(() => {
          transport.close();
          return db.destroy();
        })
        .finally(() => process.exit(0));
    });
    server.closeIdleConnections();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `Could not start: ${error.message}` : error);
  process.exit(1);
});
