import { createHash, randomUUID } from 'node:crypto';
import { ImapFlow } from 'imapflow';
import { sql, type Kysely } from 'kysely';
import type { ImapMailbox } from '../../config/config';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/database-schema';
import type { DialectName } from '../../lib/db';
import type { Logger } from '../../lib/logger';

/** Where a message sits in the mailbox: one stored row per position (enquiry_mails' unique key). */
export interface ImapPosition {
  mailbox: string;
  uidValidity: number;
  uid: number;
}

/** ingestMail of inbound.service.ts with its dependencies bound: stores the message once, whatever the repeats. */
export type IngestImapMail = (mail: {
  raw: Buffer;
  source: 'imap';
  position: ImapPosition;
}) => Promise<{ mailId: number; enquiryId: number | null; duplicate: boolean }>;

export interface ImapPollerOptions {
  db: Kysely<Database>;
  dialect: DialectName;
  mailbox: ImapMailbox;
  ingest: IngestImapMail;
  clock: Clock;
  logger: Logger;
  /** IMAP_POLL_SECONDS: the pause between the end of one poll and the start of the next. */
  pollMs: number;
  /** How long a poller holds the mailbox without renewing before another may take it over. */
  leaseMs?: number;
  /** Messages fetched per IMAP command; the lease is renewed and the position stored after each batch. */
  batchSize?: number;
  /** Connection, greeting and socket timeouts of the IMAP client. */
  timeoutMs?: number;
  /**
   * INBOUND_MAIL_MAX_BYTES: a larger message is passed over (logged, left in the mailbox), as the webhook answers 413;
   * unset: no limit.
   */
  maxBytes?: number;
}

/** What one poll did. */
export interface PollResult {
  /** false: another instance holds the mailbox, this poll read nothing. */
  polled: boolean;
  /** Messages given to ingestMail. */
  fetched: number;
  /** Of those, new rows (the others were already stored: a repeat after a crash or a UIDVALIDITY change). */
  stored: number;
  /**
   * Messages passed over: ingestMail failed on each in MAX_ATTEMPTS polls while the database answered (a message it
   * cannot store, not an outage). Logged as errors; they stay in the mailbox. Without this one such message would hold
   * back every later reply for good.
   */
  skipped: number;
  /** The mailbox's UIDVALIDITY changed since the last poll and the whole mailbox was read again. */
  uidValidityChanged: boolean;
}

export interface ImapPoller {
  /** Polls now, then every pollMs until stop(). */
  start(): void;
  /** Ends the poll in hand after its current message, gives up the lease, and waits for it. */
  stop(): Promise<void>;
  /** One poll now (tests; the loop calls the same). */
  pollOnce(): Promise<PollResult>;
  /** This poller's lease owner id. */
  readonly owner: string;
}

const DEFAULT_BATCH = 25;
/** Polls in which a message may fail to be stored, the database answering, before it is passed over. */
const MAX_ATTEMPTS = 3;
const DEFAULT_TIMEOUT_MS = 30_000;
const MAILBOX_KEY_MAX = 200;

/**
 * The mailbox_state key of a mailbox: account, server and folder, never the password. A key too long for the column
 * is shortened to a hash, still one key per mailbox.
 */
