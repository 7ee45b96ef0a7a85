import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_RULES,
  API_MESSAGES,
  API_PATHS,
  DEFAULT_AVATAR,
  FIELD_MESSAGES,
  RESET_LINK_TEXTS,
  SPEC_MESSAGES,
} from '@agency/shared';
import { tokenFromMail } from '@agency/testing';
import { createApp } from '../../app';
import { hashToken } from '../../lib/tokens';
import {
  createTestContext,
  registerAndConfirm,
  signIn,
  STRONG_PASSWORD,
  TEST_APP_URL,
  type TestContext,
} from '../../test/test-context';
import { createLogger } from '../../lib/logger';

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
  // The installation's first account, so later accounts in this file are ordinary ones.
  await registerAndConfirm(context, 'owner@agency.test');
});

afterAll(async () => {
  await context.close();
});

const register = (email: string, password = STRONG_PASSWORD) =>
  request(context.app).post(API_PATHS.REGISTER).field('email', email).field('password', password);

const userByEmail = (email: string) =>
  context.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

function sessionCookieOf(response: request.Response): string {
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  const cookie = cookies.find((value) => value.startsWith('rd.sid='));
  if (!cookie) throw new Error('no session cookie was set');
  return cookie;
}

const checkWith = (cookie: string) =>
  request(context.app)
    .get(API_PATHS.SESSION_CHECK)
    .set('Cookie', cookie.split(';')[0] ?? '');

describe('registration', () => {
  it('creates an unconfirmed account under the lower-cased e-mail and mails a link built from APP_URL', async () => {
    const response = await register('New.Person@Example.NG').set('Host', 'evil.example');
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ success: true, message: API_MESSAGES.REGISTERED_CHECK_MAIL });
    const user = await userByEmail('new.person@example.ng');
    expect(user?.confirmed_at).toBeNull();
    expect(user?.profile_image).toBe(DEFAULT_AVATAR);
    expect(user?.password_hash).toMatch(/^\$2[aby]\$04\$/);

    const mail = await context.sink.waitForMail((m) => m.to?.[0]?.address === 'new.person@example.ng');
    expect(mail.from?.address).toBe('no-reply@rendezvousdigital.ng');
    expect(mail.from?.name).toBe('Rendezvous Digital');
    expect(mail.text).toContain(`${TEST_APP_URL}/confirm-email?token=`);
    expect(mail.html).toContain(`${TEST_APP_URL}/confirm-email?token=`);
    expect(mail.text).not.toContain('evil.example');

    const token = tokenFromMail(mail, '/confirm-email');
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const stored = await context.db.selectFrom('email_tokens').selectAll().where('user_id', '=', user!.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored[0]?.expires_at).toBe(context.now().getTime() + ACCOUNT_RULES.CONFIRMATION_TOKEN_TTL_MS);
  });

  it('refuses a password that breaks the spec rule, with the spec message, and stores nothing', async () => {
    const response = await register('weak@example.ng', 'password1');
    expect(response.status).toBe(400);
    expect(response.body.errors.password).toBe(SPEC_MESSAGES.PASSWORD_RULE);
    expect(await userByEmail('weak@example.ng')).toBeUndefined();
  });

  it('refuses a password over 72 UTF-8 bytes rather than truncating it', async () => {
    const longPassword = `Aa1!${'é'.repeat(35)}`; // 39 characters, 74 bytes
    const response = await register('long@example.ng', longPassword);
    expect(response.status).toBe(400);
    expect(response.body.errors.password).toBe(FIELD_MESSAGES.PASSWORD_TOO_LONG);
    expect(await userByEmail('long@example.ng')).toBeUndefined();
  });

  it('refuses an invalid e-mail address', async () => {
    const response = await register('not-an-email');
    expect(response.status).toBe(400);
    expect(response.body.errors).toHaveProperty('email');
  });

  it('answers a second registration of an address (in another case) like a new one, and mails its owner a notice', async () => {
    const fresh = await register('brand-new@example.ng');
    const again = await register('OWNER@agency.test');
    expect(again.status).toBe(fresh.status);
    expect(again.body).toEqual(fresh.body);
    const notice = await context.sink.waitForMail(
      (mail) => mail.to?.[0]?.address === 'owner@agency.test' && /already have/.test(mail.subject ?? ''),
    );
    expect(notice.text).toContain(`${TEST_APP_URL}/auth`);
    expect(notice.text).not.toContain('token=');
    const owners = await context.db.selectFrom('users').select('id').where('email', '=', 'owner@agency.test').execute();
    expect(owners).toHaveLength(1);
  });

  it('refuses an unexpected field', async () => {
    const response = await register('extra@example.ng').field('role', 'admin');
    expect(response.status).toBe(400);
    expect(response.body.errors).toHaveProperty('role');
    expect(await userByEmail('extra@example.ng')).toBeUndefined();
  });

  it('answers 415 to a JSON registration, which must be multipart', async () => {
    const response = await request(context.app)
      .post(API_PATHS.REGISTER)
      .send({ email: 'json@example.ng', password: STRONG_PASSWORD });
    expect(response.status).toBe(415);
    expect(response.body.success).toBe(false);
  });
});

