import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RETENTION_DAYS, type MessageKind } from '@agency/shared';
import type { OutboxStatus } from '../../lib/database-schema';
import { createLogger } from '../../lib/logger';
import { outboxFileOf } from '../../lib/mailer';
import { outboxDir } from '../../lib/paths';
import { createTestContext, type TestContext } from '../../test/test-context';
import { storeEnquiry } from '../../test/enquiries';
import { insertEvent, insertNote, markRead } from '../inbox/inbox.repository';
import { RETENTION_JOB, runDailyPurge, startDailyPurge, type RetentionDeps } from './retention.service';

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;

let context: TestContext;
let deps: RetentionDeps;

async function idsOf(kind: MessageKind): Promise<number[]> {
  const rows = await context.db.selectFrom('enquiries').where('kind', '=', kind).select('id').orderBy('id').execute();
  return rows.map((row) => Number(row.id));
}

async function storeMail(name: string, status: OutboxStatus, times: { createdAt: number; sentAt?: number }) {
  const messageId = `<${name}@rendezvousdigital.ng>`;
  await context.db
    .insertInto('outbox')
    .values({
      message_id: messageId,
      purpose: 'auto-reply',
      recipient: `${name}@example.ng`,
      reply_to: null,
      subject: name,
      text_body: name,
      html_body: name,
      holds_secret: 0,
      status,
      attempts: status === 'failed' ? 8 : 1,
      // Never due for the test's own sender, which must leave these rows alone.
      next_attempt_at: times.createdAt + 1000 * DAY,
      lease_owner: null,
      lease_until: null,
      last_error: null,
      created_at: times.createdAt,
      sent_at: times.sentAt ?? null,
    })
    .execute();
  return messageId;
}

async function purgeEntries() {
  const rows = await context.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', 'retention.purge')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, detail: JSON.parse(row.detail) as Record<string, unknown> }));
}

beforeAll(async () => {
  context = await createTestContext();
  deps = { db: context.db, clock: () => context.now(), config: context.config, logger: createLogger('silent') };
});

afterAll(async () => {
  await context.close();
});

beforeEach(async () => {
  await context.db.deleteFrom('enquiries').execute();
  for (const table of ['enquiry_reads', 'enquiry_notes', 'enquiry_events', 'outbox', 'scheduled_runs'] as const) {
    await context.db.deleteFrom(table).execute();
  }
});

