import { readdirSync } from 'node:fs';
import { CompiledQuery, sql } from 'kysely';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { API_PATHS, MESSAGE_KIND_PATHS } from '@agency/shared';
import { findFreePort, type SmtpSink, startSmtpSink } from '@agency/testing';
import { createLogger } from '../../lib/logger';
import { createMailTransport } from '../../lib/mailer';
import { outboxDir } from '../../lib/paths';
import { VALID_SUBMISSIONS } from '../../test/fixtures';
import {
  createTestContext,
  registerAndConfirm,
  signedInStaff,
  STRONG_PASSWORD,
  type TestContext,
} from '../../test/test-context';
import { createOutboxSender, MAIL_MAX_ATTEMPTS, queueMails } from './outbox';
import { dueMails } from './outbox.repository';

let context: TestContext | undefined;
let lateSink: SmtpSink | undefined;

afterEach(async () => {
  await context?.close();
  await lateSink?.close();
  context = undefined;
  lateSink = undefined;
});

const outboxRows = (ctx: TestContext) => ctx.db.selectFrom('outbox').selectAll().orderBy('id').execute();

/** The installation's first account, confirmed from the mail in `sink`, signed in. */
async function signedInStaffOn(ctx: TestContext, sink: SmtpSink) {
  return signedInStaff({ ...ctx, sink });
}

