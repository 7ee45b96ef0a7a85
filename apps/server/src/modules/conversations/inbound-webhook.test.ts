import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNMATCHED_MAIL_PATHS } from '@agency/shared';
import { storeEnquiry } from '../../test/enquiries';
import { createTestContext, signedInStaff, type StaffAgent, type TestContext } from '../../test/test-context';
import { INBOUND_MAIL_PATH } from './inbound.routes';

/**
 * Issue 20 item 5: the inbound-mail webhook (bearer secret, message/rfc822, size limit, once per Message-ID) and the
 * staff's Unmatched list (attach to an enquiry, make one of a mail), on a real database through the app.
 */
const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const SECRET = 'inbound-test-secret-0123456789abcdef0123456789';
const MAX_BYTES = 64 * 1024;

let context: TestContext;
let staff: StaffAgent;

beforeAll(async () => {
  context = await createTestContext({
    config: {
      staffNotifyEmails: ['team@agency.test'],
      inboundMail: { secret: SECRET, maxBytes: MAX_BYTES, attachmentMaxBytes: 1024, attachmentsTotalMaxBytes: 2048 },
    },
  });
  staff = await signedInStaff(context);
});

afterAll(async () => {
  await context.close();
});

const post = (raw: Buffer | string, headers: Record<string, string> = {}) =>
  request(context.app)
    .post(INBOUND_MAIL_PATH)
    .set({ 'Content-Type': 'message/rfc822', Authorization: `Bearer ${SECRET}`, ...headers })
    .send(Buffer.isBuffer(raw) ? raw : Buffer.from(raw));

const mail = (id: string, from: string, subject: string, body = 'Hello from Ikeja.') =>
  `From: ${from}\r\nTo: hello@rendezvousdigital.ng\r\nSubject: ${subject}\r\nMessage-ID: <${id}>\r\nDate: Tue, 24 Nov 2026 09:00:00 +0100\r\n\r\n${body}\r\n`;

const countIn = async () =>
  (await context.db.selectFrom('enquiry_mails').select('id').where('direction', '=', 'in').execute()).length;

