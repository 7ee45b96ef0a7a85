import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_RULES, API_MESSAGES, API_PATHS, PATHS, STAFF_ADMIN_PATHS } from '@agency/shared';
import { tokenFromMail, type SinkMail } from '@agency/testing';
import { DEFAULT_LIMITS } from '../../config/config';
import {
  createTestContext,
  registerAndConfirm,
  signedInStaff,
  signIn,
  STRONG_PASSWORD,
  TEST_APP_URL,
  type TestContext,
  userIdOf,
} from '../../test/test-context';

// Issue 17: "Request a new confirmation link", and the owners' mail when someone waits for approval.

const contexts: TestContext[] = [];

async function contextWith(options: Parameters<typeof createTestContext>[0] = {}): Promise<TestContext> {
  const context = await createTestContext(options);
  contexts.push(context);
  return context;
}

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
});

async function register(context: TestContext, email: string) {
  const response = await request(context.app)
    .post(API_PATHS.REGISTER)
    .field('email', email)
    .field('password', STRONG_PASSWORD);
  expect(response.status).toBe(201);
}

function askForLink(context: TestContext, email: string, clientAddress = '10.9.0.1') {
  return request(context.app).post(API_PATHS.RESEND_CONFIRMATION).set('X-Forwarded-For', clientAddress).send({ email });
}

async function confirmMailsTo(context: TestContext, email: string) {
  return context.db
    .selectFrom('outbox')
    .select('id')
    .where('purpose', '=', 'confirm')
    .where('recipient', '=', email)
    .execute();
}

/** The tokens of the confirmation links the sink received for an address, oldest first, once `count` have arrived. */
async function confirmationTokens(context: TestContext, email: string, count: number): Promise<string[]> {
  await context.sender.drain();
  const isConfirmation = (mail: SinkMail) =>
    mail.recipients.includes(email) && /Confirm your e-mail/.test(mail.subject ?? '');
  await context.sink.waitForMail(() => context.sink.mails.filter(isConfirmation).length >= count);
  const mails = context.sink.mails.filter(isConfirmation);
  expect(mails).toHaveLength(count);
  return mails.map((mail) => tokenFromMail(mail, PATHS.confirmEmail));
}

describe('a new confirmation link', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await contextWith({ config: { trustProxy: true } });
    await registerAndConfirm(context, 'owner@agency.test');
    await register(context, 'late@agency.test');
  });

  it('answers alike for an unconfirmed, a confirmed and an unknown address, and mails only the unconfirmed one', async () => {
    const answers = await Promise.all(
      ['late@agency.test', 'owner@agency.test', 'nobody@agency.test'].map((email) => askForLink(context, email)),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ success: true, message: API_MESSAGES.CONFIRMATION_REQUESTED });
    }
    await context.sender.drain();
    expect(await confirmMailsTo(context, 'late@agency.test')).toHaveLength(2);
    expect(await confirmMailsTo(context, 'owner@agency.test')).toHaveLength(1);
    expect(await confirmMailsTo(context, 'nobody@agency.test')).toHaveLength(0);
  });

  it('lasts 24 hours, confirms the account, and the older link stops working', async () => {
    // The registration's link and the one the test before asked for.
    const [registrationToken, secondToken] = await confirmationTokens(context, 'late@agency.test', 2);
    await askForLink(context, 'late@agency.test');
    const token = (await confirmationTokens(context, 'late@agency.test', 3)).at(-1)!;

    const tokens = await context.db
      .selectFrom('email_tokens')
      .select(['expires_at', 'created_at', 'used_at'])
      .where('user_id', '=', await userIdOf(context, 'late@agency.test'))
      .where('purpose', '=', 'confirm')
      .orderBy('id')
      .execute();
    const newest = tokens.at(-1)!;
    expect(Number(newest.expires_at) - Number(newest.created_at)).toBe(ACCOUNT_RULES.CONFIRMATION_TOKEN_TTL_MS);
    // Only the newest link is usable.
    expect(tokens.filter((row) => row.used_at === null)).toHaveLength(1);

    for (const older of [registrationToken, secondToken]) {
      const old = await request(context.app).get(API_PATHS.CONFIRM_EMAIL).query({ token: older });
      expect(old.status).toBe(400);
      expect(old.body.message).toBe(API_MESSAGES.TOKEN_INVALID);
    }
    const confirmed = await request(context.app).get(API_PATHS.CONFIRM_EMAIL).query({ token });
    expect(confirmed.status).toBe(200);
    // Confirmed now: another request sends nothing more.
    const before = (await confirmMailsTo(context, 'late@agency.test')).length;
    await askForLink(context, 'late@agency.test');
    expect(await confirmMailsTo(context, 'late@agency.test')).toHaveLength(before);
  });

  it('answers a browser form post without JavaScript with a redirect to the page that says so, the same for every address', async () => {
    await register(context, 'nojs@agency.test');
    const post = (email: string) =>
      request(context.app)
        .post(API_PATHS.RESEND_CONFIRMATION)
        .set('Accept', 'text/html,application/xhtml+xml,*/*;q=0.8')
        .type('form')
        .send({ email });
    for (const email of ['nojs@agency.test', 'nobody@agency.test']) {
      const answer = await post(email);
      expect(answer.status).toBe(303);
      expect(answer.headers.location).toBe(PATHS.newConfirmationLinkSent);
    }
    expect(await confirmMailsTo(context, 'nojs@agency.test')).toHaveLength(2);
    const invalid = await post('not-an-address');
    expect(invalid.status).toBe(303);
    expect(invalid.headers.location).toBe(PATHS.newConfirmationLink);
    // A client that asks for JSON gets JSON, form-encoded or not.
    const json = await request(context.app).post(API_PATHS.RESEND_CONFIRMATION).type('form').send({ email: 'x@y.ng' });
    expect(json.body).toEqual({ success: true, message: API_MESSAGES.CONFIRMATION_REQUESTED });
  });

  it('refuses a body that is not an e-mail address with the field message', async () => {
    const response = await request(context.app).post(API_PATHS.RESEND_CONFIRMATION).send({ email: 'not-an-address' });
    expect(response.status).toBe(400);
    expect(response.body.errors).toHaveProperty('email');
  });
});

