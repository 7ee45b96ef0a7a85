import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '@agency/testing';
import { createLogger } from './logger';
import { confirmationMail } from './mail-templates';
import { createMailTransport as openTransport, MailHeaderError, type Envelope } from './mailer';

let sink: SmtpSink;
const opened: Array<{ close(): void }> = [];
let outbox: string;
const logger = createLogger('silent');
const from = '"Rendezvous Digital" <no-reply@rendezvousdigital.ng>';

beforeAll(async () => {
  sink = await startSmtpSink();
  outbox = mkdtempSync(path.join(tmpdir(), 'rd-outbox-'));
});

afterAll(async () => {
  for (const transport of opened) transport.close();
  await sink.close();
  rmSync(outbox, { recursive: true, force: true });
});

/** Every transport a test opens is closed before the sink, whose close waits for open connections. */
const createMailTransport = (options: Parameters<typeof openTransport>[0]) => {
  const transport = openTransport(options);
  opened.push(transport);
  return transport;
};

const envelope = (to: string, link: string): Envelope => ({
  ...confirmationMail(to, link),
  messageId: `<${to.replace('@', '.')}@rendezvousdigital.ng>`,
});

describe('the mail transport', () => {
  it('sends a text and an HTML body over SMTP in the agency name, with the Message-ID it was given', async () => {
    const transport = createMailTransport({ smtpUrl: sink.url, from, outboxDir: outbox, logger, logLinks: false });
    await transport.deliver(envelope('reader@example.ng', 'http://app.test/confirm-email?token=abc'));
    const mail = await sink.waitForMail((m) => m.to?.[0]?.address === 'reader@example.ng');
    expect(mail.from?.name).toBe('Rendezvous Digital');
    expect(mail.messageId).toBe('<reader.example.ng@rendezvousdigital.ng>');
    expect(mail.text).toContain('http://app.test/confirm-email?token=abc');
    expect(mail.html).toContain('href="http://app.test/confirm-email?token=abc"');
    expect(mail.text).toContain('Rendezvous Digital');
  });

  it('without SMTP_URL writes each mail as an .eml file named by its Message-ID', async () => {
    const transport = createMailTransport({ smtpUrl: undefined, from, outboxDir: outbox, logger, logLinks: false });
    const mail = envelope('local@example.ng', 'http://localhost:3000/confirm-email?token=xyz');
    await transport.deliver(mail);
    // Delivered again after a crash: the same file, not a second one.
    await transport.deliver(mail);
    const files = readdirSync(outbox).filter((file) => file.endsWith('.eml'));
    expect(files).toEqual(['local.example.ng@rendezvousdigital.ng.eml']);
    const parsed = await PostalMime.parse(readFileSync(path.join(outbox, files[0]!)));
    expect(parsed.to?.[0]?.address).toBe('local@example.ng');
    expect(parsed.text).toContain('confirm-email?token=xyz');
    expect(parsed.html).toContain('confirm-email?token=xyz');
  });

  it('logs the link of a file mail only when allowed (never in production)', async () => {
    const lines: string[] = [];
    const capture = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    const link = 'http://localhost:3000/reset-password?token=secret-token';
    for (const logLinks of [false, true]) {
      const transport = createMailTransport({
        smtpUrl: undefined,
        from,
        outboxDir: outbox,
        logger: createLogger('info', capture),
        logLinks,
      });
      await transport.deliver({ ...envelope(`log${String(logLinks)}@example.ng`, link), link });
    }
    expect(lines).toHaveLength(2);
    expect(lines[0]).not.toContain('secret-token');
    expect(lines[1]).toContain('secret-token');
  });

  it('refuses a header value with a line break', async () => {
    const transport = createMailTransport({ smtpUrl: sink.url, from, outboxDir: outbox, logger, logLinks: false });
    const injected = { ...envelope('a@example.ng', 'http://x'), subject: 'Hello\r\nBcc: victim@example.ng' };
    await expect(transport.deliver(injected)).rejects.toBeInstanceOf(MailHeaderError);
    await expect(
      transport.deliver({ ...injected, subject: 'ok', to: 'a@example.ng\nBcc: b@example.ng' }),
    ).rejects.toBeInstanceOf(MailHeaderError);
    await expect(
      transport.deliver({ ...injected, subject: 'ok', replyTo: 'a@example.ng\nBcc: b@example.ng' }),
    ).rejects.toBeInstanceOf(MailHeaderError);
    expect(() =>
      createMailTransport({
        smtpUrl: sink.url,
        from: 'x@y.ng\r\nBcc: z@y.ng',
        outboxDir: outbox,
        logger,
        logLinks: false,
      }),
    ).toThrow(MailHeaderError);
  });

  it('gives up on an unreachable SMTP server instead of hanging', async () => {
    const transport = createMailTransport({
      smtpUrl: 'smtp://127.0.0.1:1',
      from,
      outboxDir: outbox,
      logger,
      logLinks: false,
    });
    await expect(transport.deliver(envelope('a@example.ng', 'http://x'))).rejects.toThrow();
  });
});
