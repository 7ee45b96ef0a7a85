import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_RULES, API_MESSAGES, API_PATHS } from '@agency/shared';
import { createTestContext, registerAndConfirm, STRONG_PASSWORD, type TestContext } from '../../test/test-context';

let context: TestContext;

beforeAll(async () => {
  // Behind a proxy, so each test can speak from its own client address.
  context = await createTestContext({ config: { trustProxy: true } });
  await registerAndConfirm(context, 'owner@agency.test');
});

afterAll(async () => {
  await context.close();
});

const attempt = (email: string, password: string, ip: string) =>
  request(context.app).post(API_PATHS.LOGIN).set('X-Forwarded-For', ip).send({ email, password });

describe('failed login limit', () => {
  it('after 10 failures for an e-mail, even the right password gets 429 with Retry-After and a message', async () => {
    for (let index = 0; index < ACCOUNT_RULES.LOGIN_FAILURES_ALLOWED; index += 1) {
      const response = await attempt('owner@agency.test', 'Wr0ng!Password', `10.0.0.${index + 1}`);
      expect(response.status).toBe(401);
    }
    const blocked = await attempt('owner@agency.test', STRONG_PASSWORD, '10.0.1.1');
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toBe(String(ACCOUNT_RULES.LOGIN_FAILURE_WINDOW_MS / 1000));
    expect(blocked.body).toEqual({ success: false, message: API_MESSAGES.TOO_MANY_ATTEMPTS(15) });

    context.advance(ACCOUNT_RULES.LOGIN_FAILURE_WINDOW_MS + 1_000);
    const later = await attempt('owner@agency.test', STRONG_PASSWORD, '10.0.1.1');
    expect(later.status).toBe(200);
  });

  it('after 10 failures from one address, that address is refused for any e-mail', async () => {
    for (let index = 0; index < ACCOUNT_RULES.LOGIN_FAILURES_ALLOWED; index += 1) {
      await attempt(`guess${index}@example.ng`, 'Wr0ng!Password', '203.0.113.9');
    }
    const blocked = await attempt('owner@agency.test', STRONG_PASSWORD, '203.0.113.9');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const otherAddress = await attempt('owner@agency.test', STRONG_PASSWORD, '203.0.113.10');
    expect(otherAddress.status).toBe(200);
  });

  it('the count is kept in the database, so every server process shares it', async () => {
    const rows = await context.db
      .selectFrom('login_failures')
      .select('subject')
      .where('scope', '=', 'ip')
      .where('subject', '=', '203.0.113.9')
      .execute();
    expect(rows).toHaveLength(ACCOUNT_RULES.LOGIN_FAILURES_ALLOWED);
  });
});
