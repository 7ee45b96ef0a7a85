import type { Kysely } from 'kysely';
import type { AppConfig } from './config/config';
import type { Clock } from './lib/clock';
import type { Database } from './lib/database-schema';
import type { DialectName } from './lib/db';
import type { Logger } from './lib/logger';
import type { MailWaker } from './modules/outbox/outbox';
import type { SitePages } from './modules/web/site-pages-types';

/** Everything the app needs from outside, passed in so tests swap the clock, database or SMTP address. */
export interface AppDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Mails are queued in the outbox in the same transaction as their cause; this nudges the sender after. */
  mail: MailWaker;
  clock: Clock;
  config: AppConfig;
  logger: Logger;
  /** Compares a password with its bcrypt hash: bcrypt.compare, unless a test counts the comparisons. */
  checkPassword?: (password: string, hash: string) => Promise<boolean>;
  /** The built web app (apps/web/dist/client); served when it holds routes-manifest.json. */
  webRoot?: string;
  /**
   * The site's pages (modules/web/site-pages.ts, docs/decisions/0043): the build's, or rendered again from the published
   * content. createApp makes it from webRoot when absent; a test passes its own to refresh and close it.
   */
  sitePages?: SitePages;
}
