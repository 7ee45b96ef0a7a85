import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { dashboardEnquiryPath, MESSAGE_KIND_PATHS } from '@agency/shared';
import { VALID_SUBMISSIONS } from '../../test/fixtures';
import { createTestContext, registerAndConfirm, type TestContext } from '../../test/test-context';

let context: TestContext | undefined;

afterEach(async () => {
  await context?.close();
  context = undefined;
});

describe('staff notifications', () => {
  it('with STAFF_NOTIFY_EMAIL set, a stored quote request is mailed to each address it names', async () => {
    context = await createTestContext({ config: { staffNotifyEmails: ['inbox@agency.test', 'boss@agency.test'] } });
    const response = await request(context.app)
      .post(MESSAGE_KIND_PATHS.request_quote.submit)
      .send(VALID_SUBMISSIONS.request_quote);
    expect(response.status).toBe(201);
    const mail = await context.sink.takeMail('inbox@agency.test');
    await context.sink.takeMail('boss@agency.test');
    expect(mail.subject).toBe(`New quote request ${String(response.body.reference)} from Chidi Eze`);
    // Answered in the app, not from the mail program (docs/decisions/0046).
    expect(mail.replyTo).toBeUndefined();
    expect(mail.text).toContain('Chidi Eze');
    expect(mail.text).toContain('Web development, SEO');
    expect(mail.text).toContain('http://app.test/dashboard');
    expect(mail.html).toContain('Chidi Eze');
    // Human labels, not API field names.
    expect(mail.text).toContain('Project description:');
    expect(mail.text).not.toContain('projectDescription');
  });

  it('links straight to the enquiry in the dashboard, by its kind and id', async () => {
    context = await createTestContext({ config: { staffNotifyEmails: ['inbox@agency.test'] } });
    const sent = await request(context.app).post(MESSAGE_KIND_PATHS.contact.submit).send(VALID_SUBMISSIONS.contact);
    expect(sent.status).toBe(201);
    const stored = await context.db
      .selectFrom('enquiries')
      .where('kind', '=', 'contact')
      .select('id')
      .where('reference', '=', String(sent.body.reference))
      .executeTakeFirstOrThrow();
    const link = `http://app.test${dashboardEnquiryPath('contact', Number(stored.id))}`;
    expect(link).toBe(`http://app.test/dashboard?kind=contact&enquiry=${String(stored.id)}`);
    const mail = await context.sink.takeMail('inbox@agency.test');
    expect(mail.text).toContain(link);
    // The HTML writes the & of the query as an entity (&#38; or &amp;), which a mail program reads back as &.
    expect(String(mail.html).replace(/&#38;|&amp;/g, '&')).toContain(`href="${link}"`);
    expect(mail.html).toContain('Open this enquiry');
  });

  it('with STAFF_NOTIFY_EMAIL unset, every staff account is notified, and accounts awaiting approval are not', async () => {
    context = await createTestContext();
    await registerAndConfirm(context, 'owner@agency.test');
    await registerAndConfirm(context, 'stranger@example.ng');
    const sent = await request(context.app).post(MESSAGE_KIND_PATHS.contact.submit).send(VALID_SUBMISSIONS.contact);
    const subject = `New contact message ${String(sent.body.reference)} from ${String(VALID_SUBMISSIONS.contact.name)}`;
    await context.sink.waitForMail((m) => m.recipients.includes('owner@agency.test') && m.subject === subject);
    await context.sender.drain();
    const toStranger = context.sink.mails.filter((m) => m.recipients.includes('stranger@example.ng'));
    expect(toStranger.map((m) => m.subject)).toEqual([expect.stringMatching(/^Confirm/)]);
  });

  it("keeps the visitor's line breaks and makes the e-mail address and phone number tappable", async () => {
    context = await createTestContext({ config: { staffNotifyEmails: ['inbox@agency.test'] } });
    await request(context.app)
      .post(MESSAGE_KIND_PATHS.contact.submit)
      .send({ ...VALID_SUBMISSIONS.contact, message: 'First line\nSecond line\n\nAfter a gap' });
    const mail = await context.sink.takeMail('inbox@agency.test');
    expect(mail.html).toContain('First line<br>Second line<br><br>After a gap');
    expect(mail.html).toContain(`href="mailto:${String(VALID_SUBMISSIONS.contact.email)}"`);
    expect(mail.html).toContain('href="tel:+2348030000000"');
    expect(mail.html).toMatch(/>Message<\/p>/);
  });

  it('a customer name with markup is escaped in the HTML notification', async () => {
    context = await createTestContext({ config: { staffNotifyEmails: ['inbox@agency.test'] } });
    await request(context.app)
      .post(MESSAGE_KIND_PATHS.contact.submit)
      .send({ ...VALID_SUBMISSIONS.contact, name: '<img src=x onerror=alert(1)>' });
    const mail = await context.sink.takeMail('inbox@agency.test');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&#60;img src=x');
  });

  it('when the notification cannot be sent, the submission still succeeds and is stored with its mail queued', async () => {
    context = await createTestContext({ mail: 'broken', config: { staffNotifyEmails: ['inbox@agency.test'] } });
    const response = await request(context.app).post(MESSAGE_KIND_PATHS.contact.submit).send(VALID_SUBMISSIONS.contact);
    expect(response.status).toBe(201);
    const rows = await context.db.selectFrom('enquiries').where('kind', '=', 'contact').selectAll().execute();
    expect(rows).toHaveLength(1);
    const queued = await context.db.selectFrom('outbox').selectAll().orderBy('id').execute();
    // The bare payload passed no human check: no auto-reply (issue 17).
    expect(queued.map((row) => [row.purpose, row.recipient, row.status])).toEqual([
      ['staff-notification', 'inbox@agency.test', 'pending'],
    ]);
  });
});
