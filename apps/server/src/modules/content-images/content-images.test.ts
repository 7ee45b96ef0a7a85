import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTENT_IMAGE_MAX_BYTES,
  CONTENT_IMAGE_MESSAGES,
  CONTENT_PATHS,
  ContentImageAnswerSchema,
  mediaPath,
  type ContentImage,
} from '@agency/shared';
import { GIF_IMAGE } from '../../test/images';
import {
  createTestContext,
  registerAndConfirm,
  signedInStaff,
  signIn,
  type StaffAgent,
  type TestContext,
} from '../../test/test-context';
import { CONTENT_EDITORS_ONLY } from './content-images.service';

let context: TestContext;
let owner: StaffAgent;
let editor: StaffAgent;
let colleague: StaffAgent;

/** A signed-in staff member; `editor`: with the content editor flag an owner gives. */
async function staffMember(email: string, { editor: isEditor }: { editor: boolean }): Promise<StaffAgent> {
  await registerAndConfirm(context, email);
  await context.db
    .updateTable('users')
    .set({ role: 'staff', content_editor: isEditor ? 1 : 0 })
    .where('email', '=', email)
    .execute();
  return (await signIn(context, email)).agent;
}

beforeAll(async () => {
  context = await createTestContext();
  owner = await signedInStaff(context);
  editor = await staffMember('editor@agency.test', { editor: true });
  colleague = await staffMember('colleague@agency.test', { editor: false });
});

afterAll(async () => {
  await context.close();
});

/**
 * A picture with something in it for the encoders to keep (a sky, a sun, a field), the same bytes every run: a
 * `shade` makes another file of the same size.
 */