describe('the mail outbox', () => {
  it('while SMTP is down, registration and submissions succeed; each mail goes out once when SMTP returns', async () => {
    const port = await findFreePort();
    context = await createTestContext({
      mail: { smtpUrl: `smtp://127.0.0.1:${port}` },
      config: { staffNotifyEmails: ['inbox@agency.test'] },
    });
    const registered = await request(context.app)
      .post(API_PATHS.REGISTER)
      .field('email', 'new@example.ng')
      .field('password', STRONG_PASSWORD);
    expect(registered.status).toBe(201);
    for (let index = 0; index < 5; index += 1) {
      const sent = await request(context.app).post(MESSAGE_KIND_PATHS.contact.submit).send(VALID_SUBMISSIONS.contact);
      expect(sent.status).toBe(201);
    }
    await context.sender.drain();
    const waiting = await outboxRows(context);
    // The confirmation, then a notification for each enquiry (the bare payload gets no auto-reply, issue 17).
    expect(waiting).toHaveLength(6);
    expect(waiting.every((row) => row.status === 'pending' && row.attempts === 1 && row.last_error)).toBe(true);

    lateSink = await startSmtpSink({ port });
    // The first retry is due after MAIL_RETRY_BASE_SECONDS.
    context.advance(context.config.mailRetryBaseMs);
    await context.sender.drain();
    await context.sender.drain();
    expect(lateSink.mails).toHaveLength(6);
    expect(lateSink.mails.filter((mail) => mail.recipients.includes('inbox@agency.test'))).toHaveLength(5);
    expect(lateSink.mails.filter((mail) => mail.recipients.includes('new@example.ng'))).toHaveLength(1);
    expect(new Set(lateSink.mails.map((mail) => mail.messageId)).size).toBe(6);
    expect((await outboxRows(context)).every((row) => row.status === 'sent')).toBe(true);
  });

  it('retries with doubling waits, and after eight tries marks the mail failed and shows it to staff', async () => {
    lateSink = await startSmtpSink({ defer: ['inbox@agency.test'] });
    context = await createTestContext({
      mail: { smtpUrl: lateSink.url },
      config: { staffNotifyEmails: ['inbox@agency.test'] },
    });
    await request(context.app).post(MESSAGE_KIND_PATHS.contact.submit).send(VALID_SUBMISSIONS.contact);
    const base = context.config.mailRetryBaseMs;
    const start = context.now().getTime();
    const schedule: number[] = [];
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt += 1) {
      await context.sender.drain();
      const [row] = await outboxRows(context);
      expect(row?.attempts).toBe(attempt);
      schedule.push(Number(row?.next_attempt_at) - context.now().getTime());
      if (attempt < MAIL_MAX_ATTEMPTS) {
        expect(row?.status).toBe('pending');
        // One millisecond early is still too early.
        context.advance(base * 2 ** (attempt - 1) - 1);
        await context.sender.drain();
        expect((await outboxRows(context))[0]?.attempts).toBe(attempt);
        context.advance(1);
      } else {
        expect(row?.status).toBe('failed');
      }
    }
    expect(schedule.slice(0, 3)).toEqual([base, 2 * base, 4 * base]);
    expect(context.now().getTime() - start).toBe(base * (2 ** (MAIL_MAX_ATTEMPTS - 1) - 1));

    expect((await outboxRows(context))[0]?.last_error).toMatch(/451/);
    lateSink.mails.length = 0;
    const staff = await signedInStaffOn(context, lateSink);
    const failed = await staff.get('/api/outbox/failed');
    expect(failed.status).toBe(200);
    expect(failed.headers['cache-control']).toContain('no-store');
    expect(failed.body.mails).toHaveLength(1);
    expect(failed.body.mails[0]).toMatchObject({
      purpose: 'staff-notification',
      recipient: 'inbox@agency.test',
      attempts: MAIL_MAX_ATTEMPTS,
    });
    expect((await request(context.app).get('/api/outbox/failed')).status).toBe(401);
  });

  it('a mail the server refuses for good (550) is marked failed at once, not retried', async () => {
    const port = await findFreePort();
    lateSink = await startSmtpSink({ port, refuse: ['nobody@example.ng'] });
    context = await createTestContext({ mail: { smtpUrl: lateSink.url } });
    await queueMails(
      context.db,
      [
        { to: 'nobody@example.ng', subject: 'Refused', text: 't', html: 'h', purpose: 'auto-reply' },
        { to: 'somebody@example.ng', subject: 'Taken', text: 't', html: 'h', purpose: 'auto-reply' },
      ],
      { now: context.now().getTime(), from: 'no-reply@agency.test' },
    );
    await context.sender.drain();
    const rows = await outboxRows(context);
    expect(rows.map((row) => [row.recipient, row.status, row.attempts])).toEqual([
      ['nobody@example.ng', 'failed', 1],
      ['somebody@example.ng', 'sent', 1],
    ]);
    expect(rows[0]?.last_error).toMatch(/550/);
  });

  it('two senders on one database send each of 30 mails exactly once', async () => {
    context = await createTestContext();
    await context.sender.stop();
    const now = context.now().getTime();
    await queueMails(
      context.db,
      Array.from({ length: 30 }, (_, index) => ({
        to: `visitor${index}@example.ng`,
        subject: `Mail ${index}`,
        text: 'Hello',
        html: '<p>Hello</p>',
        purpose: 'auto-reply' as const,
      })),
      { now, from: 'no-reply@agency.test' },
    );
    const transports = [1, 2].map(() =>
      createMailTransport({
        smtpUrl: context!.sink.url,
        from: context!.config.mailFrom,
        outboxDir: context!.dataDir,
        logger: createLogger('silent'),
        logLinks: false,
      }),
    );
    const [first, second] = transports.map((transport) =>
      createOutboxSender({
        db: context!.db,
        dialect: context!.database.dialect,
        transport,
        clock: context!.now,
        logger: createLogger('silent'),
        retryBaseMs: 1000,
        leaseMs: 60_000,
      }),
    );
    await Promise.all([first!.drain(), second!.drain(), first!.drain(), second!.drain()]);
    for (const transport of transports) transport.close();
    expect(context.sink.mails).toHaveLength(30);
    expect(new Set(context.sink.mails.map((mail) => mail.subject)).size).toBe(30);
    expect((await outboxRows(context)).every((row) => row.status === 'sent')).toBe(true);
  });

  it('a sender finds the next due mail through the due index, without sorting the backlog', async () => {
    context = await createTestContext();
    await context.sender.stop();
    const now = context.now().getTime();
    const mails = Array.from({ length: 400 }, (_, index) => ({
      to: `visitor${index}@example.ng`,
      subject: `Mail ${index}`,
      text: 'Hello',
      html: '<p>Hello</p>',
      purpose: 'auto-reply' as const,
    }));
    await queueMails(context.db, mails, { now, from: 'no-reply@agency.test' });
    const due = dueMails(context.db, now, 1);
    const explained = (prefix: string) => {
      const { sql: text, parameters } = due.compile();
      return CompiledQuery.raw(`${prefix} ${text}`, [...parameters]);
    };
    if (context.database.dialect === 'sqlite') {
      await sql`analyze`.execute(context.db);
      const plan = await context.db.executeQuery<{ detail: string }>(explained('explain query plan'));
      const details = plan.rows.map((row) => row.detail).join('\n');
      expect(details).toMatch(/outbox_due/);
      expect(details).not.toMatch(/TEMP B-TREE/);
    } else {
      await sql`analyze table outbox`.execute(context.db);
      const plan = await context.db.executeQuery<{ key: string | null; Extra: string | null }>(explained('explain'));
      expect(plan.rows[0]?.key).toBe('outbox_due');
      expect(plan.rows.map((row) => row.Extra ?? '').join('\n')).not.toMatch(/filesort|temporary/i);
    }
    // Oldest first: the first queued is the first due.
    const [first] = await due.execute();
    expect(first?.id).toBe((await outboxRows(context))[0]?.id);
  });

  it('a mail whose sender died is taken over after its lease, with the same Message-ID', async () => {
    context = await createTestContext();
    await context.sender.stop();
    const now = context.now().getTime();
    await queueMails(
      context.db,
      [{ to: 'late@example.ng', subject: 'Held', text: 'Hello', html: '<p>Hello</p>', purpose: 'auto-reply' }],
      { now, from: 'no-reply@agency.test' },
    );
    // A sender that claimed the row and was killed before it could record anything.
    await context.db
      .updateTable('outbox')
      .set({ lease_owner: 'dead-sender', lease_until: now + context.config.mailLeaseMs })
      .execute();
    const [held] = await outboxRows(context);
    await context.sender.drain();
    expect(context.sink.mails).toHaveLength(0);
    context.advance(context.config.mailLeaseMs);
    await context.sender.drain();
    expect(context.sink.mails).toHaveLength(1);
    expect(context.sink.mails[0]?.messageId).toBe(held?.message_id);
  });

  it('a sent confirmation keeps no copy of its link; a notification keeps its text', async () => {
    context = await createTestContext({ config: { staffNotifyEmails: ['inbox@agency.test'] } });
    await registerAndConfirm(context, 'owner@agency.test');
    await request(context.app).post(MESSAGE_KIND_PATHS.contact.submit).send(VALID_SUBMISSIONS.contact);
    await context.sink.takeMail('inbox@agency.test');
    await context.sender.drain();
    const rows = await outboxRows(context);
    const confirmation = rows.find((row) => row.purpose === 'confirm');
    expect(confirmation).toMatchObject({ status: 'sent', text_body: '', html_body: '' });
    const notification = rows.find((row) => row.purpose === 'staff-notification');
    expect(notification?.text_body).toContain(VALID_SUBMISSIONS.contact.name);
  });

  it('without SMTP_URL each mail is a file named by its Message-ID', async () => {
    context = await createTestContext({ mail: 'outbox', config: { staffNotifyEmails: ['inbox@agency.test'] } });
    await request(context.app).post(MESSAGE_KIND_PATHS.contact.submit).send(VALID_SUBMISSIONS.contact);
    await context.sender.drain();
    const rows = await outboxRows(context);
    expect(rows.map((row) => row.status)).toEqual(['sent']);
    const files = readdirSync(outboxDir(context.dataDir)).sort();
    expect(files).toEqual(rows.map((row) => `${row.message_id.replace(/[<>]/g, '')}.eml`).sort());
  });
});
