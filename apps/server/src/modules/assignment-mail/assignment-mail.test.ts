import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ASSIGNMENT_MAIL_COPY,
  ASSIGNMENT_MAIL_PATH,
  dashboardEnquiryPath,
  INBOX_PATHS,
  MESSAGE_KIND_PATHS,
  STAFF_MAIL_COPY,
} from '@agency/shared';
import { VALID_SUBMISSIONS } from '../../test/fixtures';
import { storeEnquiry } from '../../test/enquiries';
import {
  createTestContext,
  registerAndConfirm,
  signedInStaff,
  signIn,
  TEST_APP_URL,
  userIdOf,
  type StaffAgent,
  type TestContext,
} from '../../test/test-context';
import { createLogger } from '../../lib/logger';
import { createMailTransport } from '../../lib/mailer';
import { createOutboxSender } from '../outbox/outbox';

/**
 * Issue 23 item 4 (docs/decisions/0046): a mail when a colleague assigns you an enquiry, sent once through the
 * outbox, never for taking it yourself, and not when you turned it off; the new-enquiry mail sends staff to the app.
 */

let context: TestContext;
let owner: StaffAgent;
let ada: StaffAgent;
let ownerId: number;
let adaId: number;

const OWNER = 'owner@agency.test';
const ADA = 'ada@agency.test';

const assignmentMails = (to: string) =>
  context.sink.mails.filter((mail) => mail.recipients.includes(to) && /is assigned to you/.test(mail.subject ?? ''));

beforeAll(async () => {
  context = await createTestContext();
  owner = await signedInStaff(context, OWNER);
  await registerAndConfirm(context, ADA);
  adaId = await userIdOf(context, ADA);
  ownerId = await userIdOf(context, OWNER);
  await context.db.updateTable('users').set({ role: 'staff' }).where('id', '=', adaId).execute();
  const signedIn = await signIn(context, ADA);
  expect(signedIn.response.status).toBe(200);
  ada = signedIn.agent;
});

afterAll(async () => {
  await context.close();
});

