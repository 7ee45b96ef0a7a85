import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONVERSATION_PATHS,
  ENQUIRY_KINDS,
  INBOX_PATHS,
  blanksIn,
  fillReply,
  type SavedReply,
  type TimelineItem,
} from '@agency/shared';
import {
  answeredSubmission,
  createTestContext,
  registerAndConfirm,
  signIn,
  signedInStaff,
  userIdOf,
  type StaffAgent,
  type TestContext,
} from '../../test/test-context';
import { SHIPPED_SAVED_REPLIES } from '../../migrations/0013-saved-replies';
import { ingestMail } from './inbound.service';
import { referencesOf, replySubjectOf, subjectWithoutPrefixes } from './replies';

/**
 * Issue 20 items 1, 2, 4 (outbound) and 6: a staff reply from the enquiry, read back from the real SMTP sink with its
 * threading headers; the saved replies; the automated mails' RFC 3834 headers; the timeline. Real SQLite file or MariaDB.
 */
let context: TestContext;
let owner: StaffAgent;
let colleague: StaffAgent;

const header = (mail: { headers: Array<{ key: string; value: string }> }, name: string) =>
  mail.headers.find((entry) => entry.key.toLowerCase() === name.toLowerCase())?.value;

beforeAll(async () => {
  context = await createTestContext({ config: { staffNotifyEmails: ['inbox@agency.test'] } });
  owner = await signedInStaff(context);
  await registerAndConfirm(context, 'ada.obi@agency.test');
  const adaId = await userIdOf(context, 'ada.obi@agency.test');
  await context.db.updateTable('users').set({ role: 'staff' }).where('id', '=', adaId).execute();
  const signed = await signIn(context, 'ada.obi@agency.test');
  expect(signed.response.status).toBe(200);
  colleague = signed.agent;
});

afterAll(async () => {
  await context.close();
});

async function newContact(email: string) {
  const sent = await request(context.app)
    .post(ENQUIRY_KINDS.contact.paths.submit)
    .send(await answeredSubmission(context, 'contact', { email, name: 'Adébáyọ̀ Ogunlésì' }));
  expect(sent.status).toBe(201);
  const enquiry = await context.db
    .selectFrom('enquiries')
    .select(['id', 'reference'])
    .where('reference', '=', String(sent.body.reference))
    .executeTakeFirstOrThrow();
  return { id: Number(enquiry.id), reference: enquiry.reference };
}

describe('subjects and chains', () => {
  it('puts one Re: before the thread subject and keeps the reference', () => {
    expect(replySubjectOf('We have your contact message: reference RD-26-00001', 'RD-26-00001')).toBe(
      'Re: We have your contact message: reference RD-26-00001',
    );
    expect(replySubjectOf('Re: RE: Fwd: Website', 'RD-26-00002')).toBe('Re: Website [RD-26-00002]');
    expect(replySubjectOf('AW: Re: [RD-26-00003] Price', 'RD-26-00003')).toBe('Re: [RD-26-00003] Price');
    expect(subjectWithoutPrefixes('Re[2]: re: hello')).toBe('hello');
  });

  it('roots References at the auto-reply, each id once, the nearest kept when long', () => {
    expect(referencesOf('<a@x>', { messageId: '<c@x>', references: '<a@x> <b@x>' })).toEqual([
      '<a@x>',
      '<b@x>',
      '<c@x>',
    ]);
    expect(referencesOf('<a@x>', { messageId: '<a@x>', references: null })).toEqual(['<a@x>']);
    const long = Array.from({ length: 40 }, (_, index) => `<m${index}@x>`).join(' ');
    const kept = referencesOf('<root@x>', { messageId: '<last@x>', references: long });
    expect(kept).toHaveLength(20);
    expect(kept[0]).toBe('<root@x>');
    expect(kept.at(-1)).toBe('<last@x>');
  });
});

