import type { Server } from 'node:http';
import path from 'node:path';
import bcrypt from 'bcrypt';
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_MESSAGES, API_PATHS } from '@agency/shared';
import { tokenFromMail } from '@agency/testing';
import { createApp } from '../../app';
import { DEFAULT_LIMITS, type AbuseLimits } from '../../config/config';
import { parseRateLimit, RATE_LIMIT_OFF } from '../../config/rate-limit';
import { createLogger } from '../../lib/logger';
import { FAKE_PNG } from '../../test/images';
import {
  createTestContext,
  registerAndConfirm,
  START_TIME,
  STRONG_PASSWORD,
  type TestContext,
} from '../../test/test-context';

const WRONG_PASSWORD = 'Wr0ng!Password';
const HOUR_MS = 60 * 60 * 1000;

// rate-limiter-flexible reads Date.now(), the app the injected clock: the tests hold Date still and move both.
vi.useFakeTimers({ toFake: ['Date'], now: START_TIME });

const contexts: TestContext[] = [];
const servers: Server[] = [];

/** A context behind a proxy, so each request can speak from its own client address. */
async function limitedContext(limits: Partial<AbuseLimits> = {}): Promise<TestContext> {
  const context = await createTestContext({
    config: { trustProxy: true, limits: { ...DEFAULT_LIMITS, ...limits } },
  });
  contexts.push(context);
  return context;
}

function advance(context: TestContext, ms: number) {
  context.advance(ms);
  vi.setSystemTime(Date.now() + ms);
}

/**
 * A second app on the context's database whose password checks are counted: the real bcrypt comparison, wrapped.
 * It listens, so hundreds of requests share one server.
 */
function appCountingPasswordChecks(context: TestContext) {
  const counter = { checks: 0 };
  const app = createApp({
    db: context.db,
    dialect: context.database.dialect,
    mail: context.sender,
    clock: context.now,
    config: context.config,
    logger: createLogger('silent'),
    webRoot: path.join(context.dataDir, 'no-web-build'),
    checkPassword: (password, hash) => {
      counter.checks += 1;
      return bcrypt.compare(password, hash);
    },
  });
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  return { server, counter };
}

const login = (app: Express | Server, email: string, password: string, ip: string) =>
  request(app).post(API_PATHS.LOGIN).set('X-Forwarded-For', ip).send({ email, password });

const register = (app: Express, email: string, ip: string) =>
  request(app)
    .post(API_PATHS.REGISTER)
    .set('X-Forwarded-For', ip)
    .field('email', email)
    .field('password', STRONG_PASSWORD);

const requestReset = (app: Express, email: string, ip: string) =>
  request(app).post(API_PATHS.RESET_REQUEST).set('X-Forwarded-For', ip).send({ email });

const statuses = (responses: Array<{ status: number }>) =>
  responses.reduce<Record<number, number>>(
    (counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }),
    {},
  );

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  for (const context of contexts) await context.close();
  vi.useRealTimers();
});

