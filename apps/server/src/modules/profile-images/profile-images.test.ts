import { readdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES, API_PATHS, DEFAULT_AVATAR, LIMITS } from '@agency/shared';
import { DEFAULT_AVATAR_FILE, profileImagesDir } from '../../lib/paths';
import { FAKE_PNG, GIF_IMAGE, JPEG_IMAGE, PNG_IMAGE, SVG_IMAGE, WEBP_IMAGE } from '../../test/images';
import { createTestContext, signIn, STRONG_PASSWORD, type TestContext } from '../../test/test-context';
import { PROFILE_IMAGE_SIZE } from './profile-images.service';

let context: TestContext;
let counter = 0;

beforeAll(async () => {
  context = await createTestContext();
});

afterAll(async () => {
  await context.close();
});

const nextEmail = () => `person${(counter += 1)}@example.ng`;

const registerWith = (email: string, image: Buffer, filename = 'me.png', contentType = 'image/png') =>
  request(context.app)
    .post(API_PATHS.REGISTER)
    .field('email', email)
    .field('password', STRONG_PASSWORD)
    .attach('profile_image', image, { filename, contentType });

const storedImages = () => {
  try {
    return readdirSync(profileImagesDir(context.dataDir));
  } catch {
    return [];
  }
};

const userByEmail = (email: string) =>
  context.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

describe('profile images', () => {
  it.each([
    ['PNG', PNG_IMAGE],
    ['JPEG', JPEG_IMAGE],
    ['WebP', WEBP_IMAGE],
    ['GIF', GIF_IMAGE],
  ])('a %s picture is re-encoded to a square WebP under a random name and served with nosniff', async (_name, make) => {
    const email = nextEmail();
    const response = await registerWith(email, await make(), 'holiday photo.png', 'application/octet-stream');
    expect(response.status).toBe(201);
    const user = await userByEmail(email);
    expect(user?.profile_image).toMatch(/^[a-f0-9]{32}\.webp$/);

    const served = await request(context.app)
      .get(`${API_PATHS.PROFILE_IMAGES}/${user!.profile_image}`)
      .buffer(true)
      .parse((res, callback) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => callback(null, Buffer.concat(chunks)));
      });
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const metadata = await sharp(served.body as Buffer).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.width).toBe(PROFILE_IMAGE_SIZE);
    expect(metadata.height).toBe(PROFILE_IMAGE_SIZE);
  });

  it('the signed-in user carries the stored image name', async () => {
    const email = nextEmail();
    await registerWith(email, await PNG_IMAGE());
    await context.db.updateTable('users').set({ confirmed_at: 1, is_staff: 1 }).where('email', '=', email).execute();
    const { response } = await signIn(context, email);
    expect(response.body.user.profile_image).toBe((await userByEmail(email))?.profile_image);
  });

  it('without an image the account gets the default avatar, which is served as a PNG', async () => {
    const email = nextEmail();
    const response = await request(context.app)
      .post(API_PATHS.REGISTER)
      .field('email', email)
      .field('password', STRONG_PASSWORD)
      .attach('profile_image', Buffer.alloc(0), { filename: '', contentType: 'application/octet-stream' });
    expect(response.status).toBe(201);
    expect((await userByEmail(email))?.profile_image).toBe(DEFAULT_AVATAR);
    const avatar = await request(context.app).get(`${API_PATHS.PROFILE_IMAGES}/${DEFAULT_AVATAR}`);
    expect(avatar.status).toBe(200);
    expect(avatar.headers['content-type']).toBe('image/png');
    expect(avatar.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(avatar.body as Buffer, readFileSync(DEFAULT_AVATAR_FILE))).toBe(0);
  });

  it.each([
    ['text that claims to be a PNG', FAKE_PNG],
    ['an SVG drawing', SVG_IMAGE],
  ])('%s is refused with 400 and nothing is stored', async (_name, make) => {
    const email = nextEmail();
    const before = storedImages().length;
    const response = await registerWith(email, make());
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      success: false,
      message: API_MESSAGES.IMAGE_INVALID,
      errors: { profile_image: API_MESSAGES.IMAGE_INVALID },
    });
    expect(await userByEmail(email)).toBeUndefined();
    expect(storedImages()).toHaveLength(before);
  });

  it('an image over 2 MB is 413 and nothing is stored', async () => {
    const email = nextEmail();
    const before = storedImages().length;
    const response = await registerWith(email, Buffer.alloc(LIMITS.PROFILE_IMAGE_MAX_BYTES + 1, 1));
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ success: false, message: API_MESSAGES.IMAGE_TOO_LARGE });
    expect(await userByEmail(email)).toBeUndefined();
    expect(storedImages()).toHaveLength(before);
  });

  it('a second file is 413 and nothing is stored', async () => {
    const email = nextEmail();
    const response = await registerWith(email, await PNG_IMAGE()).attach('profile_image', await PNG_IMAGE(), {
      filename: 'two.png',
      contentType: 'image/png',
    });
    expect(response.status).toBe(413);
    expect(response.body.success).toBe(false);
    expect(await userByEmail(email)).toBeUndefined();
  });

  it('a file under another field name is 400', async () => {
    const email = nextEmail();
    const response = await request(context.app)
      .post(API_PATHS.REGISTER)
      .field('email', email)
      .field('password', STRONG_PASSWORD)
      .attach('avatar', await PNG_IMAGE(), { filename: 'me.png', contentType: 'image/png' });
    expect(response.status).toBe(400);
    expect(await userByEmail(email)).toBeUndefined();
  });

  it('a broken multipart body is 400, not a 5xx', async () => {
    const response = await request(context.app)
      .post(API_PATHS.REGISTER)
      .set('Content-Type', 'multipart/form-data; boundary=xyz')
      .send('--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\nbroken');
    expect(response.status).toBe(400);
    expect(response.body.success).toBe(false);
  });

  it.each([
    '..%2F..%2Fpackage.json',
    '..%2Fsession-secret',
    '%2E%2E%2F%2E%2E%2Fagency.sqlite',
    'nothing-here.webp',
    `${'a'.repeat(32)}.webp`,
  ])('the image path %s answers 404', async (file) => {
    const response = await request(context.app).get(`${API_PATHS.PROFILE_IMAGES}/${file}`);
    expect(response.status).toBe(404);
    expect(response.body.success).toBe(false);
  });

  it('a path that climbs out of the image folder answers 404', async () => {
    const response = await request(context.app).get(`${API_PATHS.PROFILE_IMAGES}/../../../session-secret`);
    expect(response.status).toBe(404);
  });
});
