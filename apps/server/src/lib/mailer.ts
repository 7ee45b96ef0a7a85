import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from './logger';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action link, logged when mails go to the outbox so a local run can follow it. */
  link?: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

export class MailHeaderError extends Error {}

const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** Header injection guard: no header value may carry a line break. */
function assertSingleLine(name: string, value: string): void {
  if (/[\r\n]/.test(value)) throw new MailHeaderError(`The ${name} header must be a single line.`);
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  logger: Logger;
}

/** SMTP when SMTP_URL is set; otherwise each mail becomes an .eml file in the outbox folder. */
export function createMailer({ smtpUrl, from, outboxDir, logger }: MailerOptions): Mailer {
  assertSingleLine('From', from);
  const smtp = smtpUrl ? nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }) : undefined;
  const outbox = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  return {
    async send(mail) {
      assertSingleLine('To', mail.to);
      assertSingleLine('Subject', mail.subject);
      const message = {
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        disableFileAccess: true,
        disableUrlAccess: true,
      };
      if (smtp) {
        await smtp.sendMail(message);
        return;
      }
      const info = await outbox.sendMail(message);
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message);
      logger.info({ to: mail.to, subject: mail.subject, file, link: mail.link }, 'mail written to the outbox');
    },
  };
}
