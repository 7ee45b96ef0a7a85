import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '@agency/testing';
import { createLogger } from './logger';
import { confirmationMail } from './mail-templates';
import { createMailer, MailHeaderError } from './mailer';

let sink: SmtpSink;
let outbox: string;
const logger = createLogger('silent');
const from = '"Rendezvous Digital" <no-reply@rendezvousdigital.ng>';

beforeAll(async () => {
  sink = await startSmtpSink();
  outbox = mkdtempSync(path.join(tmpdir(), 'rd-outbox-'));
});

afterAll(async () => {
  await sink.close();
  rmSync(outbox, { recursive: true, force: true });
});

describe('the mailer', () => {
  it('sends a text and an HTML body over SMTP in the agency name', async () => {
    const mailer = createMailer({ smtpUrl: sink.url, from, outboxDir: outbox, logger });
    await mailer.send(confirmationMail('reader@example.ng', 'http://app.test/confirm-email?token=abc'));
    const mail = await sink.waitForMail((m) => m.to?.[0]?.address === 'reader@example.ng');
    expect(mail.from?.name).toBe('Rendezvous Digital');
    expect(mail.text).toContain('http://app.test/confirm-email?token=abc');
    expect(mail.html).toContain('href="http://app.test/confirm-email?token=abc"');
    expect(mail.text).toContain('Rendezvous Digital');
  });

  it('without SMTP_URL writes each mail as an .eml file to the outbox', async () => {
    const mailer = createMailer({ smtpUrl: undefined, from, outboxDir: outbox, logger });
    await mailer.send(confirmationMail('local@example.ng', 'http://localhost:3000/confirm-email?token=xyz'));
    const files = readdirSync(outbox).filter((file) => file.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const parsed = await PostalMime.parse(readFileSync(path.join(outbox, files[0]!)));
    expect(parsed.to?.[0]?.address).toBe('local@example.ng');
    expect(parsed.text).toContain('confirm-email?token=xyz');
    expect(parsed.html).toContain('confirm-email?token=xyz');
  });

  it('refuses a header value with a line break', async () => {
    const mailer = createMailer({ smtpUrl: sink.url, from, outboxDir: outbox, logger });
    const injected = { ...confirmationMail('a@example.ng', 'http://x'), subject: 'Hello\r\nBcc: victim@example.ng' };
    await expect(mailer.send(injected)).rejects.toBeInstanceOf(MailHeaderError);
    await expect(
      mailer.send({ ...injected, subject: 'ok', to: 'a@example.ng\nBcc: b@example.ng' }),
    ).rejects.toBeInstanceOf(MailHeaderError);
    expect(() => createMailer({ smtpUrl: sink.url, from: 'x@y.ng\r\nBcc: z@y.ng', outboxDir: outbox, logger })).toThrow(
      MailHeaderError,
    );
  });

  it('gives up on an unreachable SMTP server instead of hanging', async () => {
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from, outboxDir: outbox, logger });
    await expect(mailer.send(confirmationMail('a@example.ng', 'http://x'))).rejects.toThrow();
  });
});