describe('a staff reply', () => {
  it('goes out threaded under the auto-reply, from the agency with the staff name, and moves New to Contacted', async () => {
    const customer = 'adebayo@example.ng';
    const { id, reference } = await newContact(customer);
    await context.sender.drain();
    const autoReply = await context.sink.takeMail(customer);
    expect(header(autoReply, 'auto-submitted')).toBe('auto-replied');
    expect(header(autoReply, 'x-auto-response-suppress')).toBe('All');
    const notification = await context.sink.takeMail('inbox@agency.test');
    expect(header(notification, 'auto-submitted')).toBe('auto-generated');
    expect(header(notification, 'x-auto-response-suppress')).toBe('All');

    // A saved reply picked, its variables filled; its blank refused until written.
    const saved = await colleague.get(CONVERSATION_PATHS.SAVED_REPLIES);
    expect(saved.status).toBe(200);
    const replies = saved.body.replies as SavedReply[];
    expect(replies.map((reply) => reply.title)).toEqual(SHIPPED_SAVED_REPLIES.map((reply) => reply.title));
    const filled = fillReply(replies[0]?.body ?? '', {
      kind: 'contact',
      reference,
      name: 'Adébáyọ̀ Ogunlésì',
      staff: 'Ada Obi',
      fields: {},
    });
    expect(blanksIn(filled)).toEqual(['day or time']);
    const refused = await colleague.post(CONVERSATION_PATHS.replies('contact', id)).send({ body: filled });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('Fill in the blank before sending: [[day or time]].');
    expect(await context.db.selectFrom('outbox').where('purpose', '=', 'staff-reply').selectAll().execute()).toEqual(
      [],
    );

    const body = filled.replace('[[day or time]]', 'Friday afternoon');
    const answered = await colleague.post(CONVERSATION_PATHS.replies('contact', id)).send({ body });
    expect(answered.status, answered.text).toBe(201);
    expect(answered.body.mail).toMatchObject({ type: 'sent', delivery: 'pending', authorName: 'Ada Obi', text: body });

    const enquiry = await colleague.get(INBOX_PATHS.enquiry('contact', id));
    expect(enquiry.body.enquiry.status).toBe('contacted');
    expect(enquiry.body.enquiry.history[0]).toMatchObject({ action: 'status', from: 'new', to: 'contacted' });

    await context.sender.drain();
    const mail = await context.sink.takeMail(customer);
    expect(mail.from).toMatchObject({ name: 'Ada Obi', address: 'no-reply@rendezvousdigital.ng' });
    expect(mail.replyTo?.map((box) => box.address)).toEqual([`hello+${reference.toLowerCase()}@rendezvousdigital.ng`]);
    expect(mail.subject).toBe(`Re: ${autoReply.subject ?? ''}`);
    expect(mail.subject).toContain(reference);
    expect(mail.inReplyTo).toBe(autoReply.messageId);
    expect(mail.references).toBe(autoReply.messageId);
    expect(header(mail, 'auto-submitted')).toBeUndefined();
    expect(header(mail, 'x-auto-response-suppress')).toBeUndefined();
    expect(mail.text?.trim()).toBe(body.trim());
    expect(mail.html).toContain('<meta name="viewport"');
    expect(mail.html).toContain('Friday afternoon');
    expect(mail.html).toContain('Adébáyọ̀ Ogunlésì');

    // The customer answers from their mail program; the second reply answers them, the chain grows.
    const raw = Buffer.from(
      [
        `From: Adebayo <${customer}>`,
        `To: hello+${reference.toLowerCase()}@rendezvousdigital.ng`,
        `Subject: RE: ${mail.subject ?? ''}`,
        `Message-ID: <customer-1@example.ng>`,
        `In-Reply-To: ${mail.messageId}`,
        `References: ${autoReply.messageId} ${mail.messageId}`,
        'Date: Sun, 22 Nov 2026 10:00:00 +0100',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Thank you. Friday works for me.',
        '',
        '> Good day Adébáyọ̀',
        '',
      ].join('\r\n'),
    );
    context.advance(60_000);
    const ingested = await ingestMail(
      { db: context.db, clock: context.now, config: context.config, mail: context.sender },
      { raw, source: 'webhook' },
    );
    expect(ingested).toMatchObject({ enquiryId: id, duplicate: false });
    const list = await colleague.get(INBOX_PATHS.list('contact'));
    const row = (list.body.enquiries as Array<{ id: number; waitingSince: string | null }>).find((r) => r.id === id);
    expect(row?.waitingSince).toBe(context.now().toISOString());

    context.advance(60_000);
    const second = await owner
      .post(CONVERSATION_PATHS.replies('contact', id))
      .send({ body: 'Wonderful. See you on Friday.\n\nOwner' });
    expect(second.status, second.text).toBe(201);
    await context.sender.drain();
    const secondMail = await context.sink.takeMail(customer);
    expect(secondMail.subject).toBe(mail.subject);
    expect(secondMail.inReplyTo).toBe('<customer-1@example.ng>');
    expect(secondMail.references).toBe(`${autoReply.messageId} ${mail.messageId} <customer-1@example.ng>`);
    const after = await context.db
      .selectFrom('enquiries')
      .select('waiting_since')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(after?.waiting_since).toBeNull();

    // One timeline, oldest first, delivery states from the outbox.
    const timeline = await colleague.get(CONVERSATION_PATHS.timeline('contact', id));
    expect(timeline.status).toBe(200);
    const items = timeline.body.items as TimelineItem[];
    expect(items.map((item) => (item.type === 'event' ? `event:${item.action}` : item.type))).toEqual([
      'enquiry',
      'auto-reply',
      'sent',
      'event:status',
      'received',
      'sent',
    ]);
    expect(items[1]).toMatchObject({ delivery: 'sent' });
    expect(items[2]).toMatchObject({ delivery: 'sent', authorName: 'Ada Obi' });
    expect(items[4]).toMatchObject({ automated: null, text: expect.stringContaining('Friday works') });
    expect(timeline.body.waitingSince).toBeNull();
  });

  it('refuses what cannot be sent with a clear 4xx', async () => {
    const { id } = await newContact('second@example.ng');
    const empty = await colleague.post(CONVERSATION_PATHS.replies('contact', id)).send({ body: '   ' });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('Write the reply before sending it.');
    const huge = await colleague.post(CONVERSATION_PATHS.replies('contact', id)).send({ body: 'a'.repeat(10_001) });
    expect(huge.status).toBe(400);
    expect((await colleague.post('/api/enquiries/nothing/1/replies').send({ body: 'Hi' })).status).toBe(404);
    expect((await colleague.post(CONVERSATION_PATHS.replies('contact', 999_999)).send({ body: 'Hi' })).status).toBe(
      404,
    );
    expect((await colleague.post('/api/enquiries/contact/abc/replies').send({ body: 'Hi' })).status).toBe(400);
    expect(
      (await request(context.app).post(CONVERSATION_PATHS.replies('contact', id)).send({ body: 'Hi' })).status,
    ).toBe(401);
    expect((await colleague.delete(INBOX_PATHS.enquiry('contact', id))).status).toBe(200);
    const trashed = await colleague.post(CONVERSATION_PATHS.replies('contact', id)).send({ body: 'Hi' });
    expect(trashed.status).toBe(409);
    expect(trashed.body.message).toBe('Move this enquiry back to the inbox before answering it.');
  });
});