describe('sign-in limits', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await limitedContext();
    await registerAndConfirm(context, 'owner@agency.test');
    await registerAndConfirm(context, 'other@agency.test');
    await context.db.updateTable('users').set({ role: 'staff' }).where('email', '=', 'other@agency.test').execute();
  });

  it('200 simultaneous wrong passwords for one account from one address reach bcrypt 10 times; the rest get 429', async () => {
    const { server, counter } = appCountingPasswordChecks(context);
    const responses = await Promise.all(
      Array.from({ length: 200 }, () => login(server, 'owner@agency.test', WRONG_PASSWORD, '192.0.2.200')),
    );
    console.log(`200 concurrent wrong logins (${context.database.dialect}): ${counter.checks} password checks`);
    expect(counter.checks).toBe(10);
    expect(statuses(responses)).toEqual({ 401: 10, 429: 190 });
    const refused = responses.find((response) => response.status === 429);
    expect(refused?.body).toEqual({ success: false, message: API_MESSAGES.TOO_MANY_ATTEMPTS(15) });
  });

  it('after 10 failures from one address, even the right password from there gets 429 with Retry-After, until the window ends', async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await login(context.app, 'owner@agency.test', WRONG_PASSWORD, '10.0.0.1')).status).toBe(401);
    }
    const blocked = await login(context.app, 'owner@agency.test', STRONG_PASSWORD, '10.0.0.1');
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toBe('900');
    expect(blocked.body).toEqual({ success: false, message: API_MESSAGES.TOO_MANY_ATTEMPTS(15) });

    advance(context, 15 * 60 * 1000 - 1_000);
    expect((await login(context.app, 'owner@agency.test', STRONG_PASSWORD, '10.0.0.1')).headers['retry-after']).toBe(
      '1',
    );
    advance(context, 1_000);
    expect((await login(context.app, 'owner@agency.test', STRONG_PASSWORD, '10.0.0.1')).status).toBe(200);
  });

  it("a stranger's failures lock only the stranger's address out of the account: the owner and other accounts still sign in", async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await login(context.app, 'owner@agency.test', WRONG_PASSWORD, '203.0.113.66');
    }
    expect((await login(context.app, 'owner@agency.test', STRONG_PASSWORD, '203.0.113.66')).status).toBe(429);
    expect((await login(context.app, 'owner@agency.test', STRONG_PASSWORD, '198.51.100.7')).status).toBe(200);
    expect((await login(context.app, 'other@agency.test', STRONG_PASSWORD, '203.0.113.66')).status).toBe(200);
  });

  it('a successful sign-in clears its address’s failures for the account', async () => {
    for (let attempt = 0; attempt < 9; attempt += 1) {
      await login(context.app, 'owner@agency.test', WRONG_PASSWORD, '10.0.0.2');
    }
    expect((await login(context.app, 'owner@agency.test', STRONG_PASSWORD, '10.0.0.2')).status).toBe(200);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await login(context.app, 'owner@agency.test', WRONG_PASSWORD, '10.0.0.2')).status).toBe(401);
    }
    expect((await login(context.app, 'owner@agency.test', WRONG_PASSWORD, '10.0.0.2')).status).toBe(429);
  });

  it('addresses in one IPv6 /56 count as one client', async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await login(context.app, 'other@agency.test', WRONG_PASSWORD, `2001:db8:aa:bb0${attempt}::1`);
    }
    expect((await login(context.app, 'other@agency.test', STRONG_PASSWORD, '2001:db8:aa:bbff::9')).status).toBe(429);
    expect((await login(context.app, 'other@agency.test', STRONG_PASSWORD, '2001:db8:aa:cc00::9')).status).toBe(200);
  });

  it('the counts are in the database, shared by a second server process, and hold no address or e-mail', async () => {
    const second = appCountingPasswordChecks(context);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login(context.app, 'owner@agency.test', WRONG_PASSWORD, '10.0.0.3')).status).toBe(401);
      expect((await login(second.server, 'owner@agency.test', WRONG_PASSWORD, '10.0.0.3')).status).toBe(401);
    }
    expect((await login(context.app, 'owner@agency.test', STRONG_PASSWORD, '10.0.0.3')).status).toBe(429);
    expect((await login(second.server, 'owner@agency.test', STRONG_PASSWORD, '10.0.0.3')).status).toBe(429);
    const keys = (await context.db.selectFrom('rate_limits').select('key').execute()).map((row) => row.key);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(key).toMatch(/^[a-z-]+:\d+:[0-9a-f]{64}$/);
  });

  it('a new password lets the owner sign in again from the address that opened the reset link', async () => {
    await registerAndConfirm(context, 'forgetful@agency.test');
    await context.db.updateTable('users').set({ role: 'staff' }).where('email', '=', 'forgetful@agency.test').execute();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await login(context.app, 'forgetful@agency.test', WRONG_PASSWORD, '10.0.0.4');
    }
    expect((await login(context.app, 'forgetful@agency.test', STRONG_PASSWORD, '10.0.0.4')).status).toBe(429);
    await requestReset(context.app, 'forgetful@agency.test', '10.0.0.4');
    const mail = await context.sink.waitForMail(
      (candidate) =>
        candidate.recipients.includes('forgetful@agency.test') && Boolean(candidate.subject?.includes('Reset')),
    );
    const newPassword = 'N3w!Passw0rd';
    const updated = await request(context.app)
      .post(API_PATHS.UPDATE_PASSWORD)
      .set('X-Forwarded-For', '10.0.0.4')
      .send({ token: tokenFromMail(mail, '/reset-password'), password: newPassword });
    expect(updated.status).toBe(200);
    expect((await login(context.app, 'forgetful@agency.test', newPassword, '10.0.0.4')).status).toBe(200);
  });
});