function scene(width: number, height: number, shade = 0) {
  const drawing = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height * 0.6}" fill="rgb(${90 + shade},160,230)"/>
    <rect y="${height * 0.6}" width="${width}" height="${height * 0.4}" fill="rgb(60,${140 + shade},70)"/>
    <circle cx="${width * 0.7}" cy="${height * 0.3}" r="${Math.min(width, height) * 0.15}" fill="rgb(250,210,60)"/>
  </svg>`;
  return sharp(Buffer.from(drawing));
}

const upload = (agent: StaffAgent | ReturnType<typeof request>, bytes: Buffer, filename = 'photo.jpg') =>
  agent.post(CONTENT_PATHS.IMAGES).attach('image', bytes, { filename, contentType: 'image/jpeg' });

const fetchBytes = (path: string, headers: Record<string, string> = {}) =>
  request(context.app)
    .get(path)
    .set(headers)
    .buffer(true)
    .parse((res, callback) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => callback(null, Buffer.concat(chunks)));
    });

const imageCount = async () =>
  Number(
    (
      await context.db
        .selectFrom('content_images')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const variantsOf = (image: ContentImage) =>
  image.variants.map(({ format, width, height }) => `${format} ${width}x${height}`).sort();

describe('content images: upload', () => {
  it.each([
    ['a JPEG of 2000x1000', () => scene(2000, 1000).jpeg().toBuffer(), 2000, 1000, ['480x240', '960x480', '1600x800']],
    ['a PNG of 1000x700', () => scene(1000, 700).png().toBuffer(), 1000, 700, ['480x336', '960x672']],
    ['a WebP of 300x200', () => scene(300, 200).webp().toBuffer(), 300, 200, ['300x200']],
  ])(
    '%s becomes AVIF and WebP variants no wider than itself, each served from /media with its size',
    async (_name, make, width, height, sizes) => {
      const response = await upload(owner, await make());
      expect(response.status).toBe(201);
      const { image } = ContentImageAnswerSchema.parse(response.body);
      expect(image).toMatchObject({ width, height, focalX: 500, focalY: 500 });
      expect(image.id).toMatch(/^[a-f0-9]{16}$/);
      expect(variantsOf(image)).toEqual(sizes.flatMap((size) => [`avif ${size}`, `webp ${size}`]).sort());
      for (const variant of image.variants) {
        expect(variant.path).toBe(mediaPath(image.id, variant.width, variant.format));
        const served = await fetchBytes(variant.path);
        expect(served.status).toBe(200);
        expect(served.headers['content-type']).toBe(`image/${variant.format}`);
        const metadata = await sharp(served.body as Buffer).metadata();
        expect(metadata.format).toBe(variant.format === 'avif' ? 'heif' : 'webp');
        expect([metadata.width, metadata.height]).toEqual([variant.width, variant.height]);
      }
    },
  );

  it('a photo taken sideways is turned upright by its EXIF orientation, and no metadata reaches the variants', async () => {
    // 600x400 as stored, orientation 6: shown 400 wide and 600 high.
    const photo = await scene(600, 400, 10)
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'Agency test', Artist: 'A. Photographer' } } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const response = await upload(owner, photo);
    expect(response.status).toBe(201);
    const { image } = ContentImageAnswerSchema.parse(response.body);
    expect([image.width, image.height]).toEqual([400, 600]);
    expect(variantsOf(image)).toEqual(['avif 400x600', 'webp 400x600']);
    for (const variant of image.variants) {
      const metadata = await sharp((await fetchBytes(variant.path)).body as Buffer).metadata();
      expect([metadata.width, metadata.height]).toEqual([400, 600]);
      expect(metadata.exif).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
    }
  });

  it('the same file twice is one image: 200 with the stored one, nothing made or recorded again', async () => {
    const bytes = await scene(800, 600, 20).jpeg().toBuffer();
    const first = await upload(editor, bytes, 'first.jpg');
    expect(first.status).toBe(201);
    const images = await imageCount();
    const audits = await context.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'content.image_uploaded')
      .where('target', '=', `image ${first.body.image.id}`)
      .execute();
    expect(audits).toHaveLength(1);
    expect(audits[0]?.actor_email).toBe('editor@agency.test');

    const second = await upload(owner, bytes, 'copy of first.jpg');
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await imageCount()).toBe(images);
    const auditsAfter = await context.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'content.image_uploaded')
      .execute();
    expect(auditsAfter).toHaveLength(await imageCount());
  });

  it.each([
    ['a GIF', () => GIF_IMAGE(), 'animation.gif'],
    ['a text file named .jpg', async () => Buffer.from('Meeting notes: not a picture at all.\n', 'utf8'), 'notes.jpg'],
    [
      'an SVG drawing',
      async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>'),
      'a.jpg',
    ],
  ])('%s is refused (415) with the types to use, and nothing is stored', async (_name, make, filename) => {
    const before = await imageCount();
    const response = await upload(owner, await make(), filename);
    expect(response.status).toBe(415);
    expect(response.body.message).toBe('Upload a JPEG, PNG or WebP image.');
    expect(response.body.errors).toEqual({ image: CONTENT_IMAGE_MESSAGES.WRONG_TYPE });
    expect(await imageCount()).toBe(before);
  });

  it.each([
    ['a JPEG cut off half way', async () => halfOf(await scene(900, 600, 30).jpeg().toBuffer())],
    ['a PNG cut off half way', async () => halfOf(await scene(900, 600, 30).png().toBuffer())],
    ['a WebP cut off half way', async () => halfOf(await scene(900, 600, 30).webp().toBuffer())],
  ])('%s is a damaged file: 400 with a clear message, nothing stored', async (_name, make) => {
    const before = await imageCount();
    const response = await upload(owner, await make());
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(CONTENT_IMAGE_MESSAGES.DAMAGED);
    expect(await imageCount()).toBe(before);
  });

  it('a file just under the limit is stored whole, on either database', async () => {
    // Stored without compression, so the file is nearly its pixels' size: 1800 x 1800 x 3 bytes, 9.3 MiB.
    const bytes = await scene(1800, 1800, 70).removeAlpha().png({ compressionLevel: 0 }).toBuffer();
    expect(bytes.length).toBeGreaterThan(CONTENT_IMAGE_MAX_BYTES * 0.9);
    expect(bytes.length).toBeLessThanOrEqual(CONTENT_IMAGE_MAX_BYTES);
    const response = await upload(owner, bytes, 'large.png');
    expect(response.status).toBe(201);
    const row = await context.db
      .selectFrom('content_images')
      .select(['original', 'original_type'])
      .where('id', '=', response.body.image.id)
      .executeTakeFirstOrThrow();
    expect(row.original_type).toBe('image/png');
    expect(Buffer.compare(row.original, bytes)).toBe(0);
  });

  it('a file over the limit is 413 with the limit in MB, and nothing is stored', async () => {
    const before = await imageCount();
    const jpegStart = await scene(100, 100).jpeg().toBuffer();
    const oversized = Buffer.concat([jpegStart, Buffer.alloc(CONTENT_IMAGE_MAX_BYTES + 1 - jpegStart.length, 0)]);
    const response = await upload(owner, oversized);
    expect(response.status).toBe(413);
    expect(response.body.message).toBe(CONTENT_IMAGE_MESSAGES.TOO_LARGE);
    expect(response.body.message).toContain('10 MB');
    expect(await imageCount()).toBe(before);
  });

  it('an image of more than 10,000 pixels on a side is refused with the limit', async () => {
    const response = await upload(
      owner,
      await sharp({ create: { width: 10_001, height: 2, channels: 3, background: '#123456' } })
        .png()
        .toBuffer(),
    );
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(CONTENT_IMAGE_MESSAGES.TOO_MANY_PIXELS);
  });

  it('without a file, or with a JSON body, the editor is told to choose an image', async () => {
    const empty = await owner.post(CONTENT_PATHS.IMAGES).field('note', 'no file here');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(CONTENT_IMAGE_MESSAGES.NO_FILE);
    const json = await owner.post(CONTENT_PATHS.IMAGES).send({ image: 'data:image/png;base64,AAAA' });
    expect(json.status).toBe(415);
    expect(json.body.message).toBe(CONTENT_IMAGE_MESSAGES.NO_FILE);
  });

  it('a staff member without the editor flag gets 403 and a signed-out visitor 401; nothing is stored', async () => {
    const before = await imageCount();
    const bytes = await scene(500, 500, 40).png().toBuffer();
    const refused = await upload(colleague, bytes);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(CONTENT_EDITORS_ONLY);
    const signedOut = await upload(request(context.app), bytes);
    expect(signedOut.status).toBe(401);
    expect(await imageCount()).toBe(before);
  });
});

function halfOf(bytes: Buffer): Buffer {
  return bytes.subarray(0, Math.floor(bytes.length / 2));
}

describe('content images: /media', () => {
  let image: ContentImage;

  beforeAll(async () => {
    image = ContentImageAnswerSchema.parse(
      (await upload(owner, await scene(1200, 800, 50).jpeg().toBuffer())).body,
    ).image;
  });

  it('a variant is public, kept a year as immutable, with its type and an ETag that answers 304', async () => {
    const path = mediaPath(image.id, 960, 'avif');
    const served = await fetchBytes(path);
    expect(served.status).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['content-type']).toBe('image/avif');
    expect(served.headers['set-cookie']).toBeUndefined();
    const etag = served.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await fetchBytes(path, { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    const other = await fetchBytes(mediaPath(image.id, 960, 'webp'));
    expect(other.headers['content-type']).toBe('image/webp');
    expect(other.headers.etag).not.toBe(etag);
  });

  it.each([
    ['an unknown image', () => mediaPath('0123456789abcdef', 480, 'webp')],
    ['a width it was not made at', () => mediaPath(image.id, 1600, 'webp')],
    ['another format', () => `/media/${image.id}/480.png`],
    ['a name that is not a hash', () => mediaPath('ABCDEF0123456789', 480, 'webp')],
  ])('%s is 404, never kept by a cache', async (_name, path) => {
    const response = await request(context.app).get(path());
    expect(response.status).toBe(404);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('content images: focal point', () => {
  let image: ContentImage;

  beforeAll(async () => {
    image = ContentImageAnswerSchema.parse(
      (await upload(owner, await scene(640, 480, 60).png().toBuffer())).body,
    ).image;
  });

  it('an editor stores the focal point in thousandths; the image answers with it from then on', async () => {
    const response = await editor.put(CONTENT_PATHS.imageFocus(image.id)).send({ x: 250, y: 1000 });
    expect(response.status).toBe(200);
    expect(ContentImageAnswerSchema.parse(response.body).image).toMatchObject({
      id: image.id,
      focalX: 250,
      focalY: 1000,
    });
    const row = await context.db
      .selectFrom('content_images')
      .select(['focal_x', 'focal_y'])
      .where('id', '=', image.id)
      .executeTakeFirstOrThrow();
    expect([Number(row.focal_x), Number(row.focal_y)]).toEqual([250, 1000]);
    const reupload = await upload(owner, await scene(640, 480, 60).png().toBuffer());
    expect(reupload.status).toBe(200);
    expect(reupload.body.image).toMatchObject({ focalX: 250, focalY: 1000 });
  });

  it.each([
    [{ x: 1001, y: 500 }, 'x'],
    [{ x: 500, y: -1 }, 'y'],
    [{ x: 12.5, y: 500 }, 'x'],
    [{ x: 500 }, 'y'],
    [{ x: '500', y: 500 }, 'x'],
  ])('%j is 400 naming %s, and the stored point stays', async (body, field) => {
    const response = await owner.put(CONTENT_PATHS.imageFocus(image.id)).send(body);
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors ?? {})).toContain(field);
    const row = await context.db
      .selectFrom('content_images')
      .select(['focal_x', 'focal_y'])
      .where('id', '=', image.id)
      .executeTakeFirstOrThrow();
    expect([Number(row.focal_x), Number(row.focal_y)]).toEqual([250, 1000]);
  });

  it('an unknown image is 404; a colleague without the flag 403; signed out 401', async () => {
    expect((await owner.put(CONTENT_PATHS.imageFocus('0123456789abcdef')).send({ x: 1, y: 1 })).status).toBe(404);
    expect((await owner.put(CONTENT_PATHS.imageFocus('not-an-id')).send({ x: 1, y: 1 })).status).toBe(404);
    const refused = await colleague.put(CONTENT_PATHS.imageFocus(image.id)).send({ x: 1, y: 1 });
    expect(refused.status).toBe(403);
    const signedOut = await request(context.app).put(CONTENT_PATHS.imageFocus(image.id)).send({ x: 1, y: 1 });
    expect(signedOut.status).toBe(401);
  });
});