describe('POST /api/inbound-mail', () => {
  it('is 401 without the bearer secret or with another, before reading the message', async () => {
    const raw = mail('w1@example.ng', 'a@example.ng', 'x');
    const none = await request(context.app).post(INBOUND_MAIL_PATH).set('Content-Type', 'message/rfc822').send(raw);
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    expect((await post(raw, { Authorization: `Bearer ${SECRET}x` })).status).toBe(401);
    expect((await post(raw, { Authorization: SECRET })).status).toBe(401);
    expect(await countIn()).toBe(0);
  });

  it('is 415 for another content type and 413 above INBOUND_MAIL_MAX_BYTES', async () => {
    const raw = mail('w2@example.ng', 'a@example.ng', 'x');
    const json = await post(JSON.stringify({ raw }), { 'Content-Type': 'application/json' });
    expect(json.status).toBe(415);
    expect(json.body.message).toMatch(/message\/rfc822/);
    const big = await post(mail('w3@example.ng', 'a@example.ng', 'big', 'x'.repeat(MAX_BYTES + 10)));
    expect(big.status).toBe(413);
    expect((await post('')).status).toBe(400);
    expect(await countIn()).toBe(0);
  });

  it('stores a new message (201) and a repeated delivery once (200, duplicate)', async () => {
    const raw = readFileSync(path.join(FIXTURES, 'unmatched-01-stranger.eml'));
    const first = await post(raw);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ success: true, enquiryId: null, duplicate: false });
    const again = await post(raw);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ success: true, mailId: first.body.mailId, enquiryId: null, duplicate: true });
    expect(await countIn()).toBe(1);
    const [stored] = await context.db.selectFrom('enquiry_mails').select(['source', 'raw']).execute();
    expect(stored?.source).toBe('webhook');
    expect(Buffer.from(stored?.raw ?? []).equals(raw)).toBe(true);
  });

  it('answers 404 when INBOUND_MAIL_SECRET is unset (the webhook is off)', async () => {
    const off = await createTestContext();
    try {
      const answer = await request(off.app)
        .post(INBOUND_MAIL_PATH)
        .set({ 'Content-Type': 'message/rfc822', Authorization: `Bearer ${SECRET}` })
        .send(mail('w4@example.ng', 'a@example.ng', 'x'));
      expect(answer.status).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe('the Unmatched list', () => {
  it('lists unmatched mails for staff only, newest first, paged', async () => {
    await post(mail('u2@example.ng', 'Sàdíyà Umar <sadiya@example.ng>', 'Second'));
    await post(mail('u3@example.ng', 'Bayo <bayo@example.ng>', 'Third'));
    expect((await request(context.app).get(UNMATCHED_MAIL_PATHS.LIST)).status).toBe(401);
    const page = await staff.get(`${UNMATCHED_MAIL_PATHS.LIST}?limit=2`);
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(3);
    expect(page.body.mails.map((row: { subject: string }) => row.subject)).toEqual(['Third', 'Second']);
    const rest = await staff.get(`${UNMATCHED_MAIL_PATHS.LIST}?limit=2&before=${String(page.body.next)}`);
    expect(rest.body.mails.map((row: { subject: string }) => row.subject)).toEqual(['How much for a website?']);
    expect(rest.body.next).toBeNull();
    expect((await staff.get(`${UNMATCHED_MAIL_PATHS.LIST}?limit=0`)).status).toBe(400);
    const one = await staff.get(UNMATCHED_MAIL_PATHS.one(page.body.mails[1].id));
    expect(one.body.mail).toMatchObject({ fromName: 'Sàdíyà Umar', text: 'Hello from Ikeja.\n' });
  });

  it('files one with an enquiry as a reply: waiting, unread, notified, audited; never twice', async () => {
    const { id: enquiryId, reference } = await storeEnquiry(context, 'contact');
    const [row] = await context.db
      .selectFrom('enquiry_mails')
      .select('id')
      .where('message_id', '=', '<u3@example.ng>')
      .execute();
    const id = row?.id ?? 0;
    expect((await staff.post(UNMATCHED_MAIL_PATHS.attach(id)).send({ reference: 'RD-26-99999' })).status).toBe(404);
    expect((await staff.post(UNMATCHED_MAIL_PATHS.attach(id)).send({ reference: 'nonsense' })).status).toBe(400);
    const filed = await staff.post(UNMATCHED_MAIL_PATHS.attach(id)).send({ reference: reference.toLowerCase() });
    expect(filed.status).toBe(200);
    expect(filed.body).toEqual({ success: true, enquiryId, reference });
    const stored = await context.db
      .selectFrom('enquiry_mails')
      .select(['enquiry_id', 'match_rule'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ enquiry_id: enquiryId, match_rule: 'staff' });
    const enquiry = await context.db
      .selectFrom('enquiries')
      .select('waiting_since')
      .where('id', '=', enquiryId)
      .executeTakeFirstOrThrow();
    expect(enquiry.waiting_since).toBe(context.now().getTime());
    const notes = await context.db
      .selectFrom('outbox')
      .select(['recipient', 'subject'])
      .where('purpose', '=', 'reply-notification')
      .where('enquiry_id', '=', enquiryId)
      .execute();
    expect(notes).toEqual([{ recipient: 'team@agency.test', subject: `Reply on ${reference} from Bayo` }]);
    const audit = await context.db.selectFrom('audit_log').select(['action', 'target']).execute();
    expect(audit).toContainEqual({ action: 'mail.attach', target: `contact ${reference}` });
    expect((await staff.post(UNMATCHED_MAIL_PATHS.attach(id)).send({ reference })).status).toBe(404);
  });

  it('makes one a new contact enquiry without any mail, audited', async () => {
    const [row] = await context.db
      .selectFrom('enquiry_mails')
      .select('id')
      .where('message_id', '=', '<u2@example.ng>')
      .execute();
    const id = row?.id ?? 0;
    const outboxBefore = (await context.db.selectFrom('outbox').select('id').execute()).length;
    const made = await staff.post(UNMATCHED_MAIL_PATHS.convert(id));
    expect(made.status).toBe(201);
    const enquiry = await context.db
      .selectFrom('enquiries')
      .select(['kind', 'name', 'email', 'reference', 'search_text', 'waiting_since'])
      .where('id', '=', made.body.enquiryId)
      .executeTakeFirstOrThrow();
    expect(enquiry).toMatchObject({ kind: 'contact', name: 'Sàdíyà Umar', email: 'sadiya@example.ng' });
    expect(enquiry.reference).toBe(made.body.reference);
    expect(enquiry.search_text).toContain('sadiya umar');
    expect(enquiry.waiting_since).not.toBeNull();
    expect((await context.db.selectFrom('outbox').select('id').execute()).length).toBe(outboxBefore);
    const audit = await context.db.selectFrom('audit_log').select(['action', 'target']).execute();
    expect(audit).toContainEqual({ action: 'mail.convert', target: `contact ${enquiry.reference}` });
    expect((await staff.post(UNMATCHED_MAIL_PATHS.convert(id))).status).toBe(404);
    expect((await staff.get(UNMATCHED_MAIL_PATHS.LIST)).body.total).toBe(1);
  });
});