describe('the daily retention purge', () => {
  it('removes each kind of expired data just past its limit and keeps what is a day younger', async () => {
    const now = context.now().getTime();
    const enquiryLimit = RETENTION_DAYS.ENQUIRIES * DAY;
    const trashLimit = RETENTION_DAYS.TRASH_AND_SPAM * DAY;
    const mailLimit = RETENTION_DAYS.SENT_MAIL * DAY;

    // Enquiries past RETENTION_DAYS go from any folder, with their notes, history and read marks.
    const oldEnquiry = await storeEnquiry(context, 'web_dev', { createdAt: now - enquiryLimit - MINUTE });
    const youngerEnquiry = await storeEnquiry(context, 'web_dev', { createdAt: now - enquiryLimit + DAY });
    await insertNote(context.db, {
      enquiryId: oldEnquiry.id,
      authorId: 1,
      body: 'Enrolled in 2024.',
      createdAt: now - enquiryLimit,
    });
    await insertEvent(context.db, {
      enquiryId: oldEnquiry.id,
      actorId: 1,
      action: 'status',
      from: 'new',
      to: 'enrolled',
      createdAt: now - enquiryLimit,
    });
    await markRead(context.db, oldEnquiry.id, 1, now - enquiryLimit);

    // Trash counts from when it went there, not from when it arrived.
    const oldTrash = await storeEnquiry(context, 'contact', { createdAt: now - 100 * DAY });
    const youngerTrash = await storeEnquiry(context, 'contact', { createdAt: now - 100 * DAY });
    const trash = (id: number, trashedAt: number) =>
      context.db
        .updateTable('enquiries')
        .set({ folder: 'trash', trashed_at: trashedAt })
        .where('id', '=', id)
        .execute();
    await trash(oldTrash.id, now - trashLimit - MINUTE);
    await trash(youngerTrash.id, now - trashLimit + DAY);
    const inboxOfTheSameAge = await storeEnquiry(context, 'contact', { createdAt: now - 100 * DAY });

    // Spam counts from when it arrived.
    await storeEnquiry(context, 'request_quote', {
      createdAt: now - trashLimit - MINUTE,
      spamReason: 'honeypot',
    });
    const youngerSpam = await storeEnquiry(context, 'request_quote', {
      createdAt: now - trashLimit + DAY,
      spamReason: 'too-fast',
    });

    // Sent mail counts from sending, a mail given up on from when it was written; a pending one is never purged.
    const oldSent = await storeMail('old-sent', 'sent', {
      createdAt: now - 200 * DAY,
      sentAt: now - mailLimit - MINUTE,
    });
    const youngerSent = await storeMail('younger-sent', 'sent', {
      createdAt: now - 200 * DAY,
      sentAt: now - mailLimit + DAY,
    });
    const oldFailed = await storeMail('old-failed', 'failed', { createdAt: now - mailLimit - MINUTE });
    const youngerFailed = await storeMail('younger-failed', 'failed', { createdAt: now - mailLimit + DAY });
    const oldPending = await storeMail('old-pending', 'pending', { createdAt: now - 200 * DAY });
    // The copies the file transport wrote (mail without SMTP) go with their records.
    const folder = outboxDir(context.dataDir);
    mkdirSync(folder, { recursive: true });
    for (const messageId of [oldSent, youngerSent, oldFailed]) writeFileSync(outboxFileOf(folder, messageId), 'mail');

    // A form post's outcome holds what was typed: gone once its half hour is over (docs/decisions/0045).
    const outcome = (id: string, expiresAt: number) => ({
      id,
      browser: 'b'.repeat(64),
      kind: 'contact',
      state: '{"values":{"name":"Ngozi"}}',
      created_at: expiresAt - 30 * MINUTE,
      expires_at: expiresAt,
    });
    await context.db
      .insertInto('form_outcomes')
      .values([outcome('expired', now - MINUTE), outcome('current', now + MINUTE)])
      .execute();

    const run = await runDailyPurge(deps, 'instance-a');
    expect(run).toEqual({
      ran: true,
      day: '2026-11-22',
      counts: { enquiries: 1, trash: 1, spam: 1, mails: 2, unmatched: 0, formOutcomes: 1 },
    });
    expect(await context.db.selectFrom('form_outcomes').select('id').execute()).toEqual([{ id: 'current' }]);
    await context.db.deleteFrom('form_outcomes').execute();

    expect(await idsOf('web_dev')).toEqual([youngerEnquiry.id]);
    expect(await idsOf('contact')).toEqual([youngerTrash.id, inboxOfTheSameAge.id]);
    expect(await idsOf('request_quote')).toEqual([youngerSpam.id]);
    for (const table of ['enquiry_notes', 'enquiry_events', 'enquiry_reads'] as const) {
      expect(await context.db.selectFrom(table).select('enquiry_id').execute(), table).toEqual([]);
    }
    const mails = await context.db.selectFrom('outbox').select('message_id').orderBy('id').execute();
    expect(mails.map((mail) => mail.message_id)).toEqual([youngerSent, youngerFailed, oldPending]);
    expect(existsSync(outboxFileOf(folder, oldSent))).toBe(false);
    expect(existsSync(outboxFileOf(folder, oldFailed))).toBe(false);
    expect(existsSync(outboxFileOf(folder, youngerSent))).toBe(true);

    const entry = (await purgeEntries()).at(-1);
    expect(entry).toMatchObject({
      actor_id: null,
      actor_email: 'the server',
      target: '6 records',
      detail: {
        day: '2026-11-22',
        enquiries: 1,
        trash: 1,
        spam: 1,
        mails: 2,
        unmatched: 0,
        formOutcomes: 1,
        retentionDays: 730,
      },
    });
  });

  it('keeps enquiries for RETENTION_DAYS as configured', async () => {
    const now = context.now().getTime();
    await storeEnquiry(context, 'creative_design', { createdAt: now - 365 * DAY - MINUTE });
    const kept = await storeEnquiry(context, 'creative_design', { createdAt: now - 364 * DAY });
    const run = await runDailyPurge({ ...deps, config: { ...context.config, retentionDays: 365 } }, 'instance-a');
    expect(run).toMatchObject({ ran: true, counts: { enquiries: 1 } });
    expect(await idsOf('creative_design')).toEqual([kept.id]);
  });

  it('runs once a Lagos day, by exactly one of the instances that check, and again the next day', async () => {
    const before = (await purgeEntries()).length;
    const first = await Promise.all(['a', 'b', 'c'].map((instance) => runDailyPurge(deps, instance)));
    expect(first.filter((run) => run.ran)).toHaveLength(1);
    expect((await runDailyPurge(deps, 'a')).ran).toBe(false);
    expect((await runDailyPurge(deps, 'd')).ran).toBe(false);
    const row = await context.db
      .selectFrom('scheduled_runs')
      .selectAll()
      .where('job', '=', RETENTION_JOB)
      .executeTakeFirstOrThrow();
    expect(row.last_run_on).toBe('2026-11-22');
    expect(['a', 'b', 'c']).toContain(row.claimed_by);
    expect(Number(row.finished_at)).toBe(context.now().getTime());
    expect((await purgeEntries()).length).toBe(before + 1);

    // 09:00 UTC to 22:59 UTC is still the 22nd in Lagos (UTC+1); 23:00 UTC is the 23rd there.
    const start = context.now().getTime();
    context.advance(14 * 60 * MINUTE - MINUTE);
    expect((await runDailyPurge(deps, 'b')).ran).toBe(false);
    context.advance(MINUTE);
    const next = await Promise.all(['b', 'c'].map((instance) => runDailyPurge(deps, instance)));
    expect(next.filter((run) => run.ran)).toEqual([
      {
        ran: true,
        day: '2026-11-23',
        counts: { enquiries: 0, trash: 0, spam: 0, mails: 0, unmatched: 0, formOutcomes: 0 },
      },
    ]);
    const entries = await purgeEntries();
    expect(entries.length).toBe(before + 2);
    expect(entries.at(-1)).toMatchObject({ target: '0 records', detail: { day: '2026-11-23', mails: 0 } });
    context.advance(start - context.now().getTime());
  });

  it('is started by the server: a check at once, then hourly on a timer that stop() ends', async () => {
    const purge = startDailyPurge(deps, 'server-instance');
    await purge.stop();
    const row = await context.db
      .selectFrom('scheduled_runs')
      .select(['last_run_on', 'claimed_by'])
      .where('job', '=', RETENTION_JOB)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ last_run_on: '2026-11-22', claimed_by: 'server-instance' });
  });
});
