import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONVERSATION_PATHS,
  ENQUIRY_KINDS,
  EnquiryAnswerSchema,
  INBOX_PATHS,
  InboxPageSchema,
  RESPONSE_TIMES_MESSAGES,
  RESPONSE_TIMES_PATHS,
  ResponseTargetsAnswerSchema,
  SUBMISSION_RULES,
  UNMATCHED_MAIL_PATHS,
  firstResponsePathOf,
  type MessageKind,
} from '@agency/shared';
import { storeEnquiry } from '../../test/enquiries';
import {
  answeredSubmission,
  createTestContext,
  LIMITS_WITHOUT_LOGIN_LIMITS,
  registerAndConfirm,
  signIn,
  signedInStaff,
  userIdOf,
  type StaffAgent,
  type TestContext,
} from '../../test/test-context';
import { businessMsBetween, loadBusinessCalendar } from '../calendar/calendar.service';

/**
 * Issue 21 items 2 and 3 (docs/decisions/0038): due times set on arrival from the kind's target and the business
 * calendar, the first answer recorded once (an e-mail reply, or a confirmed WhatsApp message or call; a tap alone is an
 * attempt), the states the inbox shows, and the owners' targets. Real SQLite file or MariaDB, through the app.
 */

const SECRET = 'inbound-test-secret-0123456789abcdef0123456789';
let context: TestContext;
let owner: StaffAgent;
let staff: StaffAgent;
let staffId: number;

/** A Lagos wall time (UTC+1 all year) as epoch milliseconds. */
const lagos = (wall: string) => Date.parse(`${wall}:00+01:00`);
const iso = (wall: string) => new Date(lagos(wall)).toISOString();

/** Moves the clock; sessions last 30 idle minutes, so a move of more than 10 signs both in again. */
async function setClock(ms: number) {
  const delta = ms - context.now().getTime();
  context.advance(delta);
  if (Math.abs(delta) > 10 * 60_000) {
    owner = (await signIn(context, 'owner@agency.test')).agent;
    staff = (await signIn(context, 'amaka@agency.test')).agent;
  }
}

/** A form's submission through the API arriving at `wall` (Lagos); its id. */
async function arrive(kind: MessageKind, wall: string, extra: Record<string, unknown> = {}): Promise<number> {
  await setClock(lagos(wall) - SUBMISSION_RULES.MIN_FILL_MS);
  const sent = await request(context.app)
    .post(ENQUIRY_KINDS[kind].paths.submit)
    .send(await answeredSubmission(context, kind, extra));
  expect(sent.status).toBe(201);
  const row = await context.db
    .selectFrom('enquiries')
    .select(['id', 'created_at'])
    .where('reference', '=', String(sent.body.reference))
    .executeTakeFirstOrThrow();
  expect(Number(row.created_at)).toBe(lagos(wall));
  return Number(row.id);
}