describe('e-mail confirmation', () => {
  it('login is refused with a clear message until the e-mail is confirmed', async () => {
    await register('pending@example.ng');
    const { response } = await signIn(context, 'pending@example.ng');
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ success: false, message: API_MESSAGES.LOGIN_UNCONFIRMED });
  });

  it('a confirmation link works once', async () => {
    await register('once@example.ng');
    const mail = await context.sink.waitForMail((m) => m.to?.[0]?.address === 'once@example.ng');
    const token = tokenFromMail(mail, '/confirm-email');
    const first = await request(context.app).get(API_PATHS.CONFIRM_EMAIL).query({ token });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, message: API_MESSAGES.EMAIL_CONFIRMED });
    expect((await userByEmail('once@example.ng'))?.confirmed_at).toBe(context.now().getTime());
    const second = await request(context.app).get(API_PATHS.CONFIRM_EMAIL).query({ token });
    expect(second.status).toBe(400);
    expect(second.body.message).toBe(API_MESSAGES.TOKEN_INVALID);
  });

  it('a confirmation link expires after 24 hours', async () => {
    await register('late@example.ng');
    const mail = await context.sink.waitForMail((m) => m.to?.[0]?.address === 'late@example.ng');
    context.advance(ACCOUNT_RULES.CONFIRMATION_TOKEN_TTL_MS + 1_000);
    const response = await request(context.app)
      .get(API_PATHS.CONFIRM_EMAIL)
      .query({ token: tokenFromMail(mail, '/confirm-email') });
    expect(response.status).toBe(400);
    expect((await userByEmail('late@example.ng'))?.confirmed_at).toBeNull();
  });

  it('a missing or unknown token is 400', async () => {
    expect((await request(context.app).get(API_PATHS.CONFIRM_EMAIL)).status).toBe(400);
    const unknown = await request(context.app)
      .get(API_PATHS.CONFIRM_EMAIL)
      .query({ token: 'x'.repeat(43) });
    expect(unknown.status).toBe(400);
  });
});

