import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from './logger';

/** A mail as the templates write it. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a press on Reply goes (the visitor, on a staff notification). */
  replyTo?: string;
  /**
   * The action link, logged outside production when mails go to files, so a local run can follow it: only a staff
   * account's own mails have one (confirmation, reset); a visitor's mail never does.
   */
  link?: string;
}

/** A queued mail as the outbox hands it to the transport: its Message-ID was fixed when it was queued. */
export interface Envelope extends OutgoingMail {
  messageId: string;
  /** The display name before MAIL_FROM's address (a staff reply: the staff member's name). */
  fromName?: string;
  /** Threading: the Message-ID answered, and the chain (space-separated Message-IDs). */
  inReplyTo?: string;
  references?: string;
  /** Further headers (Auto-Submitted, X-Auto-Response-Suppress). */
  headers?: Record<string, string>;
}

/** MAIL_FROM with another display name: `Agency <hello@agency.ng>` and `Amaka Eze` -> Amaka Eze at that address. */
export function fromWithName(from: string, name: string | undefined): string | { name: string; address: string } {
  if (name === undefined || name.trim() === '') return from;
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(from)?.[1] ?? from.trim();
  return { name: name.trim(), address };
}

/** Delivers one mail: over SMTP, or as a file in DATA_DIR/outbox. Rejects when it was not accepted. */
export interface MailTransport {
  deliver(mail: Envelope): Promise<void>;
  /** Closes the SMTP connection kept open between mails. */
  close(): void;
}

export class MailHeaderError extends Error {}

const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** Header injection guard: no header value may carry a line break. */
export function assertSingleLine(name: string, value: string): void {
  if (/[\r\n]/.test(value)) throw new MailHeaderError(`The ${name} header must be a single line.`);
}

/** True when the SMTP server refused the mail for good (5xx): retrying cannot help. */
export function isPermanentMailError(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | undefined)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export interface MailTransportOptions {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  logger: Logger;
  /** Log each file mail's action link (never in production: the link carries a token). */
  logLinks: boolean;
}

/** Where the file transport writes a mail: named by the Message-ID, so a mail delivered twice overwrites its file. */
export function outboxFileOf(outboxDir: string, messageId: string): string {
  return path.join(outboxDir, `${messageId.replace(/[^A-Za-z0-9@._-]/g, '')}.eml`);
}

/**
 * Deletes the files of mails whose records are erased or purged (docs/decisions/0022); a file that is not there (SMTP
 * delivery, or another instance's DATA_DIR) is not an error.
 */
export async function removeOutboxFiles(outboxDir: string, messageIds: readonly string[]): Promise<void> {
  for (const messageId of messageIds) await rm(outboxFileOf(outboxDir, messageId), { force: true });
}

/** SMTP when SMTP_URL is set; otherwise each mail becomes `<Message-ID>.eml` in the outbox folder. */
export function createMailTransport({
  smtpUrl,
  from,
  outboxDir,
  logger,
  logLinks,
}: MailTransportOptions): MailTransport {
  assertSingleLine('From', from);
  // One connection kept open and reused: the sender sends one mail at a time, and a new connection per mail (TCP,
  // greeting, TLS) would make a queue after an outage drain slowly.
  const smtp = smtpUrl
    ? nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: 1, ...SMTP_TIMEOUTS })
    : undefined;
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  return {
    close() {
      smtp?.close();
    },
    async deliver(mail) {
      assertSingleLine('To', mail.to);
      assertSingleLine('Subject', mail.subject);
      if (mail.replyTo !== undefined) assertSingleLine('Reply-To', mail.replyTo);
      for (const [name, value] of Object.entries({
        From: mail.fromName,
        'In-Reply-To': mail.inReplyTo,
        References: mail.references,
        ...mail.headers,
      })) {
        if (value !== undefined) assertSingleLine(name, value);
      }
      const message = {
        from: fromWithName(from, mail.fromName),
        to: mail.to,
        replyTo: mail.replyTo,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        ...(mail.inReplyTo ? { inReplyTo: mail.inReplyTo } : {}),
        ...(mail.references ? { references: mail.references } : {}),
        ...(mail.headers && Object.keys(mail.headers).length > 0 ? { headers: mail.headers } : {}),
        disableFileAccess: true,
        disableUrlAccess: true,
      };
      if (smtp) {
        await smtp.sendMail(message);
        return;
      }
      const info = await files.sendMail(message);
      await mkdir(outboxDir, { recursive: true });
      const file = outboxFileOf(outboxDir, mail.messageId);
      await writeFile(`${file}.partial`, info.message);
      await rename(`${file}.partial`, file);
      // Named by its Message-ID (the file's name): the recipient and the subject may name a visitor (issue 17).
      logger.info(
        { messageId: mail.messageId, file, ...(logLinks && mail.link ? { link: mail.link } : {}) },
        'mail written to the outbox folder',
      );
    },
  };
}