describe('the account-wide sign-in cap', () => {
  it('200 simultaneous wrong passwords from 200 addresses reach bcrypt only as often as the account allows', async () => {
    const context = await limitedContext({ loginPerAccount: parseRateLimit('20/1h') });
    await registerAndConfirm(context, 'owner@agency.test');
    const { server, counter } = appCountingPasswordChecks(context);
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        login(server, 'owner@agency.test', WRONG_PASSWORD, `10.1.${Math.floor(index / 100)}.${index % 100}`),
      ),
    );
    expect(counter.checks).toBe(20);
    expect(statuses(responses)).toEqual({ 401: 20, 429: 180 });
  });

  it('after 100 failures in an hour from many addresses, the account refuses every address, the owner’s too, for the rest of the hour', async () => {
    const context = await limitedContext();
    await registerAndConfirm(context, 'owner@agency.test');
    for (let address = 0; address < 10; address += 1) {
      for (let attempt = 0; attempt < 10; attempt += 1) {
        expect((await login(context.app, 'owner@agency.test', WRONG_PASSWORD, `10.2.0.${address}`)).status).toBe(401);
      }
    }
    advance(context, 30 * 60 * 1000);
    const owner = await login(context.app, 'owner@agency.test', STRONG_PASSWORD, '198.51.100.7');
    expect(owner.status).toBe(429);
    expect(owner.headers['retry-after']).toBe('1800');
    expect(owner.body).toEqual({ success: false, message: API_MESSAGES.TOO_MANY_ATTEMPTS(30) });
    advance(context, 30 * 60 * 1000);
    expect((await login(context.app, 'owner@agency.test', STRONG_PASSWORD, '198.51.100.7')).status).toBe(200);
  });

  it("attempts the account's cap refuses do not count against the owner's address", async () => {
    // An address window longer than the account's, so a count left on the address would still be there after it.
    const context = await limitedContext({
      loginPerAddress: parseRateLimit('10/2h'),
      loginPerAccount: parseRateLimit('20/1h'),
    });
    await registerAndConfirm(context, 'owner@agency.test');
    for (let attempt = 0; attempt < 20; attempt += 1) {
      await login(context.app, 'owner@agency.test', WRONG_PASSWORD, `10.6.0.${attempt % 2}`);
    }
    for (let attempt = 0; attempt < 11; attempt += 1) {
      expect((await login(context.app, 'owner@agency.test', STRONG_PASSWORD, '198.51.100.8')).status).toBe(429);
    }
    advance(context, HOUR_MS);
    expect((await login(context.app, 'owner@agency.test', STRONG_PASSWORD, '198.51.100.8')).status).toBe(200);
    expect((await login(context.app, 'owner@agency.test', STRONG_PASSWORD, '10.6.0.1')).status).toBe(429);
  });
});

describe('registration limits (docs/decisions/0048)', () => {
  const MINUTE_MS = 60 * 1000;
  // Up to 130 registrations each (a bcrypt hash apiece): beyond the default 30 s on a busy MariaDB.
  const MANY_REGISTRATIONS_MS = 180_000;
  const storedEmails = (context: TestContext, emails: string[]) =>
    context.db.selectFrom('users').select('email').where('email', 'in', emails).execute();

  it(
    'an office of 20 registers in one morning from one address, a colleague every two minutes',
    async () => {
      const context = await limitedContext();
      const emails = Array.from({ length: 20 }, (_, index) => `colleague${index + 1}@office.ng`);
      for (const email of emails) {
        expect((await register(context.app, email, '192.0.2.20')).status).toBe(201);
        advance(context, 2 * MINUTE_MS);
      }
      expect(await storedEmails(context, emails)).toHaveLength(20);
    },
    MANY_REGISTRATIONS_MS,
  );

  it(
    'the sixth registration for one e-mail address within an hour gets 429 before any work, from any address; the address keeps its allowance',
    async () => {
      const context = await limitedContext();
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await register(context.app, 'same@example.ng', `192.0.2.${30 + attempt}`)).status).toBe(201);
        advance(context, MINUTE_MS);
      }
      // An image that is not one would be refused with 400 by the re-encoding: the 429 comes before it.
      const refused = await register(context.app, 'Same@Example.ng', '192.0.2.40').attach(
        'profile_image',
        FAKE_PNG(),
        'photo.png',
      );
      expect(refused.status).toBe(429);
      // The e-mail's window began five minutes ago: 55 minutes are left, and the answer says so.
      expect(refused.headers['retry-after']).toBe(String(55 * 60));
      expect(refused.body).toEqual({ success: false, message: API_MESSAGES.TOO_MANY_REGISTRATIONS_FOR_EMAIL(55) });
      expect(refused.body.message).toBe(
        'Too many registrations for this e-mail address. Please try again in 55 minutes.',
      );

      // The refused attempt was given back to its address: 30 other people still register from there this hour.
      for (let index = 0; index < 30; index += 1) {
        expect((await register(context.app, `other${index}@example.ng`, '192.0.2.40')).status).toBe(201);
      }
      advance(context, 56 * MINUTE_MS);
      expect((await register(context.app, 'same@example.ng', '192.0.2.41')).status).toBe(201);
    },
    MANY_REGISTRATIONS_MS,
  );

  it(
    'an address registering many e-mail addresses is refused at its 31st in an hour and its 101st in a day; others still register',
    async () => {
      const context = await limitedContext();
      const flood = (index: number) => register(context.app, `flood${index}@example.ng`, '198.51.100.7');
      for (let index = 0; index < 30; index += 1) expect((await flood(index)).status).toBe(201);
      advance(context, 21 * MINUTE_MS);
      const hourly = await flood(30).attach('profile_image', FAKE_PNG(), 'photo.png');
      expect(hourly.status).toBe(429);
      expect(hourly.headers['retry-after']).toBe(String(39 * 60));
      expect(hourly.body).toEqual({ success: false, message: API_MESSAGES.TOO_MANY_REGISTRATIONS(39) });
      expect(await storedEmails(context, ['flood30@example.ng'])).toEqual([]);
      expect((await register(context.app, 'neighbour@example.ng', '198.51.100.8')).status).toBe(201);

      // Hour after hour at the hourly bound, the day's bound of 100 is met in the fourth hour. The refusal above counted
      // towards the day too (refused attempts count), so 30 + 30 + 30 + 9 are accepted.
      let accepted = 30;
      let index = 31;
      for (let hour = 1; hour <= 3; hour += 1) {
        advance(context, hour === 1 ? 40 * MINUTE_MS : 61 * MINUTE_MS);
        for (let attempt = 0; attempt < 30; attempt += 1) {
          const answer = await flood(index);
          index += 1;
          if (answer.status === 201) accepted += 1;
          else expect(answer.status).toBe(429);
        }
      }
      console.log(`one address flooding registrations for 4 hours (${context.database.dialect}): ${accepted} accepted`);
      expect(accepted).toBe(99);
      const daily = await flood(index);
      expect(daily.status).toBe(429);
      // The day's window began at the first registration, 3 h 3 min ago: 20 h 57 min are left, said in hours.
      expect(daily.headers['retry-after']).toBe(String((24 * 60 - 183) * 60));
      expect(daily.body.message).toBe('Too many registrations from your network. Please try again in 21 hours.');
    },
    MANY_REGISTRATIONS_MS,
  );
});