describe('the assignment mail', () => {
  it('is mailed once to the colleague an enquiry is assigned to, with a link that opens it', async () => {
    const enquiry = await storeEnquiry(context, 'request_quote');
    const assigned = await owner.patch(INBOX_PATHS.enquiry('request_quote', enquiry.id)).send({ assigneeId: adaId });
    expect(assigned.status).toBe(200);

    const mail = await context.sink.waitForMail(
      (candidate) => candidate.recipients.includes(ADA) && /is assigned to you/.test(candidate.subject ?? ''),
    );
    expect(mail.subject).toBe(`${enquiry.reference} is assigned to you: quote request from Chidi Eze`);
    expect(mail.text).toContain(`owner assigned you the quote request ${enquiry.reference} from Chidi Eze.`);
    expect(mail.text).toContain(STAFF_MAIL_COPY.ANSWER_IN_APP);
    const link = `${TEST_APP_URL}${dashboardEnquiryPath('request_quote', enquiry.id)}`;
    expect(mail.text).toContain(link);
    expect(String(mail.html).replace(/&#38;|&amp;/g, '&')).toContain(`href="${link}"`);
    expect(mail.text).toContain(ASSIGNMENT_MAIL_COPY.SWITCH);
    expect(mail.headers.find((entry) => entry.key === 'auto-submitted')?.value).toBe('auto-generated');

    // Assigning it to the same person again changes nothing and mails nothing.
    await owner.patch(INBOX_PATHS.enquiry('request_quote', enquiry.id)).send({ assigneeId: adaId });
    await context.sender.drain();
    expect(assignmentMails(ADA)).toHaveLength(1);
    const rows = await context.db
      .selectFrom('outbox')
      .select(['recipient', 'status', 'enquiry_id'])
      .where('purpose', '=', 'assignment')
      .execute();
    expect(rows.map((row) => [row.recipient, row.status, Number(row.enquiry_id)])).toEqual([[ADA, 'sent', enquiry.id]]);
  });

  it('is sent exactly once by two instances’ senders and a restart on one database', async () => {
    const enquiry = await storeEnquiry(context, 'contact');
    await context.sender.stop();
    const before = assignmentMails(OWNER).length;
    // The colleague assigns it to the owner while no sender runs: it waits in the outbox.
    const assigned = await ada.patch(INBOX_PATHS.enquiry('contact', enquiry.id)).send({ assigneeId: ownerId });
    expect(assigned.status).toBe(200);
    const logger = createLogger('silent');
    const senders = [1, 2].map(() =>
      createOutboxSender({
        db: context.db,
        dialect: context.database.dialect,
        transport: createMailTransport({
          smtpUrl: context.sink.url,
          from: context.config.mailFrom,
          outboxDir: context.dataDir,
          logger,
          logLinks: false,
        }),
        clock: context.now,
        logger,
        retryBaseMs: 60_000,
        leaseMs: 120_000,
        pollMs: 20,
      }),
    );
    // Two instances start together, then one restarts.
    senders.forEach((sender) => sender.start());
    await context.sink.waitForMail((mail) => assignmentMails(OWNER).length > before && mail.recipients.includes(OWNER));
    await Promise.all(senders.map((sender) => sender.drain()));
    await senders[0]?.stop();
    senders[0]?.start();
    await senders[0]?.drain();
    await Promise.all(senders.map((sender) => sender.stop()));
    context.sender.start();
    await context.sender.drain();
    expect(assignmentMails(OWNER).length - before).toBe(1);
  });

  it('is not sent to someone who takes an enquiry themselves', async () => {
    const enquiry = await storeEnquiry(context, 'contact');
    const before = context.sink.mails.length;
    const taken = await ada.patch(INBOX_PATHS.enquiry('contact', enquiry.id)).send({ assigneeId: adaId });
    expect(taken.status).toBe(200);
    // Unassigning sends nothing either.
    await ada.patch(INBOX_PATHS.enquiry('contact', enquiry.id)).send({ assigneeId: null });
    await context.sender.drain();
    expect(context.sink.mails.slice(before)).toEqual([]);
    expect(await context.db.selectFrom('outbox').select('id').where('enquiry_id', '=', enquiry.id).execute()).toEqual(
      [],
    );
  });

  it('is not sent when the person turned it off, and is again when they turn it back on', async () => {
    const refused = await ada.put(ASSIGNMENT_MAIL_PATH).send({ enabled: 'no' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.enabled).toBe('Say whether assignment mails are on: enabled is true or false.');
    expect((await ada.get(ASSIGNMENT_MAIL_PATH)).body).toEqual({ success: true, enabled: true });

    const off = await ada.put(ASSIGNMENT_MAIL_PATH).send({ enabled: false });
    expect(off.body).toEqual({ success: true, enabled: false });
    expect((await ada.get(ASSIGNMENT_MAIL_PATH)).body).toEqual({ success: true, enabled: false });
    // Another person's choice is their own.
    expect((await owner.get(ASSIGNMENT_MAIL_PATH)).body).toEqual({ success: true, enabled: true });

    const before = assignmentMails(ADA).length;
    const quiet = await storeEnquiry(context, 'web_dev');
    await owner.patch(INBOX_PATHS.enquiry('web_dev', quiet.id)).send({ assigneeId: adaId });
    await context.sender.drain();
    expect(assignmentMails(ADA)).toHaveLength(before);

    await ada.put(ASSIGNMENT_MAIL_PATH).send({ enabled: true });
    const loud = await storeEnquiry(context, 'web_dev');
    await owner.patch(INBOX_PATHS.enquiry('web_dev', loud.id)).send({ assigneeId: adaId });
    const mail = await context.sink.waitForMail(
      (candidate) => candidate.recipients.includes(ADA) && candidate.subject?.startsWith(loud.reference) === true,
    );
    expect(mail.text).toContain(loud.reference);
    expect(assignmentMails(ADA)).toHaveLength(before + 1);
  });

  it('is nobody’s business without a session', async () => {
    expect((await request(context.app).get(ASSIGNMENT_MAIL_PATH)).status).toBe(401);
    expect((await request(context.app).put(ASSIGNMENT_MAIL_PATH).send({ enabled: false })).status).toBe(401);
  });
});

describe('the new-enquiry mail to staff', () => {
  it('says to answer in the app, links to the enquiry first, and lets no reply reach the visitor', async () => {
    const sent = await request(context.app).post(MESSAGE_KIND_PATHS.contact.submit).send(VALID_SUBMISSIONS.contact);
    expect(sent.status).toBe(201);
    const stored = await context.db
      .selectFrom('enquiries')
      .select('id')
      .where('reference', '=', String(sent.body.reference))
      .executeTakeFirstOrThrow();
    const mail = await context.sink.waitForMail(
      (candidate) => candidate.recipients.includes(ADA) && candidate.subject?.startsWith('New contact') === true,
    );
    const link = `${TEST_APP_URL}${dashboardEnquiryPath('contact', Number(stored.id))}`;
    expect(mail.text).toContain(STAFF_MAIL_COPY.ANSWER_IN_APP);
    expect(mail.text).not.toMatch(/reply to this e-mail/i);
    expect(mail.html).not.toMatch(/reply to this e-mail/i);
    // The link right under the first paragraph, before the visitor's fields.
    expect(mail.text?.split('\n\n')[1]).toBe(`${STAFF_MAIL_COPY.OPEN}: ${link}`);
    expect(String(mail.html).replace(/&#38;|&amp;/g, '&')).toContain(`href="${link}"`);
    expect(mail.replyTo).toBeUndefined();
  });
});
