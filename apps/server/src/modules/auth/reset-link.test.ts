import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_RULES,
  API_MESSAGES,
  API_PATHS,
  RESET_LINK_PATH,
  RESET_LINK_TEXTS,
  ResetLinkAnswerSchema,
} from '@agency/shared';
import { tokenFromMail } from '@agency/testing';
import { createTestContext, registerAndConfirm, type TestContext } from '../../test/test-context';

/** A reset link's page asks what the link is now before showing the form (docs/decisions/0047). */
let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
  await registerAndConfirm(context, 'owner@agency.test');
});

afterAll(async () => {
  await context.close();
});

async function resetLinkFor(email: string, count = 1): Promise<string> {
  await request(context.app).post(API_PATHS.RESET_REQUEST).send({ email }).expect(200);
  const mails = () => context.sink.mails.filter((m) => m.to?.[0]?.address === email && m.subject?.includes('Reset'));
  await context.sink.waitForMail(() => mails().length === count);
  const mail = mails().at(-1);
  if (!mail) throw new Error(`no reset mail for ${email}`);
  return tokenFromMail(mail, '/reset-password');
}

async function stateOf(token: string) {
  const response = await request(context.app).get(RESET_LINK_PATH).query({ token }).expect(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return ResetLinkAnswerSchema.parse(response.body).state;
}

const update = (token: string) =>
  request(context.app).post(API_PATHS.UPDATE_PASSWORD).send({ token, password: 'N3w!Password' });

describe('a reset link', () => {
  it('is usable until it sets a password, then used, and a second use says so', async () => {
    await registerAndConfirm(context, 'used@example.ng');
    const token = await resetLinkFor('used@example.ng');
    expect(await stateOf(token)).toBe('usable');
    expect((await update(token)).status).toBe(200);
    expect(await stateOf(token)).toBe('used');
    const again = await update(token);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ success: false, message: RESET_LINK_TEXTS.used });
  });

  it('is expired an hour after it was sent, and using it says so', async () => {
    await registerAndConfirm(context, 'late@example.ng');
    const token = await resetLinkFor('late@example.ng');
    context.advance(ACCOUNT_RULES.RESET_TOKEN_TTL_MS + 1_000);
    expect(await stateOf(token)).toBe('expired');
    const late = await update(token);
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(RESET_LINK_TEXTS.expired);
  });

  it('reads as used once a newer link replaced it, while the newer one works', async () => {
    await registerAndConfirm(context, 'twice@example.ng');
    const older = await resetLinkFor('twice@example.ng', 1);
    const newer = await resetLinkFor('twice@example.ng', 2);
    expect(await stateOf(older)).toBe('used');
    expect(await stateOf(newer)).toBe('usable');
  });

  it('that was never made is unknown, and updating with it keeps the old answer', async () => {
    expect(await stateOf('not-a-token-anyone-was-sent')).toBe('unknown');
    const response = await update('not-a-token-anyone-was-sent');
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(API_MESSAGES.TOKEN_INVALID);
  });

  it('without a token is refused with a clear message, not a 500', async () => {
    const response = await request(context.app).get(RESET_LINK_PATH);
    expect(response.status).toBe(400);
    expect(response.body.success).toBe(false);
    expect(JSON.stringify(response.body)).toContain(API_MESSAGES.TOKEN_INVALID);
  });
});
