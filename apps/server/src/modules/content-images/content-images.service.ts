import { createHash } from 'node:crypto';
import sharp, { type Metadata, type Sharp } from 'sharp';
import {
  CONTENT_IMAGE_MAX_PIXELS,
  CONTENT_IMAGE_MAX_SIDE,
  CONTENT_IMAGE_MESSAGES,
  CONTENT_IMAGE_TYPES,
  contentImageWidthsOf,
  mediaPath,
  type ContentImage,
} from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { actorOf, recordAudit } from '../audit/audit.service';
import { findUserById, mayEditContent } from '../auth/auth.service';
import {
  findContentImage,
  findVariantBytes,
  insertContentImage,
  updateFocalPoint,
  type NewContentImage,
  type StoredContentImage,
  type VariantFormat,
} from './content-images.repository';

type ImageDeps = Pick<AppDeps, 'db' | 'dialect' | 'clock'>;

export const VARIANT_FORMATS: readonly VariantFormat[] = ['avif', 'webp'];
export const VARIANT_CONTENT_TYPES: Record<VariantFormat, string> = { avif: 'image/avif', webp: 'image/webp' };
/** sharp's names for the accepted originals: the type is read from the bytes, never from the name or declared type. */
const ACCEPTED_FORMATS: Record<string, (typeof CONTENT_IMAGE_TYPES)[number]> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};
/**
 * Effort 2 of 9 for AVIF: on this 2-core machine a 3000x2000 photo's six variants take about a second, against ten
 * at sharp's default (4), for files 1-5 % larger (docs/decisions/0043 "Images").
 */
const ENCODERS: Record<VariantFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 75 }),
};
/** An image's id: the first 16 hex digits of the SHA-256 of its bytes, so the same file is the same image. */
const ID_LENGTH = 16;
export const CONTENT_IMAGE_ID = /^[a-f0-9]{16}$/;

export const CONTENT_EDITORS_ONLY = 'Only editors and owners can change the site’s content.';

/** Editors and owners (auth's mayEditContent, the Content area's rule); other staff are refused. */
export async function assertContentEditor(deps: Pick<AppDeps, 'db'>, userId: number): Promise<void> {
  const user = await findUserById(deps.db, userId);
  if (!user || !mayEditContent(user)) throw new AppError(403, CONTENT_EDITORS_ONLY);
}

const wrongType = () =>
  new AppError(415, CONTENT_IMAGE_MESSAGES.WRONG_TYPE, { image: CONTENT_IMAGE_MESSAGES.WRONG_TYPE });
const damaged = () => new AppError(400, CONTENT_IMAGE_MESSAGES.DAMAGED, { image: CONTENT_IMAGE_MESSAGES.DAMAGED });

/**
 * The original's type and its size as shown (EXIF orientation applied), from its bytes. sharp says "unsupported image
 * format" when it recognises no image at all (text under a .jpg name): that is the wrong type, not a damaged file.
 */
async function inspect(bytes: Buffer): Promise<{ type: string; width: number; height: number }> {
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes).metadata();
  } catch (error) {
    throw /unsupported image format/i.test((error as Error).message) ? wrongType() : damaged();
  }
  const type = ACCEPTED_FORMATS[metadata.format ?? ''];
  if (!type) throw wrongType();
  const { width, height } = metadata.autoOrient;
  if (width > CONTENT_IMAGE_MAX_SIDE || height > CONTENT_IMAGE_MAX_SIDE || width * height > CONTENT_IMAGE_MAX_PIXELS) {
    throw new AppError(400, CONTENT_IMAGE_MESSAGES.TOO_MANY_PIXELS, { image: CONTENT_IMAGE_MESSAGES.TOO_MANY_PIXELS });
  }
  return { type, width, height };
}

