import { mkdirSync, existsSync, writeFileSync } from 'node:fs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATA_REQUEST_MESSAGES,
  DataErasureAnswerSchema,
  DataRequestAnswerSchema,
  MESSAGE_KIND_LABELS,
  MESSAGE_KINDS,
  STAFF_ADMIN_PATHS,
  type AuditAction,
  type DataRequestAnswer,
  type MessageKind,
} from '@agency/shared';
import { outboxFileOf } from '../../lib/mailer';
import { outboxDir } from '../../lib/paths';
import { csvRecordsOf } from '../../test/spreadsheet-files';
import { everyStoredText } from '../../test/stored-texts';
import {
  createOwnerContext,
  registerAndConfirm,
  submitAnswered,
  signIn,
  type StaffAgent,
  type TestContext,
} from '../../test/test-context';
import { OWNERS_ONLY } from '../auth/require-staff';
import { storeEnquiry } from '../../test/enquiries';
import { addNote, moveOne } from '../inbox/inbox.service';
import { DATA_REQUEST_ERRORS, maskedPersonOf } from './data-requests.service';

let context: TestContext;
let owner: StaffAgent;
let ownerId: number;
let staff: StaffAgent;

/** The person asking: an address written in another case on one form, a phone number written four ways. */
const PERSON = { email: 'ngozi.obi@example.ng', phoneDigits: '8035550199' };
const PHONES = ['0803 555 0199', '+2348035550199', '803-555-0199'];
/** The training forms take one way of writing a number; the others any. */
const PHONE_OF: Record<MessageKind, string> = {
  web_dev: '08035550199',
  creative_design: '08035550199',
  contact: '+2348035550199',
  request_quote: '803-555-0199',
};
/** Someone else, whose records must survive the erasure. */
const OTHER = { email: 'emeka@example.ng', phone: '08031112222' };

/** A submission with the human check answered, as the site's form sends it (auto-replied to, issue 17). */
const submit = (kind: MessageKind, values: Record<string, unknown>) => submitAnswered(context, kind, values);

async function auditEntries(action: AuditAction) {
  return context.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
}

beforeAll(async () => {
  ({ context, owner, ownerId } = await createOwnerContext());
  await registerAndConfirm(context, 'staff@agency.test');
  await context.db.updateTable('users').set({ role: 'staff' }).where('email', '=', 'staff@agency.test').execute();
  const signedIn = await signIn(context, 'staff@agency.test');
  expect(signedIn.response.status).toBe(200);
  staff = signedIn.agent;
});

afterAll(async () => {
  await context.close();
});

describe('the data-request endpoints', () => {
  const calls = [
    (agent: StaffAgent | ReturnType<typeof request>) =>
      agent.get(STAFF_ADMIN_PATHS.DATA_REQUEST).query({ email: 'a@b.ng' }),
    (agent: StaffAgent | ReturnType<typeof request>) =>
      agent.get(STAFF_ADMIN_PATHS.DATA_REQUEST_EXPORT_JSON).query({ email: 'a@b.ng' }),
    (agent: StaffAgent | ReturnType<typeof request>) =>
      agent.get(STAFF_ADMIN_PATHS.DATA_REQUEST_EXPORT_CSV).query({ email: 'a@b.ng' }),
    (agent: StaffAgent | ReturnType<typeof request>) =>
      agent.post(STAFF_ADMIN_PATHS.DATA_REQUEST_ERASE).send({ email: 'a@b.ng', expectedRecords: 1 }),
  ];

  it('are for owners only: nobody signed in hears 401, staff hear 403, and neither is audited', async () => {
    for (const call of calls) {
      expect((await call(request(context.app))).status).toBe(401);
      const refused = await call(staff);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ success: false, message: OWNERS_ONLY });
    }
    expect(
      await context.db
        .selectFrom('audit_log')
        .select('id')
        .where('action', 'in', ['data-request.search', 'data-request.export', 'data-request.erase'])
        .execute(),
    ).toEqual([]);
  });

  it('refuse a query without an e-mail address or a phone number, or with a malformed one', async () => {
    for (const query of [{}, { email: 'not-an-address' }, { phone: 'call me' }, { phone: '12' }]) {
      const answer = await owner.get(STAFF_ADMIN_PATHS.DATA_REQUEST).query(query);
      expect(answer.status, JSON.stringify(query)).toBe(400);
    }
    const erase = await owner.post(STAFF_ADMIN_PATHS.DATA_REQUEST_ERASE).send({ email: PERSON.email });
    expect(erase.status).toBe(400);
  });

  it('refuse a phone number with fewer than 6 digits, such as ----, which matched everyone without digits', async () => {
    for (const phone of ['----', '(+) 12-34', '0 12345']) {
      const answer = await owner.get(STAFF_ADMIN_PATHS.DATA_REQUEST).query({ phone });
      expect(answer.status, phone).toBe(400);
      expect(answer.body, phone).toMatchObject({ errors: { phone: DATA_REQUEST_MESSAGES.PHONE_TOO_SHORT } });
      const erase = await owner.post(STAFF_ADMIN_PATHS.DATA_REQUEST_ERASE).send({ phone, expectedRecords: 1 });
      expect(erase.status, phone).toBe(400);
    }
    const sixDigits = await owner.get(STAFF_ADMIN_PATHS.DATA_REQUEST).query({ phone: '123 456' });
    expect(sixDigits.status).toBe(200);
    expect(sixDigits.body.totalRecords).toBe(0);
  });
});

