import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import { sql } from 'kysely';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES, API_PATHS, DEFAULT_AVATAR, LIMITS } from '@agency/shared';
import { createApp } from '../../app';
import { createLogger } from '../../lib/logger';
import { DEFAULT_AVATAR_FILE, profileImagesDir } from '../../lib/paths';
import { FAKE_PNG, GIF_IMAGE, JPEG_IMAGE, PNG_IMAGE, SVG_IMAGE, WEBP_IMAGE } from '../../test/images';
import { createTestContext, signIn, START_TIME, STRONG_PASSWORD, type TestContext } from '../../test/test-context';
import { importProfileImageFiles, newProfileImageName, PROFILE_IMAGE_SIZE } from './profile-images.service';

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

const imageRows = () => context.db.selectFrom('profile_images').select(['name', 'user_id']).execute();

/** The image's bytes as served, with the answer's status and headers. */
const fetchImage = (app: Express, name: string, headers: Record<string, string> = {}) =>
  request(app)
    .get(`${API_PATHS.PROFILE_IMAGES}/${name}`)
    .set(headers)
    .buffer(true)
    .parse((res, callback) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => callback(null, Buffer.concat(chunks)));
    });

/** Another server instance on the same database, with a DATA_DIR of its own, as on a second machine. */
function secondInstance(): { app: Express; dataDir: string } {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-data-second-'));
  const app = createApp({
    db: context.db,
    dialect: context.database.dialect,
    mail: context.sender,
    clock: () => context.now(),
    config: { ...context.config, dataDir },
    logger: createLogger('silent'),
    webRoot: path.join(dataDir, 'no-web-build'),
  });
  return { app, dataDir };
}

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

    const served = await fetchImage(context.app, user!.profile_image);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const metadata = await sharp(served.body as Buffer).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.width).toBe(PROFILE_IMAGE_SIZE);
    expect(metadata.height).toBe(PROFILE_IMAGE_SIZE);
  });

  it('the signed-in user carries the stored image name', async () => {
    const email = nextEmail();
    await registerWith(email, await PNG_IMAGE());
    await context.db.updateTable('users').set({ confirmed_at: 1, role: 'staff' }).where('email', '=', email).execute();
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
    const user = await userByEmail(email);
    expect(user?.profile_image).toBe(DEFAULT_AVATAR);
    expect((await imageRows()).filter((row) => row.user_id === user?.id)).toEqual([]);
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
    const before = (await imageRows()).length;
    const response = await registerWith(email, make());
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      success: false,
      message: API_MESSAGES.IMAGE_INVALID,
      errors: { profile_image: API_MESSAGES.IMAGE_INVALID },
    });
    expect(await userByEmail(email)).toBeUndefined();
    expect(await imageRows()).toHaveLength(before);
  });

  it('an image over 2 MB is 413 and nothing is stored', async () => {
    const email = nextEmail();
    const before = (await imageRows()).length;
    const response = await registerWith(email, Buffer.alloc(LIMITS.PROFILE_IMAGE_MAX_BYTES + 1, 1));
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ success: false, message: API_MESSAGES.IMAGE_TOO_LARGE });
    expect(await userByEmail(email)).toBeUndefined();
    expect(await imageRows()).toHaveLength(before);
  });

  it('a second file is 413 and nothing is stored', async () => {
    const email = nextEmail();
    const before = (await imageRows()).length;
    const response = await registerWith(email, await PNG_IMAGE()).attach('profile_image', await PNG_IMAGE(), {
      filename: 'two.png',
      contentType: 'image/png',
    });
    expect(response.status).toBe(413);
    expect(response.body.success).toBe(false);
    expect(await userByEmail(email)).toBeUndefined();
    expect(await imageRows()).toHaveLength(before);
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

  it('an image uploaded through one instance is served by a second instance on the same database, and no disk holds it', async () => {
    const second = secondInstance();
    try {
      const email = nextEmail();
      expect((await registerWith(email, await JPEG_IMAGE())).status).toBe(201);
      const name = (await userByEmail(email))!.profile_image;

      const fromFirst = await fetchImage(context.app, name);
      const fromSecond = await fetchImage(second.app, name);
      expect(fromSecond.status).toBe(200);
      expect(fromSecond.headers['content-type']).toBe('image/webp');
      expect(fromSecond.headers['x-content-type-options']).toBe('nosniff');
      expect(fromSecond.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Buffer.compare(fromSecond.body as Buffer, fromFirst.body as Buffer)).toBe(0);
      expect((await sharp(fromSecond.body as Buffer).metadata()).width).toBe(PROFILE_IMAGE_SIZE);
      // A browser that kept it asks again with the ETag either instance gave: no body is sent twice.
      const again = await fetchImage(second.app, name, { 'If-None-Match': String(fromFirst.headers.etag) });
      expect(again.status).toBe(304);

      expect(existsSync(profileImagesDir(context.dataDir))).toBe(false);
      expect(existsSync(profileImagesDir(second.dataDir))).toBe(false);
    } finally {
      rmSync(second.dataDir, { recursive: true, force: true });
    }
  });

  it('a registration that fails after its image row was written leaves neither the image nor the account', async () => {
    const email = nextEmail();
    const before = await imageRows();
    // The database refuses the confirmation token, which is written after the account and its image.
    await (
      context.database.dialect === 'mysql'
        ? sql`create trigger refuse_tokens before insert on email_tokens for each row
          signal sqlstate '45000' set message_text = 'refused by the test'`
        : sql`create trigger refuse_tokens before insert on email_tokens
          begin select raise(abort, 'refused by the test'); end`
    ).execute(context.db);
    try {
      const response = await registerWith(email, await PNG_IMAGE());
      expect(response.status).toBe(500);
      expect(response.body.success).toBe(false);
    } finally {
      await sql`drop trigger refuse_tokens`.execute(context.db);
    }
    expect(await userByEmail(email)).toBeUndefined();
    expect(await imageRows()).toEqual(before);
  });

  it('deleting an account, even by hand in SQL, deletes its image, which then answers 404', async () => {
    const email = nextEmail();
    await registerWith(email, await PNG_IMAGE());
    const user = (await userByEmail(email))!;
    expect((await fetchImage(context.app, user.profile_image)).status).toBe(200);

    await context.db.deleteFrom('users').where('id', '=', user.id).execute();
    expect((await imageRows()).filter((row) => row.name === user.profile_image)).toEqual([]);
    const gone = await request(context.app).get(`${API_PATHS.PROFILE_IMAGES}/${user.profile_image}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ success: false, message: API_MESSAGES.NOT_FOUND });
  });

  it('images an older version kept in DATA_DIR are copied into the database once and served by every instance', async () => {
    const oldDataDir = mkdtempSync(path.join(tmpdir(), 'rd-data-old-'));
    const second = secondInstance();
    try {
      const directory = profileImagesDir(oldDataDir);
      mkdirSync(directory, { recursive: true });
      const kept = newProfileImageName();
      const lost = newProfileImageName();
      const picture = await WEBP_IMAGE();
      writeFileSync(path.join(directory, kept), picture);
      // Older versions only ever wrote random names; any other value must never become a path to read.
      writeFileSync(path.join(oldDataDir, 'session-secret.webp'), 'not for anyone');
      const accounts = [kept, lost, '../../session-secret.webp'].map((profileImage) => ({
        email: nextEmail(),
        password_hash: 'unused',
        profile_image: profileImage,
        is_staff: 0,
        confirmed_at: START_TIME.getTime(),
        created_at: START_TIME.getTime(),
      }));
      await context.db.insertInto('users').values(accounts).execute();

      expect(await importProfileImageFiles(context.db, directory)).toEqual({ imported: 1, missing: [lost] });
      const served = await fetchImage(second.app, kept);
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(Buffer.compare(served.body as Buffer, picture)).toBe(0);
      expect((await fetchImage(context.app, lost)).status).toBe(404);

      // The next start finds nothing more to copy.
      expect(await importProfileImageFiles(context.db, directory)).toEqual({ imported: 0, missing: [lost] });
      expect((await imageRows()).filter((row) => row.name === kept)).toHaveLength(1);
    } finally {
      rmSync(oldDataDir, { recursive: true, force: true });
      rmSync(second.dataDir, { recursive: true, force: true });
    }
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