describe('reset limits', () => {
  let context: TestContext;
  const resetMailsTo = (email: string) =>
    context.db
      .selectFrom('outbox')
      .select('id')
      .where('purpose', '=', 'reset')
      .where('recipient', '=', email)
      .execute();

  beforeAll(async () => {
    context = await limitedContext();
    await registerAndConfirm(context, 'owner@agency.test');
  });

  it('a fourth reset request for one address within an hour gets the same answer, and no fourth mail', async () => {
    const answers = [];
    for (let index = 0; index < 4; index += 1) {
      answers.push(await requestReset(context.app, 'owner@agency.test', `10.3.0.${index}`));
    }
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ success: true, message: API_MESSAGES.RESET_REQUESTED });
    }
    await context.sender.drain();
    expect(await resetMailsTo('owner@agency.test')).toHaveLength(3);
    expect(
      context.sink.mails.filter(
        (mail) => mail.recipients.includes('owner@agency.test') && mail.subject?.includes('Reset'),
      ),
    ).toHaveLength(3);

    advance(context, HOUR_MS);
    await requestReset(context.app, 'owner@agency.test', '10.3.1.0');
    expect(await resetMailsTo('owner@agency.test')).toHaveLength(4);
  });

  it('after 20 requests from one client address, its requests get the same answer and send nothing; another address is served', async () => {
    for (let index = 0; index < 20; index += 1) {
      expect((await requestReset(context.app, `nobody${index}@example.ng`, '10.4.0.1')).status).toBe(200);
    }
    const before = (await resetMailsTo('owner@agency.test')).length;
    const refused = await requestReset(context.app, 'owner@agency.test', '10.4.0.1');
    expect(refused.status).toBe(200);
    expect(refused.body).toEqual({ success: true, message: API_MESSAGES.RESET_REQUESTED });
    expect(await resetMailsTo('owner@agency.test')).toHaveLength(before);

    await requestReset(context.app, 'owner@agency.test', '10.4.0.2');
    expect(await resetMailsTo('owner@agency.test')).toHaveLength(before + 1);
  });
});

describe('limits set to off', () => {
  it('allow every attempt', async () => {
    const context = await limitedContext({
      loginPerAddress: RATE_LIMIT_OFF,
      loginPerAccount: RATE_LIMIT_OFF,
      register: RATE_LIMIT_OFF,
      registerPerEmail: RATE_LIMIT_OFF,
    });
    await registerAndConfirm(context, 'owner@agency.test');
    for (let attempt = 0; attempt < 12; attempt += 1) {
      expect((await login(context.app, 'owner@agency.test', WRONG_PASSWORD, '10.5.0.1')).status).toBe(401);
    }
    expect((await login(context.app, 'owner@agency.test', STRONG_PASSWORD, '10.5.0.1')).status).toBe(200);
    for (let index = 0; index < 6; index += 1) {
      expect((await register(context.app, `many${index}@example.ng`, '10.5.0.1')).status).toBe(201);
    }
    expect(await context.db.selectFrom('rate_limits').select('key').execute()).toEqual([]);
  });
});