describe("a person's data", () => {
  let references: string[];
  let otherReference: string;
  let found: DataRequestAnswer;

  beforeAll(async () => {
    // One enquiry of each kind through the public forms (each queues a notification per staff account and an
    // auto-reply); the address in capitals once, the phone number written several ways.
    references = [];
    for (const [index, kind] of MESSAGE_KINDS.entries()) {
      const email = index === 1 ? PERSON.email.toUpperCase() : PERSON.email;
      // The contact form is sent with the phone number only found by its digits and another address.
      const values =
        kind === 'contact'
          ? { email: 'ngozi.work@example.ng', phone: PHONE_OF.contact, message: '=HYPERLINK("http://evil.example")' }
          : { email, phone: PHONE_OF[kind] };
      references.push(await submit(kind, values));
    }
    otherReference = await submit('contact', OTHER);
    await context.sender.drain();
    // One of them in the trash, one caught as spam, a note on two and a notification still waiting to go out.
    const deps = { db: context.db, clock: () => context.now(), config: context.config };
    const webDev = await context.db
      .selectFrom('enquiries')
      .where('kind', '=', 'web_dev')
      .select('id')
      .where('reference', '=', references[0] ?? '')
      .executeTakeFirstOrThrow();
    await moveOne(deps, 'web_dev', Number(webDev.id), 'trash', ownerId);
    await addNote(deps, 'web_dev', Number(webDev.id), 'Called her back about the weekend class.', ownerId);
    const spam = await storeEnquiry(context, 'request_quote', {
      values: { email: PERSON.email, phone: PHONES[0] },
      spamReason: 'honeypot',
    });
    references.push(spam.reference);
    const quote = await context.db
      .selectFrom('enquiries')
      .where('kind', '=', 'request_quote')
      .select('id')
      .where('reference', '=', references[3] ?? '')
      .executeTakeFirstOrThrow();
    await addNote(deps, 'request_quote', Number(quote.id), '+234 quote sent', ownerId);
    await context.db
      .insertInto('outbox')
      .values({
        message_id: '<waiting-about-ngozi@rendezvousdigital.ng>',
        purpose: 'staff-notification',
        recipient: 'owner@agency.test',
        reply_to: null,
        subject: `Reminder: ${references[2]} is waiting`,
        text_body: 'Please answer.',
        html_body: '<p>Please answer.</p>',
        holds_secret: 0,
        status: 'pending',
        attempts: 0,
        next_attempt_at: context.now().getTime() + 24 * 60 * 60 * 1000,
        lease_owner: null,
        lease_until: null,
        last_error: null,
        created_at: context.now().getTime(),
        sent_at: null,
      })
      .execute();
  });

  it('is found by e-mail address in any case and by phone number written any way, in every folder', async () => {
    const byEmail = await owner.get(STAFF_ADMIN_PATHS.DATA_REQUEST).query({ email: 'Ngozi.Obi@Example.NG' });
    expect(byEmail.status).toBe(200);
    const answer = DataRequestAnswerSchema.parse(byEmail.body);
    expect(answer.enquiries.map((enquiry) => enquiry.reference).sort()).toEqual(
      [references[0], references[1], references[3], references[4]].sort(),
    );
    expect(answer.enquiries.map((enquiry) => enquiry.folder).sort()).toEqual(['inbox', 'inbox', 'spam', 'trash']);

    const byPhone = DataRequestAnswerSchema.parse(
      (await owner.get(STAFF_ADMIN_PATHS.DATA_REQUEST).query({ phone: '+234 803 555 0199' })).body,
    );
    expect(byPhone.enquiries.map((enquiry) => enquiry.reference).sort()).toEqual([...references].sort());

    found = DataRequestAnswerSchema.parse(
      (await owner.get(STAFF_ADMIN_PATHS.DATA_REQUEST).query({ email: PERSON.email, phone: PHONES[2] })).body,
    );
    expect(found.enquiries).toHaveLength(5);
    expect(found.enquiries.find((enquiry) => enquiry.kind === 'contact')?.fields).toMatchObject({
      email: 'ngozi.work@example.ng',
      message: '=HYPERLINK("http://evil.example")',
    });
    expect(found.notes.map((note) => note.body).sort()).toEqual([
      '+234 quote sent',
      'Called her back about the weekend class.',
    ]);
    expect(found.notes.every((note) => note.authorName === 'owner')).toBe(true);
  });

  it('includes every mail record about the person, sent or waiting, and none about anyone else', async () => {
    // Per enquiry from a form: a notification to each of the two staff accounts and the auto-reply; plus the
    // reminder still waiting. The spam one caused none.
    expect(found.mails).toHaveLength(4 * 3 + 1);
    expect(found.mails.map((mail) => mail.status).sort()).toEqual(['pending', ...Array<string>(12).fill('sent')]);
    expect(found.mails.some((mail) => mail.subject.includes(otherReference))).toBe(false);
    expect(found.totalRecords).toBe(found.enquiries.length + found.notes.length + found.mails.length);
  });

  it('is audited with the counts, and the audit log keeps neither the address nor the phone number', async () => {
    const entries = await auditEntries('data-request.search');
    const last = entries.at(-1);
    expect(last).toMatchObject({
      actor_id: ownerId,
      actor_email: 'owner@agency.test',
      target: 'person n***@example.ng / +234 *** *** 0199',
    });
    expect(JSON.parse(String(last?.detail))).toEqual({
      person: 'n***@example.ng / +234 *** *** 0199',
      enquiries: 5,
      notes: 2,
      mails: 13,
    });
    const logged = JSON.stringify(entries);
    expect(logged).not.toContain(PERSON.email);
    expect(logged).not.toContain(PERSON.phoneDigits);
    expect(maskedPersonOf({ phone: '0803 555 0199' })).toBe('+234 *** *** 0199');
  });

  it('exports as a JSON file with the same records', async () => {
    const answer = await owner
      .get(STAFF_ADMIN_PATHS.DATA_REQUEST_EXPORT_JSON)
      .query({ email: PERSON.email, phone: PHONES[2] })
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done(null, text));
      });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="?data-request-n___@example\.ng-and-phone-___0199-2026-11-22\.json"?$/,
    );
    const file = JSON.parse(String(answer.body)) as Record<string, unknown>;
    const { success: _success, ...records } = found;
    expect(file).toEqual({ exportedAt: context.now().toISOString(), ...records });
    const entry = (await auditEntries('data-request.export')).at(-1);
    expect(JSON.parse(String(entry?.detail))).toMatchObject({ format: 'json', enquiries: 5, notes: 2, mails: 13 });
  });

  it('exports as one CSV with a byte order mark, a row per value of every table, formulas neutralised', async () => {
    const answer = await owner
      .get(STAFF_ADMIN_PATHS.DATA_REQUEST_EXPORT_CSV)
      .query({ email: PERSON.email, phone: PHONES[2] })
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="?data-request-n___@example\.ng-and-phone-___0199-2026-11-22\.csv"?$/,
    );
    const records = csvRecordsOf(answer.body as Buffer);
    expect(records[0]).toEqual(['Table', 'Row', 'Column', 'Value']);
    const tables = new Set(records.slice(1).map(([table]) => table));
    for (const kind of MESSAGE_KINDS) expect(tables).toContain(`${MESSAGE_KIND_LABELS[kind]} enquiries`);
    expect(tables).toContain('Notes');
    expect(tables).toContain('Mails');
    const values = records.map((record) => record[3]);
    expect(values).toContain(`'=HYPERLINK("http://evil.example")`);
    expect(values).toContain("'+234 quote sent");
    expect(values).not.toContain('=HYPERLINK("http://evil.example")');
    for (const reference of references) expect(values).toContain(reference);
    const entry = (await auditEntries('data-request.export')).at(-1);
    expect(JSON.parse(String(entry?.detail))).toMatchObject({ format: 'csv' });
  });

  it('is not erased when the confirmed number is not the number found: 409, and everything stays', async () => {
    const answer = await owner
      .post(STAFF_ADMIN_PATHS.DATA_REQUEST_ERASE)
      .send({ email: PERSON.email, phone: PHONES[2], expectedRecords: found.totalRecords - 1 });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      success: false,
      message: DATA_REQUEST_ERRORS.COUNT_CHANGED(found.totalRecords, found.totalRecords - 1),
    });
    const again = await owner.get(STAFF_ADMIN_PATHS.DATA_REQUEST).query({ email: PERSON.email, phone: PHONES[2] });
    expect(again.body.totalRecords).toBe(found.totalRecords);
    expect(await auditEntries('data-request.erase')).toEqual([]);
  });

  it('is erased completely: no table keeps the address or the phone digits, and the references stay taken', async () => {
    const mailRows = await context.db.selectFrom('outbox').select('message_id').execute();
    const folder = outboxDir(context.dataDir);
    mkdirSync(folder, { recursive: true });
    for (const { message_id: messageId } of mailRows) writeFileSync(outboxFileOf(folder, messageId), 'a copy');

    const answer = await owner
      .post(STAFF_ADMIN_PATHS.DATA_REQUEST_ERASE)
      .send({ email: PERSON.email, phone: PHONES[2], expectedRecords: found.totalRecords });
    expect(answer.status).toBe(200);
    expect(DataErasureAnswerSchema.parse(answer.body).erased).toEqual({
      enquiries: 5,
      notes: 2,
      mails: 13,
      conversationMails: 0,
    });

    for (const query of [{ email: PERSON.email }, { phone: PHONES[0] }, { email: 'ngozi.work@example.ng' }]) {
      const after = await owner.get(STAFF_ADMIN_PATHS.DATA_REQUEST).query(query);
      expect(after.body, JSON.stringify(query)).toMatchObject({ enquiries: [], notes: [], mails: [], totalRecords: 0 });
    }
    const leftovers = (await everyStoredText(context.db)).filter(
      ({ text }) => text.toLowerCase().includes('ngozi') || text.replace(/\D/g, '').includes(PERSON.phoneDigits),
    );
    expect(leftovers).toEqual([]);

    const remaining = new Set(
      (await context.db.selectFrom('outbox').select('message_id').execute()).map((row) => row.message_id),
    );
    for (const { message_id: messageId } of mailRows) {
      expect(existsSync(outboxFileOf(folder, messageId)), messageId).toBe(remaining.has(messageId));
    }
    // The erased references stay taken: the next enquiry gets a number past them.
    const next = await storeEnquiry(context, 'contact');
    expect(next.id).toBeGreaterThan(Math.max(...found.enquiries.map((enquiry) => enquiry.id)));

    const entry = (await auditEntries('data-request.erase')).at(-1);
    expect(entry).toMatchObject({ actor_id: ownerId, target: 'person n***@example.ng / +234 *** *** 0199' });
    expect(JSON.parse(String(entry?.detail))).toMatchObject({ enquiries: 5, notes: 2, mails: 13 });
  });

  it("leaves everyone else's records as they were", async () => {
    const other = await owner.get(STAFF_ADMIN_PATHS.DATA_REQUEST).query({ email: OTHER.email });
    expect(other.body.enquiries.map((enquiry: { reference: string }) => enquiry.reference)).toEqual([otherReference]);
    expect(other.body.mails).toHaveLength(3);
    const staffAccounts = await context.db.selectFrom('users').select('email').orderBy('id').execute();
    expect(staffAccounts.map((row) => row.email)).toEqual(['owner@agency.test', 'staff@agency.test']);
  });
});
