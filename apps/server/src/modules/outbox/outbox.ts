import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database, EpochMs, MailPurpose } from '../../lib/database-schema';
import type { DialectName } from '../../lib/db';
import type { Logger } from '../../lib/logger';
import { assertSingleLine, isPermanentMailError, type MailTransport, type OutgoingMail } from '../../lib/mailer';
import {
  claimDueMails,
  insertMail,
  insertMails,
  markMailAttemptFailed,
  markMailSent,
  type OutboxRow,
} from './outbox.repository';

// An erasure and the retention purge delete mail records by id, whatever their status (docs/decisions/0022); the
// staff see the mails given up on.
export { deleteMails, listFailedMails } from './outbox.repository';

/** A mail to queue: what the template wrote, why, and whether its body carries a token. */
export interface QueuedMail extends OutgoingMail {
  purpose: MailPurpose;
  holdsSecret?: boolean;
  /** The enquiry the mail is about; deleting the enquiry deletes the mail record. */
  enquiryId?: number;
  /** A staff reply: the staff member's name before the agency's address. */
  fromName?: string;
  /** A staff reply: the Message-ID answered and the chain before it (header values, angle brackets kept). */
  inReplyTo?: string;
  references?: string;
}

/**
 * RFC 3834 (issue 20 item 4): every mail the app writes by itself says so, so an out-of-office or a ticket system
 * never answers it (Auto-Submitted) and Exchange sends no automatic reply to it (X-Auto-Response-Suppress). The
 * visitor's receipt answers their enquiry (auto-replied); the rest are generated; a staff member's reply is a person's.
 */
export function automationHeadersOf(purpose: MailPurpose): Record<string, string> {
  if (purpose === 'staff-reply') return {};
  return {
    'Auto-Submitted': purpose === 'auto-reply' ? 'auto-replied' : 'auto-generated',
    'X-Auto-Response-Suppress': 'All',
  };
}

/** Tries per mail before it is marked failed (the first and seven retries). */
export const MAIL_MAX_ATTEMPTS = 8;
/**
 * One mail claimed and sent at a time per process: a process killed between the SMTP server's acceptance and its own
 * record can then cause at most one second copy, and a claim's lease always outlasts the one send it covers.
 */
const BATCH = 1;
const POLL_MS = 1000;

/** The domain of the sender address, for Message-IDs: `<uuid@rendezvousdigital.ng>`. */
function messageIdDomain(from: string): string {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
}

/**
 * Writes mails into the outbox inside the caller's transaction: they exist exactly when the change that causes them
 * is committed. Nothing is sent here; call the sender's wake() after the commit.
 */
export async function queueMails(
  trx: Transaction<Database> | Kysely<Database>,
  mails: QueuedMail[],
  options: { now: EpochMs; /** MAIL_FROM: its domain names the Message-IDs. */ from: string },
): Promise<void> {
  await insertMails(
    trx,
    mails.map((mail) => outboxRowOf(mail, options)),
  );
}

/** One mail as queueMails writes it, and its outbox id and Message-ID (a staff reply records them). */
export async function queueMail(
  trx: Transaction<Database> | Kysely<Database>,
  mail: QueuedMail,
  options: { now: EpochMs; from: string },
): Promise<{ id: number; messageId: string }> {
  const row = outboxRowOf(mail, options);
  return { id: await insertMail(trx, row), messageId: row.message_id };
}

function outboxRowOf(mail: QueuedMail, options: { now: EpochMs; from: string }) {
  assertSingleLine('To', mail.to);
  if (mail.replyTo !== undefined) assertSingleLine('Reply-To', mail.replyTo);
  if (mail.fromName !== undefined) assertSingleLine('From', mail.fromName);
  if (mail.inReplyTo !== undefined) assertSingleLine('In-Reply-To', mail.inReplyTo);
  if (mail.references !== undefined) assertSingleLine('References', mail.references);
  return {
    message_id: `<${randomUUID()}@${messageIdDomain(options.from)}>`,
    purpose: mail.purpose,
    recipient: mail.to,
    reply_to: mail.replyTo ?? null,
    // A subject is one line whatever a visitor typed into the name it quotes.
    subject: mail.subject.replace(/[\r\n]+/g, ' '),
    text_body: mail.text,
    html_body: mail.html,
    holds_secret: mail.holdsSecret ? 1 : 0,
    status: 'pending' as const,
    attempts: 0,
    next_attempt_at: options.now,
    lease_owner: null,
    lease_until: null,
    last_error: null,
    created_at: options.now,
    sent_at: null,
    enquiry_id: mail.enquiryId ?? null,
    from_name: mail.fromName ?? null,
    in_reply_to: mail.inReplyTo ?? null,
    references_header: mail.references ?? null,
  };
}

