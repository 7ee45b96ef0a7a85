import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { API_MESSAGES } from '@agency/shared';
import type { Database } from '../../lib/database-schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import {
  findProfileImage,
  insertProfileImage,
  listProfileImagesMissingFromDatabase,
  type StoredProfileImage,
} from './profile-images.repository';

// Registration stores the image of a new account in the same transaction as the account (auth.service); the profile
// (issue 23) replaces it.
export { deleteProfileImagesOf, insertProfileImage } from './profile-images.repository';

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

/** A fresh name for a new image: random, so a name never changes content and the browser may keep it. */
export function newProfileImageName(): string {
  return `${randomBytes(16).toString('hex')}.webp`;
}

/** The stored image of that name; undefined for anything that is not a stored name, so no name reaches a path. */
export async function findServableProfileImage(
  db: Kysely<Database>,
  name: string,
): Promise<StoredProfileImage | undefined> {
  return STORED_IMAGE_NAME.test(name) ? findProfileImage(db, name) : undefined;
}

/**
 * Copies the images that older versions wrote to DATA_DIR/uploads/profile_images into the database, for the
 * accounts whose image has no row yet; run at every start, it finds nothing once done. The files stay where they
 * are (an older version can still serve them); a file another instance holds is imported when that one starts.
 */
export async function importProfileImageFiles(
  db: Kysely<Database>,
  directory: string,
): Promise<{ imported: number; missing: string[] }> {
  let imported = 0;
  const missing: string[] = [];
  for (const { name, userId, createdAt } of await listProfileImagesMissingFromDatabase(db)) {
    if (!STORED_IMAGE_NAME.test(name)) continue;
    let content: Buffer;
    try {
      content = await readFile(path.join(directory, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      missing.push(name);
      continue;
    }
    try {
      await insertProfileImage(db, { name, userId, content, createdAt });
      imported += 1;
    } catch (error) {
      // Another instance starting at the same time imported it first.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return { imported, missing };
}