export function mailboxKey(mailbox: ImapMailbox): string {
  const key = `${mailbox.user}@${mailbox.host}/${mailbox.mailbox}`;
  if (key.length <= MAILBOX_KEY_MAX) return key;
  return `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

/**
 * Reads new mail from one IMAP mailbox into the conversations (docs/decisions/0036). Any number of server processes
 * may run one; a lease row in mailbox_state lets one poll at a time, and one whose holder died is taken over once the
 * lease lapses. Exactly once does not rest on the lease: ingestMail stores a message once by its Message-ID and by its
 * position, and the stored position (last_uid) only moves past a message after ingestMail has stored it, so a crash
 * between the two reads the message again and ingestMail recognises it.
 *
 * The mailbox is opened read-only (EXAMINE) and bodies are fetched with BODY.PEEK: nothing in it is deleted, moved or
 * flagged, not even \Seen, so a person reading the same mailbox in a mail program sees it as before.
 */
export function createImapPoller(options: ImapPollerOptions): ImapPoller {
  const { db, dialect, clock, logger, ingest } = options;
  const key = mailboxKey(options.mailbox);
  const leaseMs = options.leaseMs ?? Math.max(120_000, options.pollMs * 3);
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const owner = randomUUID();
  let running: Promise<unknown> | undefined;
  let stopped = true;
  let halted = false;
  let timer: NodeJS.Timeout | undefined;

  async function ensureRow(): Promise<void> {
    const found = await db.selectFrom('mailbox_state').select('mailbox').where('mailbox', '=', key).executeTakeFirst();
    if (found) return;
    const insert = db
      .insertInto('mailbox_state')
      .values({ mailbox: key, uid_validity: null, last_uid: 0, lease_owner: null, lease_until: null });
    await db
      .transaction()
      .execute((trx) =>
        dialect === 'mysql'
          ? trx.executeQuery(insert.ignore().compile())
          : trx.executeQuery(insert.onConflict((conflict) => conflict.column('mailbox').doNothing()).compile()),
      );
  }

  /**
   * Takes or renews the lease with one conditional UPDATE (free, lapsed or ours), then reads who holds it: the count
   * of changed rows is not trusted, since MariaDB counts a row set to the values it has as unchanged.
   */
  async function holdLease(): Promise<boolean> {
    const now = clock().getTime();
    await db.transaction().execute((trx) =>
      trx
        .updateTable('mailbox_state')
        .set({ lease_owner: owner, lease_until: now + leaseMs })
        .where('mailbox', '=', key)
        .where((eb) =>
          eb.or([eb('lease_owner', 'is', null), eb('lease_owner', '=', owner), eb('lease_until', '<', now)]),
        )
        .execute(),
    );
    const row = await db
      .selectFrom('mailbox_state')
      .select('lease_owner')
      .where('mailbox', '=', key)
      .executeTakeFirst();
    return row?.lease_owner === owner;
  }

  async function releaseLease(): Promise<void> {
    await db
      .transaction()
      .execute((trx) =>
        trx
          .updateTable('mailbox_state')
          .set({ lease_owner: null, lease_until: null })
          .where('mailbox', '=', key)
          .where('lease_owner', '=', owner)
          .execute(),
      );
  }

  async function readState(): Promise<{ uidValidity: number | null; lastUid: number }> {
    const row = await db
      .selectFrom('mailbox_state')
      .select(['uid_validity', 'last_uid'])
      .where('mailbox', '=', key)
      .executeTakeFirstOrThrow();
    return { uidValidity: row.uid_validity === null ? null : Number(row.uid_validity), lastUid: Number(row.last_uid) };
  }

  /** A new UIDVALIDITY: the position starts again from nothing, if no other poller moved it meanwhile. */
  async function resetPosition(from: number | null, to: number): Promise<void> {
    await db.transaction().execute((trx) =>
      trx
        .updateTable('mailbox_state')
        .set({ uid_validity: to, last_uid: 0 })
        .where('mailbox', '=', key)
        .where((eb) => (from === null ? eb('uid_validity', 'is', null) : eb('uid_validity', '=', from)))
        .execute(),
    );
  }

  /** Moves the position forward to `uid`, never back, and only within the UIDVALIDITY it belongs to. */
  async function advance(uidValidity: number, uid: number): Promise<void> {
    await db
      .transaction()
      .execute((trx) =>
        trx
          .updateTable('mailbox_state')
          .set({ last_uid: uid })
          .where('mailbox', '=', key)
          .where('uid_validity', '=', uidValidity)
          .where('last_uid', '<', uid)
          .execute(),
      );
  }

  /** Failed attempts per message (UIDVALIDITY:UID) while the database answered: the message, not the database. */
  const failures = new Map<string, number>();

  /** True once a message has failed MAX_ATTEMPTS polls with the database up: then it is passed over. */
  function skipsAfterAttempts(message: string, databaseUp: boolean): boolean {
    if (!databaseUp) return false;
    const attempts = (failures.get(message) ?? 0) + 1;
    if (attempts < MAX_ATTEMPTS) {
      failures.set(message, attempts);
      return false;
    }
    failures.delete(message);
    return true;
  }

  async function databaseAnswers(): Promise<boolean> {
    try {
      await sql`select 1`.execute(db);
      return true;
    } catch {
      return false;
    }
  }

  async function poll(): Promise<PollResult> {
    const result: PollResult = { polled: false, fetched: 0, stored: 0, skipped: 0, uidValidityChanged: false };
    await ensureRow();
    if (!(await holdLease())) return result;
    result.polled = true;

    const client = new ImapFlow({
      host: options.mailbox.host,
      port: options.mailbox.port,
      secure: options.mailbox.secure,
      auth: { user: options.mailbox.user, pass: options.mailbox.password },
      logger: false,
      disableAutoIdle: true,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    });
    // A dropped connection is reported by the command in hand; without a listener the event would end the process.
    client.on('error', (error: unknown) => logger.warn({ err: error }, 'the IMAP connection failed'));
    await client.connect();
    try {
      const opened = await client.mailboxOpen(options.mailbox.mailbox, { readOnly: true });
      const uidValidity = Number(opened.uidValidity);
      const state = await readState();
      let lastUid = state.lastUid;
      if (state.uidValidity !== uidValidity) {
        // First poll, or the server renumbered the mailbox: read it all again. Messages stored before are known by
        // their Message-ID, so nothing doubles.
        result.uidValidityChanged = state.uidValidity !== null;
        if (result.uidValidityChanged) {
          logger.warn(
            { mailbox: key, from: state.uidValidity, to: uidValidity },
            'the mailbox has a new UIDVALIDITY; reading it all again',
          );
        }
        await resetPosition(state.uidValidity, uidValidity);
        const reread = await readState();
        if (reread.uidValidity !== uidValidity) return result;
        lastUid = reread.lastUid;
      }
      if (opened.exists === 0) return result;

      const found = await client.search({ uid: `${lastUid + 1}:*` }, { uid: true });
      // `n:*` also names the last message when every UID is below n: keep only the new ones.
      const uids = (found || []).filter((uid) => uid > lastUid).sort((a, b) => a - b);
      for (let start = 0; start < uids.length && !halted; start += batchSize) {
        if (!(await holdLease())) {
          logger.warn({ mailbox: key }, 'the IMAP lease passed to another instance; this poll stops');
          break;
        }
        const batch = uids.slice(start, start + batchSize);
        const messages = await client.fetchAll(batch.join(','), { uid: true, source: true }, { uid: true });
        messages.sort((a, b) => a.uid - b.uid);
        let storedUpTo: number | undefined;
        for (const message of messages) {
          if (halted) break;
          let outcome: Awaited<ReturnType<IngestImapMail>>;
          try {
            if (!message.source) throw new Error(`the server sent no body for UID ${message.uid}`);
            if (options.maxBytes !== undefined && message.source.length > options.maxBytes) {
              logger.error(
                { mailbox: key, uid: message.uid, bytes: message.source.length, maxBytes: options.maxBytes },
                'a message is larger than INBOUND_MAIL_MAX_BYTES; it is passed over and stays in the mailbox',
              );
              result.skipped += 1;
              storedUpTo = message.uid;
              continue;
            }
            outcome = await ingest({
              raw: message.source,
              source: 'imap',
              position: { mailbox: key, uidValidity, uid: message.uid },
            });
          } catch (error) {
            if (storedUpTo !== undefined) await advance(uidValidity, storedUpTo).catch(() => undefined);
            if (!skipsAfterAttempts(`${uidValidity}:${message.uid}`, await databaseAnswers())) throw error;
            logger.error(
              { err: error, mailbox: key, uid: message.uid, attempts: MAX_ATTEMPTS },
              'a message could not be stored in three polls; it is passed over and stays in the mailbox',
            );
            result.skipped += 1;
            storedUpTo = message.uid;
            continue;
          }
          result.fetched += 1;
          if (!outcome.duplicate) result.stored += 1;
          storedUpTo = message.uid;
        }
        // Only after the store: a crash before this line reads these messages again, and ingestMail knows them.
        if (storedUpTo !== undefined) await advance(uidValidity, storedUpTo);
      }
      return result;
    } finally {
      await client.logout().catch(() => client.close());
    }
  }

  function run(): Promise<unknown> {
    if (running) return running;
    running = poll()
      .then((result) => {
        if (result.fetched > 0) logger.info({ mailbox: key, ...result }, 'mail read from the IMAP mailbox');
      })
      .catch((error: unknown) => {
        // The server or the database may be away for a while; the next poll tries again from the stored position.
        logger.warn({ err: error, mailbox: key }, 'the IMAP mailbox could not be read');
      })
      .finally(() => {
        running = undefined;
        schedule();
      });
    return running;
  }

  function schedule(): void {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void run(), options.pollMs);
    timer.unref();
  }

  return {
    owner,
    start() {
      stopped = false;
      halted = false;
      void run();
    },
    async stop() {
      stopped = true;
      halted = true;
      clearTimeout(timer);
      await running;
      await releaseLease().catch((error: unknown) => logger.warn({ err: error }, 'the IMAP lease was not released'));
    },
    async pollOnce() {
      await running;
      halted = false;
      return poll();
    },
  };
}
