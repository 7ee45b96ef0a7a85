import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { API_MESSAGES } from '@agency/shared';
import { AppError } from '../../lib/errors';

export const PROFILE_IMAGE_SIZE = 256;
const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp', 'gif']);
/** Refuses decompression bombs: a 2 MB file may still claim billions of pixels. */
const MAX_INPUT_PIXELS = 40_000_000;
export const STORED_IMAGE_NAME = /^[a-f0-9]{32}\.webp$/;

function invalidImage(): AppError {
  return new AppError(400, API_MESSAGES.IMAGE_INVALID, { profile_image: API_MESSAGES.IMAGE_INVALID });
}

/**
 * Recognises the picture by its content (never by name or declared type) and re-encodes it as a
 * square WebP, which also drops metadata and anything hidden after the image data.
 */
export async function reencodeProfileImage(input: Buffer): Promise<Buffer> {
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw invalidImage();
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw invalidImage();
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false, failOn: 'error' })
      .rotate()
      .resize(PROFILE_IMAGE_SIZE, PROFILE_IMAGE_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw invalidImage();
  }
}

export async function storeProfileImage(directory: string, image: Buffer): Promise<string> {
  await mkdir(directory, { recursive: true });
  const fileName = `${randomBytes(16).toString('hex')}.webp`;
  await writeFile(path.join(directory, fileName), image, { flag: 'wx' });
  return fileName;
}

export async function removeProfileImage(directory: string, fileName: string): Promise<void> {
  if (!STORED_IMAGE_NAME.test(fileName)) return;
  await rm(path.join(directory, fileName), { force: true });
}
