import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGE_KIND_PATHS } from '@agency/shared';
import { VALID_SUBMISSIONS } from '../../test/fixtures';
import { createTestContext, type TestContext } from '../../test/test-context';

let context: TestContext | undefined;

afterEach(async () => {
  await context?.close();
  context = undefined;
});

describe('staff notifications', () => {
  it('with STAFF_NOTIFY_EMAIL set, a stored quote request is mailed to the staff address', async () => {
    context = await createTestContext({ config: { staffNotifyEmail: 'inbox@agency.test' } });
    const response = await request(context.app)
      .post(MESSAGE_KIND_PATHS.request_quote.submit)
      .send(VALID_SUBMISSIONS.request_quote);
    expect(response.status).toBe(201);
    const mail = await context.sink.waitForMail((m) => m.to?.[0]?.address === 'inbox@agency.test');
    expect(mail.subject).toContain('quote request');
    expect(mail.text).toContain('Chidi Eze');
    expect(mail.text).toContain('Web development, SEO');
    expect(mail.text).toContain('http://app.test/dashboard');
    expect(mail.html).toContain('Chidi Eze');
  });

  it('a customer name with markup is escaped in the HTML notification', async () => {
    context = await createTestContext({ config: { staffNotifyEmail: 'inbox@agency.test' } });
    await request(context.app)
      .post(MESSAGE_KIND_PATHS.contact.submit)
      .send({ ...VALID_SUBMISSIONS.contact, name: '<img src=x onerror=alert(1)>' });
    const mail = await context.sink.waitForMail((m) => m.to?.[0]?.address === 'inbox@agency.test');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&#60;img src=x');
  });

  it('when the notification cannot be sent, the submission still succeeds and is stored', async () => {
    context = await createTestContext({ mail: 'broken', config: { staffNotifyEmail: 'inbox@agency.test' } });
    const response = await request(context.app).post(MESSAGE_KIND_PATHS.contact.submit).send(VALID_SUBMISSIONS.contact);
    expect(response.status).toBe(201);
    const rows = await context.db.selectFrom('contact_messages').selectAll().execute();
    expect(rows).toHaveLength(1);
  });
});