describe('saved replies', () => {
  it('owners add, change and delete them (audited); staff read them only', async () => {
    const created = await owner
      .post(CONVERSATION_PATHS.SAVED_REPLIES)
      .send({ title: 'Price list', body: 'Hello {name}, our prices: [[prices]]' });
    expect(created.status, created.text).toBe(201);
    const id = Number(created.body.reply.id);
    expect((await colleague.post(CONVERSATION_PATHS.SAVED_REPLIES).send({ title: 'x', body: 'y' })).status).toBe(403);
    expect((await colleague.put(CONVERSATION_PATHS.savedReply(id)).send({ title: 'x', body: 'y' })).status).toBe(403);
    expect((await colleague.delete(CONVERSATION_PATHS.savedReply(id))).status).toBe(403);
    const blank = await owner.post(CONVERSATION_PATHS.SAVED_REPLIES).send({ title: ' ', body: '' });
    expect(blank.status).toBe(400);
    expect(JSON.stringify(blank.body)).toContain('Give the saved reply a title.');
    const changed = await owner
      .put(CONVERSATION_PATHS.savedReply(id))
      .send({ title: 'Prices', body: 'Hello {name}, our prices: [[prices]].' });
    expect(changed.status).toBe(200);
    expect(changed.body.reply).toMatchObject({ id, title: 'Prices' });
    expect((await colleague.get(CONVERSATION_PATHS.SAVED_REPLIES)).body.replies.at(-1)).toMatchObject({
      id,
      title: 'Prices',
    });
    expect((await owner.delete(CONVERSATION_PATHS.savedReply(id))).status).toBe(200);
    expect((await owner.delete(CONVERSATION_PATHS.savedReply(id))).status).toBe(404);
    expect((await owner.put(CONVERSATION_PATHS.savedReply(id)).send({ title: 'a', body: 'b' })).status).toBe(404);
    expect((await owner.delete('/api/saved-replies/abc')).status).toBe(400);
    const audit = await context.db
      .selectFrom('audit_log')
      .select(['action', 'target'])
      .where('action', 'in', ['saved-reply.create', 'saved-reply.change', 'saved-reply.delete'])
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'saved-reply.create', target: 'saved reply "Price list"' },
      { action: 'saved-reply.change', target: 'saved reply "Prices"' },
      { action: 'saved-reply.delete', target: 'saved reply "Prices"' },
    ]);
  });

  it('fills a training registration with its training and leaves the start date as a blank', () => {
    const body = SHIPPED_SAVED_REPLIES[1].body;
    const web = fillReply(body, {
      kind: 'web_dev',
      reference: 'RD-26-00009',
      name: 'Chioma Okafor',
      staff: 'Ada Obi',
      fields: { trainingType: 'Web Design', schedule: 'Weekend' },
    });
    expect(web).toContain('our Web Design training (Weekend class)');
    expect(blanksIn(web)).toEqual(['training start date', 'fee in naira']);
    const creative = fillReply('{training}', {
      kind: 'creative_design',
      reference: 'RD-26-00010',
      name: 'Chioma',
      staff: 'Ada',
      fields: {},
    });
    expect(creative).toBe('Creative Graphic Design');
    expect(
      fillReply('{training} {unknown}', { kind: 'contact', reference: 'r', name: '', staff: 's', fields: {} }),
    ).toBe('[[training]] {unknown}');
  });
});