describe('login, session and logout', () => {
  it('a wrong password and an unknown e-mail get the same 401 answer', async () => {
    const wrong = await signIn(context, 'owner@agency.test', 'Wr0ng!Password');
    const unknown = await signIn(context, 'nobody@example.ng');
    expect(wrong.response.status).toBe(401);
    expect(unknown.response.status).toBe(401);
    expect(wrong.response.body).toEqual({ success: false, message: API_MESSAGES.LOGIN_INVALID });
    expect(unknown.response.body).toEqual(wrong.response.body);
  });

  it('a staff login answers the user and sets an HttpOnly, SameSite=Lax cookie', async () => {
    const { response } = await signIn(context, 'OWNER@agency.test');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      message: API_MESSAGES.LOGIN_SUCCESS,
      user: {
        username: 'owner',
        displayName: 'owner',
        email: 'owner@agency.test',
        profile_image: DEFAULT_AVATAR,
        contentEditor: true,
      },
    });
    const cookie = sessionCookieOf(response);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('no session cookie is set before sign-in (sessions are not saved uninitialised)', async () => {
    const check = await request(context.app).get(API_PATHS.SESSION_CHECK);
    const failed = await signIn(context, 'owner@agency.test', 'Wr0ng!Password');
    expect(check.headers['set-cookie']).toBeUndefined();
    expect(failed.response.headers['set-cookie']).toBeUndefined();
  });

  it('the session check answers 200 success:false when signed out and the user when signed in', async () => {
    const signedOut = await request(context.app).get(API_PATHS.SESSION_CHECK);
    expect(signedOut.status).toBe(200);
    expect(signedOut.body).toEqual({ success: false });
    const { agent } = await signIn(context, 'owner@agency.test');
    const signedIn = await agent.get(API_PATHS.SESSION_CHECK);
    expect(signedIn.body).toEqual({
      success: true,
      user: {
        username: 'owner',
        displayName: 'owner',
        email: 'owner@agency.test',
        profile_image: DEFAULT_AVATAR,
        contentEditor: true,
      },
    });
  });

  it('signing in again issues a new session id and the old one stops working', async () => {
    const { agent, response } = await signIn(context, 'owner@agency.test');
    const firstCookie = sessionCookieOf(response);
    const again = await agent.post(API_PATHS.LOGIN).send({ email: 'owner@agency.test', password: STRONG_PASSWORD });
    const secondCookie = sessionCookieOf(again);
    expect(secondCookie.split(';')[0]).not.toBe(firstCookie.split(';')[0]);
    expect((await checkWith(firstCookie)).body).toEqual({ success: false });
    expect((await checkWith(secondCookie)).body.success).toBe(true);
  });

  it('logout destroys the session on the server, so a copied cookie is worthless', async () => {
    const { agent, response } = await signIn(context, 'owner@agency.test');
    const cookie = sessionCookieOf(response);
    const sid = decodeURIComponent(cookie.split(';')[0]!.slice('rd.sid='.length)).slice(2).split('.')[0]!;
    expect(
      await context.db.selectFrom('sessions').select('sid').where('sid', '=', sid).executeTakeFirst(),
    ).toBeDefined();
    const logout = await agent.get(API_PATHS.LOGOUT);
    expect(logout.status).toBe(200);
    expect(logout.body.success).toBe(true);
    expect(
      await context.db.selectFrom('sessions').select('sid').where('sid', '=', sid).executeTakeFirst(),
    ).toBeUndefined();
    expect((await checkWith(cookie)).body).toEqual({ success: false });
  });

  it('a session ends after 30 minutes without a request, and each request renews it', async () => {
    const { agent } = await signIn(context, 'owner@agency.test');
    context.advance(29 * 60_000);
    expect((await agent.get(API_PATHS.SESSION_CHECK)).body.success).toBe(true);
    context.advance(29 * 60_000);
    expect((await agent.get(API_PATHS.SESSION_CHECK)).body.success).toBe(true);
    context.advance(31 * 60_000);
    expect((await agent.get(API_PATHS.SESSION_CHECK)).body).toEqual({ success: false });
  });

  it('a session ends 12 hours after sign-in however active it is', async () => {
    const { agent } = await signIn(context, 'owner@agency.test');
    const step = 25 * 60_000;
    let elapsed = 0;
    while (elapsed + step < ACCOUNT_RULES.SESSION_ABSOLUTE_MS) {
      context.advance(step);
      elapsed += step;
      expect((await agent.get(API_PATHS.SESSION_CHECK)).body.success).toBe(true);
    }
    context.advance(ACCOUNT_RULES.SESSION_ABSOLUTE_MS - elapsed);
    expect((await agent.get(API_PATHS.SESSION_CHECK)).body).toEqual({ success: false });
  });

  it('sessions live in the database: another server process on the same database honours the cookie', async () => {
    const { response } = await signIn(context, 'owner@agency.test');
    const cookie = sessionCookieOf(response);
    const logger = createLogger('silent');
    const secondProcess = createApp({
      db: context.db,
      dialect: context.database.dialect,
      mail: context.sender,
      clock: context.now,
      config: context.config,
      logger,
    });
    const check = await request(secondProcess)
      .get(API_PATHS.SESSION_CHECK)
      .set('Cookie', cookie.split(';')[0] ?? '');
    expect(check.body.success).toBe(true);
  });

  it('an unknown login action is 400 and the wrong method is 405', async () => {
    expect((await request(context.app).get('/api/login.php?action=steal')).status).toBe(400);
    const put = await request(context.app).put(API_PATHS.LOGIN).send({});
    expect(put.status).toBe(405);
    expect(put.headers.allow).toBe('GET, HEAD, POST');
  });
});

describe('production cookies', () => {
  it('the session cookie is Secure when NODE_ENV=production', async () => {
    const production = await createTestContext({ config: { isProduction: true, trustProxy: true } });
    try {
      await registerAndConfirm(production, 'owner@agency.test');
      const response = await request(production.app)
        .post(API_PATHS.LOGIN)
        .set('X-Forwarded-Proto', 'https')
        .send({ email: 'owner@agency.test', password: STRONG_PASSWORD });
      expect(response.status).toBe(200);
      expect(sessionCookieOf(response)).toMatch(/;\s*Secure/i);
    } finally {
      await production.close();
    }
  });
});