/**
 * AVIF and WebP at each width of contentImageWidthsOf: turned upright by its EXIF orientation, never enlarged or
 * cropped (the aspect ratio is the original's; pages crop around the focal point in CSS), and without metadata
 * (sharp writes none unless asked), so no camera position or author reaches a visitor.
 */
async function makeVariants(bytes: Buffer, originalWidth: number): Promise<NewContentImage['variants']> {
  const upright = sharp(bytes, { failOn: 'error', limitInputPixels: CONTENT_IMAGE_MAX_PIXELS }).autoOrient();
  const variants: NewContentImage['variants'] = [];
  try {
    // One width at a time, its two formats together: two of libuv's four threads, so the others stay free for
    // the pages' compression, files and password checks while an upload is encoded.
    for (const width of contentImageWidthsOf(originalWidth)) {
      const encoded = await Promise.all(
        VARIANT_FORMATS.map(async (format) => {
          const { data, info } = await ENCODERS[format](upright.clone().resize({ width })).toBuffer({
            resolveWithObject: true,
          });
          return { format, width: info.width, height: info.height, bytes: data };
        }),
      );
      variants.push(...encoded);
    }
  } catch {
    throw damaged();
  }
  return variants;
}

const answerOf = (image: StoredContentImage): ContentImage => ({
  ...image,
  variants: image.variants.map((variant) => ({ ...variant, path: mediaPath(image.id, variant.width, variant.format) })),
});

/**
 * Stores an upload with its variants, in one transaction with its audit entry. The same bytes again are the same
 * image: `created` is false and nothing is made or recorded twice (also when two uploads of one file race).
 */
export async function uploadContentImage(
  deps: ImageDeps,
  bytes: Buffer,
  actorId: number,
): Promise<{ image: ContentImage; created: boolean }> {
  const id = createHash('sha256').update(bytes).digest('hex').slice(0, ID_LENGTH);
  const existing = await findContentImage(deps.db, id);
  if (existing) return { image: answerOf(existing), created: false };

  const { type, width, height } = await inspect(bytes);
  const variants = await makeVariants(bytes, width);
  const now = deps.clock().getTime();
  try {
    await deps.db.transaction().execute(async (trx) => {
      await insertContentImage(trx, deps.dialect, {
        id,
        width,
        height,
        originalType: type,
        original: bytes,
        createdAt: now,
        createdBy: actorId,
        variants,
      });
      await recordAudit(trx, {
        action: 'content.image_uploaded',
        actor: await actorOf(trx, actorId),
        target: `image ${id}`,
        detail: { id, type, width, height, bytes: bytes.length },
        at: now,
      });
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const stored = await findContentImage(deps.db, id);
    if (stored) return { image: answerOf(stored), created: false };
    throw error;
  }
  const stored = await findContentImage(deps.db, id);
  if (!stored) throw new Error(`content image ${id} was stored but cannot be read back`);
  return { image: answerOf(stored), created: true };
}

/** Where crops of the image centre by default; pages take the point an item's ImageRef carries. */
export async function setImageFocus(
  deps: ImageDeps,
  id: string,
  focus: { x: number; y: number },
): Promise<ContentImage> {
  if (!CONTENT_IMAGE_ID.test(id)) throw new AppError(404, CONTENT_IMAGE_MESSAGES.NOT_FOUND);
  await updateFocalPoint(deps.db, id, focus.x, focus.y);
  const image = await findContentImage(deps.db, id);
  if (!image) throw new AppError(404, CONTENT_IMAGE_MESSAGES.NOT_FOUND);
  return answerOf(image);
}

/** One variant's bytes for /media/{id}/{width}.{format}; undefined for anything that is not a stored variant. */
export async function findMediaVariant(
  deps: Pick<AppDeps, 'db'>,
  id: string,
  width: number,
  format: VariantFormat,
): Promise<Buffer | undefined> {
  return CONTENT_IMAGE_ID.test(id) ? findVariantBytes(deps.db, id, format, width) : undefined;
}
