import { readdirSync } from 'node:fs';
import bcrypt from 'bcrypt';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES, API_PATHS } from '@agency/shared';
import { profileImagesDir } from '../../lib/paths';
import { createTestContext, STRONG_PASSWORD, type TestContext } from '../../test/test-context';
import { PNG_IMAGE } from '../../test/images';

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext({ mail: 'broken' });
});

afterAll(async () => {
  await context.close();
});

describe('when the mail server is down', () => {
  it('registration answers 503 with a clear message and leaves no account, token, image or staff claim', async () => {
    const response = await request(context.app)
      .post(API_PATHS.REGISTER)
      .field('email', 'unlucky@example.ng')
      .field('password', STRONG_PASSWORD)
      .attach('profile_image', await PNG_IMAGE(), { filename: 'me.png', contentType: 'image/png' });
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ success: false, message: API_MESSAGES.MAIL_FAILED });
    expect(await context.db.selectFrom('users').selectAll().execute()).toEqual([]);
    expect(await context.db.selectFrom('email_tokens').selectAll().execute()).toEqual([]);
    expect(await context.db.selectFrom('installation').selectAll().execute()).toEqual([]);
    const images = (() => {
      try {
        return readdirSync(profileImagesDir(context.dataDir));
      } catch {
        return [];
      }
    })();
    expect(images).toEqual([]);
  });

  it('a reset request for a known address answers 503 and leaves no usable link', async () => {
    await context.db
      .insertInto('users')
      .values({
        email: 'known@example.ng',
        password_hash: await bcrypt.hash(STRONG_PASSWORD, 4),
        profile_image: 'default-avatar.png',
        is_staff: 1,
        confirmed_at: context.now().getTime(),
        created_at: context.now().getTime(),
      })
      .execute();
    const response = await request(context.app).post(API_PATHS.RESET_REQUEST).send({ email: 'known@example.ng' });
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ success: false, message: API_MESSAGES.RESET_MAIL_FAILED });
    expect(await context.db.selectFrom('email_tokens').selectAll().execute()).toEqual([]);
  });
});