async function columnsOf(id: number) {
  const row = await context.db
    .selectFrom('enquiries')
    .select([
      'response_due_at',
      'remind_at',
      'first_response_at',
      'first_response_channel',
      'first_response_by',
      'first_response_business_ms',
      'created_at',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const numberOrNull = (value: unknown) => (value === null ? null : Number(value));
  return {
    dueAt: numberOrNull(row.response_due_at),
    remindAt: numberOrNull(row.remind_at),
    at: numberOrNull(row.first_response_at),
    channel: row.first_response_channel,
    by: numberOrNull(row.first_response_by),
    businessMs: numberOrNull(row.first_response_business_ms),
    createdAt: Number(row.created_at),
  };
}

async function enquiryOf(agent: StaffAgent, kind: MessageKind, id: number) {
  const response = await agent.get(INBOX_PATHS.enquiry(kind, id));
  expect(response.status).toBe(200);
  return EnquiryAnswerSchema.parse(response.body).enquiry;
}

beforeAll(async () => {
  context = await createTestContext({
    config: {
      // Staff sign in again after each move of the clock.
      limits: LIMITS_WITHOUT_LOGIN_LIMITS,
      inboundMail: { secret: SECRET, maxBytes: 64 * 1024, attachmentMaxBytes: 1024, attachmentsTotalMaxBytes: 2048 },
    },
  });
  owner = await signedInStaff(context, 'owner@agency.test');
  await registerAndConfirm(context, 'amaka@agency.test');
  staffId = await userIdOf(context, 'amaka@agency.test');
  await context.db.updateTable('users').set({ role: 'staff' }).where('id', '=', staffId).execute();
  staff = (await signIn(context, 'amaka@agency.test')).agent;
});

afterAll(async () => {
  await context.close();
});

describe('due times on arrival', () => {
  it('a contact form sent on a Sunday is due an hour into Monday, reminded at 45 minutes', async () => {
    const id = await arrive('contact', '2026-11-22T10:00');
    expect(await columnsOf(id)).toMatchObject({
      dueAt: lagos('2026-11-23T10:00'),
      remindAt: lagos('2026-11-23T09:45'),
    });
  });

  it('one sent at night counts from the next opening; a training has four business hours', async () => {
    const contact = await arrive('contact', '2026-11-23T20:00');
    expect(await columnsOf(contact)).toMatchObject({
      dueAt: lagos('2026-11-24T10:00'),
      remindAt: lagos('2026-11-24T09:45'),
    });
    const training = await arrive('web_dev', '2026-11-24T15:00');
    // 2 hours on Tuesday, 2 on Wednesday; the reminder at 3 hours.
    expect(await columnsOf(training)).toMatchObject({
      dueAt: lagos('2026-11-25T11:00'),
      remindAt: lagos('2026-11-25T10:00'),
    });
  });

  it('a reminder that would fall at closing time moves to the next opening', async () => {
    const id = await arrive('request_quote', '2026-11-24T16:15');
    expect(await columnsOf(id)).toMatchObject({
      dueAt: lagos('2026-11-25T09:15'),
      remindAt: lagos('2026-11-25T09:00'),
    });
  });

  it("one sent on New Year's Eve afternoon skips the holiday and the weekend", async () => {
    const id = await arrive('contact', '2026-12-31T16:30');
    expect(await columnsOf(id)).toMatchObject({
      dueAt: lagos('2027-01-04T09:30'),
      remindAt: lagos('2027-01-04T09:15'),
    });
  });

  it('spam gets none; moved to the inbox, it is due from the moment of the move', async () => {
    const id = await arrive('contact', '2026-11-23T09:00', { website: 'http://spam.example' });
    expect(await columnsOf(id)).toMatchObject({ dueAt: null, remindAt: null });
    expect((await enquiryOf(staff, 'contact', id)).responseState).toBe('spam');
    await setClock(lagos('2026-11-23T14:30'));
    expect((await staff.post(INBOX_PATHS.notSpam('contact', id))).status).toBe(200);
    expect(await columnsOf(id)).toMatchObject({
      dueAt: lagos('2026-11-23T15:30'),
      remindAt: lagos('2026-11-23T15:15'),
    });
  });

  it('spam put in the trash and restored is due from the restore; an answered one restored keeps its times', async () => {
    const spam = await arrive('contact', '2026-11-23T09:00', { website: 'http://spam.example' });
    const kept = await arrive('contact', '2026-11-23T09:05');
    const keptTimes = await columnsOf(kept);
    await setClock(lagos('2026-11-23T10:00'));
    for (const id of [spam, kept]) expect((await staff.delete(INBOX_PATHS.enquiry('contact', id))).status).toBe(200);
    expect(await columnsOf(spam)).toMatchObject({ dueAt: null, remindAt: null });
    await setClock(lagos('2026-11-23T14:30'));
    for (const id of [spam, kept]) expect((await staff.post(INBOX_PATHS.restore('contact', id))).status).toBe(200);
    expect(await columnsOf(spam)).toMatchObject({
      dueAt: lagos('2026-11-23T15:30'),
      remindAt: lagos('2026-11-23T15:15'),
    });
    expect((await enquiryOf(staff, 'contact', spam)).responseState).toBe('open');
    expect(await columnsOf(kept)).toEqual(keptTimes);
  });

  it('a received mail staff make a contact enquiry is due from when they make it', async () => {
    await setClock(lagos('2026-11-27T16:40'));
    const raw =
      'From: Bayo <bayo@example.ng>\r\nTo: hello@rendezvousdigital.ng\r\nSubject: Website\r\n' +
      'Message-ID: <rt-unmatched@example.ng>\r\nDate: Fri, 27 Nov 2026 16:40:00 +0100\r\n\r\nHello from Ikeja.\r\n';
    const received = await request(context.app)
      .post('/api/inbound-mail')
      .set({ 'Content-Type': 'message/rfc822', Authorization: `Bearer ${SECRET}` })
      .send(Buffer.from(raw));
    expect(received.status).toBeLessThan(300);
    const mail = await context.db
      .selectFrom('enquiry_mails')
      .select('id')
      .where('message_id', '=', '<rt-unmatched@example.ng>')
      .executeTakeFirstOrThrow();
    const made = await staff.post(UNMATCHED_MAIL_PATHS.convert(Number(mail.id)));
    expect(made.status).toBe(201);
    // 20 minutes on Friday, 40 on Monday; the reminder at 45 minutes.
    expect(await columnsOf(Number(made.body.enquiryId))).toMatchObject({
      dueAt: lagos('2026-11-30T09:40'),
      remindAt: lagos('2026-11-30T09:25'),
    });
  });

  it('enquiries from before the upgrade have no due time and stay no-target', async () => {
    await setClock(lagos('2026-11-30T12:00'));
    const old = await storeEnquiry(context, 'contact', { createdAt: lagos('2026-11-20T10:00') });
    const enquiry = await enquiryOf(staff, 'contact', old.id);
    expect(enquiry).toMatchObject({ responseState: 'no-target', responseDueAt: null, firstResponse: null });
    expect(enquiry.responseDue).toBeNull();
  });
});

describe('due soon and overdue', () => {
  it('the enquiry and its list row say due soon after the reminder time and overdue after the due time', async () => {
    const id = await arrive('request_quote', '2026-12-01T11:00');
    const rowOf = async () => {
      const page = InboxPageSchema.parse((await staff.get(INBOX_PATHS.list('request_quote'))).body);
      return page.enquiries.find((row) => row.id === id);
    };
    expect((await enquiryOf(staff, 'request_quote', id)).responseState).toBe('open');
    expect((await rowOf())?.responseDue).toBeNull();
    await setClock(lagos('2026-12-01T11:45'));
    expect((await enquiryOf(staff, 'request_quote', id)).responseState).toBe('due-soon');
    expect((await rowOf())?.responseDue).toEqual({ state: 'due-soon', at: iso('2026-12-01T12:00') });
    await setClock(lagos('2026-12-01T12:00'));
    const overdue = await enquiryOf(staff, 'request_quote', id);
    expect(overdue).toMatchObject({ responseState: 'overdue', responseDueAt: iso('2026-12-01T12:00') });
    expect((await rowOf())?.responseDue).toEqual({ state: 'overdue', at: iso('2026-12-01T12:00') });
    // Trash is trash, whatever its due time.
    expect((await staff.delete(INBOX_PATHS.enquiry('request_quote', id))).status).toBe(200);
    expect((await enquiryOf(staff, 'request_quote', id)).responseState).toBe('trash');
  });
});

describe('the first answer', () => {
  it('is an e-mail reply sent from the app, with its business time', async () => {
    const id = await arrive('contact', '2026-12-02T16:30');
    await setClock(lagos('2026-12-03T09:12'));
    const sent = await staff.post(CONVERSATION_PATHS.replies('contact', id)).send({ body: 'Hello, thank you.' });
    expect(sent.status).toBe(201);
    const stored = await columnsOf(id);
    expect(stored).toMatchObject({ at: lagos('2026-12-03T09:12'), channel: 'email', by: staffId });
    expect(stored.businessMs).toBe(42 * 60_000);
    expect(stored.businessMs).toBe(
      businessMsBetween(await loadBusinessCalendar(context.db), stored.createdAt, stored.at ?? 0),
    );
    const enquiry = await enquiryOf(owner, 'contact', id);
    expect(enquiry.responseState).toBe('answered');
    expect(enquiry.firstResponse).toEqual({
      at: iso('2026-12-03T09:12'),
      channel: 'email',
      byName: 'amaka',
      businessMs: 42 * 60_000,
    });
  });

  it('a tap alone (which moves New to Contacted) leaves the enquiry waiting: it still falls due and overdue', async () => {
    const id = await arrive('contact', '2026-12-07T10:00');
    await setClock(lagos('2026-12-07T10:20'));
    expect((await staff.patch(INBOX_PATHS.enquiry('contact', id)).send({ contactedVia: 'call' })).status).toBe(200);
    await setClock(lagos('2026-12-07T10:50'));
    const dueSoon = EnquiryAnswerSchema.parse((await staff.get(INBOX_PATHS.enquiry('contact', id))).body).enquiry;
    expect(dueSoon.status).toBe('contacted');
    expect(dueSoon.responseState).toBe('due-soon');
    await setClock(lagos('2026-12-07T11:05'));
    const overdue = EnquiryAnswerSchema.parse((await staff.get(INBOX_PATHS.enquiry('contact', id))).body).enquiry;
    expect(overdue.responseState).toBe('overdue');
  });

  it('a tap on WhatsApp alone is an attempt; the confirmation is the answer, and the first answer wins', async () => {
    const id = await arrive('contact', '2026-12-04T10:00');
    await setClock(lagos('2026-12-04T10:20'));
    const tapped = await staff.patch(INBOX_PATHS.enquiry('contact', id)).send({ contactedVia: 'whatsapp' });
    expect(tapped.status).toBe(200);
    const afterTap = EnquiryAnswerSchema.parse(tapped.body).enquiry;
    expect(afterTap.firstResponse).toBeNull();
    expect(afterTap.history.map((event) => [event.action, event.to])).toContainEqual(['contacted', 'whatsapp']);
    expect((await columnsOf(id)).at).toBeNull();

    await setClock(lagos('2026-12-04T10:25'));
    const confirmed = await staff.post(firstResponsePathOf('contact', id)).send({ channel: 'whatsapp' });
    expect(confirmed.status).toBe(200);
    const answered = EnquiryAnswerSchema.parse(confirmed.body).enquiry;
    expect(answered.responseState).toBe('answered');
    expect(answered.firstResponse).toMatchObject({ channel: 'whatsapp', byName: 'amaka', businessMs: 25 * 60_000 });
    expect(answered.history[0]).toMatchObject({ action: 'first-response', to: 'whatsapp', actorName: 'amaka' });

    // A later reply and a later call are answers too, but not the first: nothing moves.
    await setClock(lagos('2026-12-04T11:00'));
    expect((await owner.post(CONVERSATION_PATHS.replies('contact', id)).send({ body: 'As discussed.' })).status).toBe(
      201,
    );
    expect((await owner.post(firstResponsePathOf('contact', id)).send({ channel: 'call' })).status).toBe(200);
    expect(await columnsOf(id)).toMatchObject({
      at: lagos('2026-12-04T10:25'),
      channel: 'whatsapp',
      by: staffId,
      businessMs: 25 * 60_000,
    });
    const history = (await enquiryOf(owner, 'contact', id)).history.filter((e) => e.action === 'first-response');
    expect(history.map((event) => event.to)).toEqual(['call', 'whatsapp']);
  });

  it('a confirmed call is the answer; of two given at once, one is recorded, once', async () => {
    const id = await arrive('creative_design', '2026-12-07T09:00');
    await setClock(lagos('2026-12-07T13:00'));
    const [call, reply] = await Promise.all([
      staff.post(firstResponsePathOf('creative_design', id)).send({ channel: 'call' }),
      owner.post(CONVERSATION_PATHS.replies('creative_design', id)).send({ body: 'Welcome.' }),
    ]);
    expect([call.status, reply.status]).toEqual([200, 201]);
    const stored = await columnsOf(id);
    expect(['call', 'email']).toContain(stored.channel);
    expect(stored).toMatchObject({ at: lagos('2026-12-07T13:00'), businessMs: 4 * 3_600_000 });
    expect(stored.by).toBe(stored.channel === 'call' ? staffId : await userIdOf(context, 'owner@agency.test'));
  });

  it('is refused for a bad channel (400), an unknown enquiry (404) and spam (409); old clients still PATCH', async () => {
    const id = await arrive('contact', '2026-12-08T10:00');
    expect((await staff.post(firstResponsePathOf('contact', id)).send({ channel: 'email' })).status).toBe(400);
    expect((await staff.post(firstResponsePathOf('contact', id)).send({})).status).toBe(400);
    expect((await staff.post(firstResponsePathOf('contact', 987_654)).send({ channel: 'call' })).status).toBe(404);
    expect((await request(context.app).post(firstResponsePathOf('contact', id)).send({ channel: 'call' })).status).toBe(
      401,
    );
    const spam = await arrive('contact', '2026-12-08T10:05', { website: 'http://spam.example' });
    const refused = await staff.post(firstResponsePathOf('contact', spam)).send({ channel: 'call' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(RESPONSE_TIMES_MESSAGES.NOT_IN_INBOX);
    expect((await staff.patch(INBOX_PATHS.enquiry('contact', id)).send({ contactedVia: 'call' })).status).toBe(200);
    expect((await columnsOf(id)).at).toBeNull();
  });
});

describe('the targets', () => {
  const TARGETS = RESPONSE_TIMES_PATHS.TARGETS;

  it('are the defaults until an owner changes them; staff read, only owners write', async () => {
    const answer = ResponseTargetsAnswerSchema.parse((await staff.get(TARGETS)).body);
    expect(answer.targets.map(({ kind, minutes, updatedAt }) => [kind, minutes, updatedAt])).toEqual([
      ['web_dev', 240, null],
      ['creative_design', 240, null],
      ['contact', 60, null],
      ['request_quote', 60, null],
    ]);
    expect((await request(context.app).get(TARGETS)).status).toBe(401);
    expect((await staff.put(TARGETS).send({ targets: { contact: 30 } })).status).toBe(403);
  });

  it('are whole minutes from 15 to 2400, said plainly', async () => {
    for (const minutes of [14, 2401, 30.5, '60', null]) {
      const refused = await owner.put(TARGETS).send({ targets: { contact: minutes } });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(RESPONSE_TIMES_MESSAGES.TARGET);
    }
    expect((await owner.put(TARGETS).send({ targets: {} })).status).toBe(400);
    expect((await owner.put(TARGETS).send({ targets: { lunch: 60 } })).status).toBe(400);
    expect((await owner.put(TARGETS).send({ targets: { contact: 15, web_dev: 2400 } })).status).toBe(200);
    expect((await owner.put(TARGETS).send({ targets: { contact: 60, web_dev: 240 } })).status).toBe(200);
  });

  it('changed, are audited and move the due times of enquiries still waiting, and of no others', async () => {
    await setClock(lagos('2026-12-09T09:00'));
    const waiting = await arrive('contact', '2026-12-09T09:00');
    const reminded = await arrive('contact', '2026-12-09T09:01');
    await context.db
      .updateTable('enquiries')
      .set({ reminded_at: lagos('2026-12-09T09:46') })
      .where('id', '=', reminded)
      .execute();
    const answered = await arrive('contact', '2026-12-09T09:02');
    expect((await staff.post(firstResponsePathOf('contact', answered)).send({ channel: 'call' })).status).toBe(200);
    const training = await arrive('web_dev', '2026-12-09T09:03');
    const before = await Promise.all([reminded, answered, training].map(columnsOf));
    // Spam put in the trash, then restored: its clock started at the restore, and a new target counts from there.
    const released = await arrive('contact', '2026-12-09T09:04', { website: 'http://spam.example' });
    await setClock(lagos('2026-12-09T09:20'));
    expect((await staff.delete(INBOX_PATHS.enquiry('contact', released))).status).toBe(200);
    await setClock(lagos('2026-12-09T09:30'));
    expect((await staff.post(INBOX_PATHS.restore('contact', released))).status).toBe(200);

    const saved = await owner.put(TARGETS).send({ targets: { contact: 120 } });
    expect(saved.status).toBe(200);
    const answer = ResponseTargetsAnswerSchema.parse(saved.body);
    expect(answer.targets.find(({ kind }) => kind === 'contact')).toMatchObject({ minutes: 120, defaultMinutes: 60 });
    expect(await columnsOf(waiting)).toMatchObject({
      dueAt: lagos('2026-12-09T11:00'),
      remindAt: lagos('2026-12-09T10:30'),
    });
    expect(await columnsOf(released)).toMatchObject({
      dueAt: lagos('2026-12-09T11:30'),
      remindAt: lagos('2026-12-09T11:00'),
    });
    expect(await Promise.all([reminded, answered, training].map(columnsOf))).toEqual(before);
    const newOne = await arrive('contact', '2026-12-09T10:00');
    expect((await columnsOf(newOne)).dueAt).toBe(lagos('2026-12-09T12:00'));

    const audit = await context.db
      .selectFrom('audit_log')
      .select(['action', 'target', 'detail'])
      .where('action', '=', 'response-targets.change')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.target).toBe('the first-response targets');
    // Every contact enquiry of this file still waiting (the earlier tests' too), not the three kept above.
    const stillWaiting = await context.db
      .selectFrom('enquiries')
      .select('id')
      .where('kind', '=', 'contact')
      .where('folder', '=', 'inbox')
      // A tap moves New to Contacted and is only an attempt: still waiting (AWAITING_ANSWER_STATUSES).
      .where('status', 'in', ['new', 'contacted'])
      .where('first_response_at', 'is', null)
      .where('reminded_at', 'is', null)
      .where('response_due_at', 'is not', null)
      .where('id', '!=', newOne)
      .execute();
    expect(stillWaiting.map((row) => Number(row.id))).toContain(waiting);
    expect(JSON.parse(String(audit.detail))).toEqual({
      minutes: { contact: { from: 60, to: 120 } },
      recomputed: stillWaiting.length,
    });
  });
});