/** What the app needs of the sender: a nudge after it has queued mail. */
export interface MailWaker {
  wake(): void;
}

export interface OutboxSenderOptions {
  db: Kysely<Database>;
  dialect: DialectName;
  transport: MailTransport;
  clock: () => Date;
  logger: Logger;
  /** First retry after this, doubling with each failure (MAIL_RETRY_BASE_SECONDS). */
  retryBaseMs: number;
  /** How long a claimed mail is held before another sender may take it over (MAIL_LEASE_SECONDS). */
  leaseMs: number;
  pollMs?: number;
}

export interface OutboxSender extends MailWaker {
  start(): void;
  /** Stops polling and waits for the mails in hand. */
  stop(): Promise<void>;
  /** Sends every due mail now; resolves when none is left due (tests, shutdown). */
  drain(): Promise<void>;
}

/**
 * The sender inside each server process: polls the outbox, claims due rows with a lease, delivers them and records
 * the outcome. Several senders on one database never send the same row; a row whose sender died is taken over once
 * its lease ends, with the same Message-ID (docs/decisions/0013).
 */
export function createOutboxSender(options: OutboxSenderOptions): OutboxSender {
  const { db, dialect, transport, clock, logger } = options;
  const pollMs = options.pollMs ?? POLL_MS;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = true;
  /** Set by stop(): the loop in hand ends after the mail it is sending (a sender never started still drains). */
  let halted = false;
  let timer: NodeJS.Timeout | undefined;

  async function deliverOne(row: OutboxRow, owner: string): Promise<void> {
    try {
      await transport.deliver({
        to: row.recipient,
        replyTo: row.reply_to ?? undefined,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        messageId: row.message_id,
        fromName: row.from_name ?? undefined,
        inReplyTo: row.in_reply_to ?? undefined,
        references: row.references_header ?? undefined,
        headers: automationHeadersOf(row.purpose),
        link: row.holds_secret ? /https?:\/\/\S+token=\S+/.exec(row.text_body)?.[0] : undefined,
      });
    } catch (error) {
      const attempts = row.attempts + 1;
      const failedForGood = attempts >= MAIL_MAX_ATTEMPTS || isPermanentMailError(error);
      const nextAttemptAt = clock().getTime() + options.retryBaseMs * 2 ** (attempts - 1);
      logger.warn(
        { err: error, mail: row.id, purpose: row.purpose, attempts, failedForGood },
        failedForGood ? 'mail failed for good' : 'mail not accepted; it will be retried',
      );
      await markMailAttemptFailed(db, row, owner, {
        failedForGood,
        nextAttemptAt,
        error: error instanceof Error ? error.message : String(error),
      });
      return;
    }
    await markMailSent(db, row, owner, clock().getTime());
  }

  /** One claim and its delivery, one mail after another; the number of mails taken. */
  async function sendBatch(): Promise<number> {
    const owner = randomUUID();
    const now = clock().getTime();
    const rows = await claimDueMails(db, dialect, { owner, now, leaseUntil: now + options.leaseMs, batch: BATCH });
    for (const row of rows) await deliverOne(row, owner);
    return rows.length;
  }

  /** Sends while mail is due, until stop(): a backlog is left to the next start, not finished past the grace. */
  async function sendAllDue(): Promise<void> {
    do {
      again = false;
      while (!halted && (await sendBatch()) > 0) {
        // keep going while there is due mail
      }
    } while (again && !halted);
  }

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = sendAllDue()
      .catch((error: unknown) => {
        // The database may be down for a while; the next poll tries again.
        logger.warn({ err: error }, 'the mail sender could not read the outbox');
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
    timer = setTimeout(() => void run(), pollMs);
    timer.unref();
  }

  return {
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
    },
    wake() {
      if (!stopped) void run();
    },
    async drain() {
      await running;
      halted = false;
      await run();
    },
  };
}