describe('password reset', () => {
  const resetFor = (email: string) => request(context.app).post(API_PATHS.RESET_REQUEST).send({ email });
  const resetMailsTo = (email: string) =>
    context.sink.mails.filter((m) => m.to?.[0]?.address === email && m.subject?.includes('Reset'));

  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    await registerAndConfirm(context, 'known@example.ng');
    const known = await resetFor('known@example.ng');
    const unknown = await resetFor('ghost@example.ng');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ success: true, message: API_MESSAGES.RESET_REQUESTED });
    await context.sink.waitForMail(
      (m) => m.to?.[0]?.address === 'known@example.ng' && Boolean(m.subject?.includes('Reset')),
    );
    expect(resetMailsTo('ghost@example.ng')).toHaveLength(0);
  });

  it('a reset link sets a new password once, ends every session of the user, and cannot be reused', async () => {
    await registerAndConfirm(context, 'reset.me@agency.test');
    await context.db.updateTable('users').set({ role: 'staff' }).where('email', '=', 'reset.me@agency.test').execute();
    const { agent } = await signIn(context, 'reset.me@agency.test');
    expect((await agent.get(API_PATHS.SESSION_CHECK)).body.success).toBe(true);

    await resetFor('reset.me@agency.test');
    const mail = await context.sink.waitForMail(
      (m) => m.to?.[0]?.address === 'reset.me@agency.test' && Boolean(m.subject?.includes('Reset')),
    );
    expect(mail.text).toContain(`${TEST_APP_URL}/reset-password?token=`);
    const token = tokenFromMail(mail, '/reset-password');
    const newPassword = 'N3w!Password';
    const update = await request(context.app).post(API_PATHS.UPDATE_PASSWORD).send({ token, password: newPassword });
    expect(update.status).toBe(200);
    expect(update.body).toEqual({ success: true, message: API_MESSAGES.PASSWORD_UPDATED });

    expect((await agent.get(API_PATHS.SESSION_CHECK)).body).toEqual({ success: false });
    expect((await signIn(context, 'reset.me@agency.test')).response.status).toBe(401);
    expect((await signIn(context, 'reset.me@agency.test', newPassword)).response.status).toBe(200);

    const reuse = await request(context.app).post(API_PATHS.UPDATE_PASSWORD).send({ token, password: 'An0ther!Pass' });
    expect(reuse.status).toBe(400);
    expect(reuse.body.message).toBe(RESET_LINK_TEXTS.used);
  });

  it('a reset link expires after 1 hour', async () => {
    await registerAndConfirm(context, 'slow@example.ng');
    await resetFor('slow@example.ng');
    const mail = await context.sink.waitForMail(
      (m) => m.to?.[0]?.address === 'slow@example.ng' && Boolean(m.subject?.includes('Reset')),
    );
    context.advance(ACCOUNT_RULES.RESET_TOKEN_TTL_MS + 1_000);
    const response = await request(context.app)
      .post(API_PATHS.UPDATE_PASSWORD)
      .send({ token: tokenFromMail(mail, '/reset-password'), password: 'N3w!Password' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(RESET_LINK_TEXTS.expired);
  });

  it('a new reset request voids the older link', async () => {
    await registerAndConfirm(context, 'twice@example.ng');
    await resetFor('twice@example.ng');
    await context.sink.waitForMail(
      (m) => m.to?.[0]?.address === 'twice@example.ng' && Boolean(m.subject?.includes('Reset')),
    );
    await resetFor('twice@example.ng');
    await context.sink.waitForMail(() => resetMailsTo('twice@example.ng').length === 2);
    const [older, newer] = resetMailsTo('twice@example.ng');
    const olderUse = await request(context.app)
      .post(API_PATHS.UPDATE_PASSWORD)
      .send({ token: tokenFromMail(older!, '/reset-password'), password: 'N3w!Password' });
    expect(olderUse.status).toBe(400);
    const newerUse = await request(context.app)
      .post(API_PATHS.UPDATE_PASSWORD)
      .send({ token: tokenFromMail(newer!, '/reset-password'), password: 'N3w!Password' });
    expect(newerUse.status).toBe(200);
  });

  it('the new password must follow the rule too', async () => {
    const response = await request(context.app)
      .post(API_PATHS.UPDATE_PASSWORD)
      .send({ token: 'whatever', password: 'short' });
    expect(response.status).toBe(400);
    expect(response.body.errors.password).toBe(SPEC_MESSAGES.PASSWORD_RULE);
  });

  it('a reset request with an invalid e-mail or extra fields is 400', async () => {
    expect((await resetFor('nope')).status).toBe(400);
    const extra = await request(context.app).post(API_PATHS.RESET_REQUEST).send({ email: 'a@b.ng', admin: true });
    expect(extra.status).toBe(400);
  });
});