describe('the limits of new confirmation links', () => {
  it('send at most RESET_MAIL_LIMIT mails to one address and serve RESET_REQUEST_LIMIT requests per client, answering alike', async () => {
    const context = await contextWith({ config: { trustProxy: true, limits: { ...DEFAULT_LIMITS, register: [] } } });
    await registerAndConfirm(context, 'owner@agency.test');
    await register(context, 'late@agency.test');
    for (let index = 0; index < 4; index += 1) {
      const answer = await askForLink(context, 'late@agency.test', `10.8.0.${index}`);
      expect(answer.body).toEqual({ success: true, message: API_MESSAGES.CONFIRMATION_REQUESTED });
    }
    // The registration's mail and three new ones (3/1h).
    expect(await confirmMailsTo(context, 'late@agency.test')).toHaveLength(4);

    await register(context, 'later@agency.test');
    for (let index = 0; index < 20; index += 1) {
      expect((await askForLink(context, `nobody${index}@agency.test`, '10.8.1.1')).status).toBe(200);
    }
    const refused = await askForLink(context, 'later@agency.test', '10.8.1.1');
    expect(refused.status).toBe(200);
    expect(refused.body).toEqual({ success: true, message: API_MESSAGES.CONFIRMATION_REQUESTED });
    expect(await confirmMailsTo(context, 'later@agency.test')).toHaveLength(1);
    await askForLink(context, 'later@agency.test', '10.8.1.2');
    expect(await confirmMailsTo(context, 'later@agency.test')).toHaveLength(2);
  });
});

describe('when someone waits for approval', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await contextWith();
  });

  const waitingMails = () =>
    context.db
      .selectFrom('outbox')
      .select(['recipient', 'subject', 'text_body'])
      .where('purpose', '=', 'approval-waiting')
      .orderBy('id')
      .execute();

  it('the first account, which becomes the owner, tells nobody', async () => {
    await registerAndConfirm(context, 'owner@agency.test');
    expect(await waitingMails()).toEqual([]);
  });

  it('every owner gets one mail naming the applicant and linking to the Staff page, once', async () => {
    const owner = await signIn(context, 'owner@agency.test');
    await registerAndConfirm(context, 'second@agency.test');
    const secondId = await userIdOf(context, 'second@agency.test');
    expect((await owner.agent.post(STAFF_ADMIN_PATHS.approve(secondId))).status).toBe(200);
    expect((await owner.agent.post(STAFF_ADMIN_PATHS.makeOwner(secondId))).status).toBe(200);
    const before = (await waitingMails()).length;

    const token = await registerAndConfirm(context, 'applicant@example.ng');
    const mails = (await waitingMails()).slice(before);
    expect(mails.map((mail) => mail.recipient).sort()).toEqual(['owner@agency.test', 'second@agency.test']);
    for (const mail of mails) {
      expect(mail.subject).toContain('applicant@example.ng');
      expect(mail.text_body).toContain(`${TEST_APP_URL}${PATHS.staffAccounts}`);
    }
    const delivered = await context.sink.waitForMail(
      (mail) => mail.recipients.includes('owner@agency.test') && /waiting for approval/.test(mail.subject ?? ''),
    );
    expect(delivered.links).toContain(`${TEST_APP_URL}${PATHS.staffAccounts}`);
    // The link again (already spent) or a reset link later confirms nothing new: no second mail.
    await request(context.app).get(API_PATHS.CONFIRM_EMAIL).query({ token });
    expect(await waitingMails()).toHaveLength(before + 2);
  });

  it('an account confirmed through a reset link tells the owners too', async () => {
    const before = (await waitingMails()).length;
    await register(context, 'forgetful@example.ng');
    await request(context.app).post(API_PATHS.RESET_REQUEST).send({ email: 'forgetful@example.ng' });
    await context.sender.drain();
    const resetMail = await context.sink.waitForMail(
      (mail) => mail.recipients.includes('forgetful@example.ng') && /Reset/.test(mail.subject ?? ''),
    );
    const token = tokenFromMail(resetMail, PATHS.resetPassword);
    expect(
      (await request(context.app).post(API_PATHS.UPDATE_PASSWORD).send({ token, password: STRONG_PASSWORD })).status,
    ).toBe(200);
    const mails = (await waitingMails()).slice(before);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'forgetful@example.ng is waiting for approval',
      'forgetful@example.ng is waiting for approval',
    ]);
  });

  it('a pre-approved (allowlisted) account tells nobody: it needs no approval', async () => {
    const allowlisted = await contextWith({ allowlist: '@agency.test' });
    await signedInStaff(allowlisted, 'boss@agency.test');
    await registerAndConfirm(allowlisted, 'designer@agency.test');
    const mails = await allowlisted.db
      .selectFrom('outbox')
      .select('recipient')
      .where('purpose', '=', 'approval-waiting')
      .execute();
    expect(mails).toEqual([]);
    await registerAndConfirm(allowlisted, 'stranger@example.ng');
    const after = await allowlisted.db
      .selectFrom('outbox')
      .select('recipient')
      .where('purpose', '=', 'approval-waiting')
      .execute();
    expect(after).toEqual([{ recipient: 'boss@agency.test' }]);
  });
});
