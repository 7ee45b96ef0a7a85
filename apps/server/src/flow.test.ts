import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES, API_PATHS, MESSAGE_KIND_PATHS, MESSAGE_KINDS } from '@agency/shared';
import { tokenFromMail } from '@agency/testing';
import { VALID_SUBMISSIONS } from './test/fixtures';
import { PNG_IMAGE } from './test/images';
import { createTestContext, STRONG_PASSWORD, TEST_APP_URL, type TestContext } from './test/test-context';

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
});

afterAll(async () => {
  await context.close();
});

describe('the whole staff journey', () => {
  it('register -> confirm from the real mail -> login -> four submissions -> list -> delete -> logout', async () => {
    const staff = request.agent(context.app);
    const origin = { Origin: TEST_APP_URL };

    const registered = await staff
      .post(API_PATHS.REGISTER)
      .set(origin)
      .field('email', 'Founder@Rendezvous.test')
      .field('password', STRONG_PASSWORD)
      .attach('profile_image', await PNG_IMAGE(), { filename: 'founder.png', contentType: 'image/png' });
    expect(registered.status).toBe(201);

    const mail = await context.sink.waitForMail((m) => m.to?.[0]?.address === 'founder@rendezvous.test');
    const confirmed = await staff.get(API_PATHS.CONFIRM_EMAIL).query({ token: tokenFromMail(mail, '/confirm-email') });
    expect(confirmed.body).toEqual({ success: true, message: API_MESSAGES.EMAIL_CONFIRMED });

    const login = await staff
      .post(API_PATHS.LOGIN)
      .set(origin)
      .send({ email: 'founder@rendezvous.test', password: STRONG_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.user.username).toBe('founder');
    expect(login.body.user.profile_image).toMatch(/\.webp$/);
    expect((await staff.get(API_PATHS.SESSION_CHECK)).body.user.email).toBe('founder@rendezvous.test');

    for (const kind of MESSAGE_KINDS) {
      const submitted = await request(context.app)
        .post(MESSAGE_KIND_PATHS[kind].submit)
        .set(origin)
        .send(VALID_SUBMISSIONS[kind]);
      expect(submitted.status).toBe(201);
      expect(submitted.body.success).toBe(true);
    }

    for (const kind of MESSAGE_KINDS) {
      const list = await staff.get(MESSAGE_KIND_PATHS[kind].list);
      expect(list.status).toBe(200);
      expect(list.body.messages).toHaveLength(1);
      const [message] = list.body.messages;
      expect(message.email).toBe(VALID_SUBMISSIONS[kind].email);
      const deleted = await staff.delete(`${MESSAGE_KIND_PATHS[kind].delete}?id=${message.id}`).set(origin);
      expect(deleted.status).toBe(200);
      expect((await staff.get(MESSAGE_KIND_PATHS[kind].list)).body.messages).toEqual([]);
    }

    const logout = await staff.get(API_PATHS.LOGOUT);
    expect(logout.body.success).toBe(true);
    expect((await staff.get(API_PATHS.SESSION_CHECK)).body).toEqual({ success: false });
    expect((await staff.get(MESSAGE_KIND_PATHS.contact.list)).status).toBe(401);
  });
});
