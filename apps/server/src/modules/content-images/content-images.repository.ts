import { sql, type Kysely, type Transaction } from 'kysely';
import type { ContentImageVariantsTable, Database, EpochMs } from '../../lib/database-schema';
import type { DialectName } from '../../lib/db';

type Db = Kysely<Database> | Transaction<Database>;
export type VariantFormat = ContentImageVariantsTable['format'];

export interface StoredContentImage {
  id: string;
  width: number;
  height: number;
  focalX: number;
  focalY: number;
  variants: Array<{ format: VariantFormat; width: number; height: number }>;
}

export interface NewContentImage {
  id: string;
  width: number;
  height: number;
  originalType: string;
  original: Buffer;
  createdAt: EpochMs;
  createdBy: number;
  variants: Array<{ format: VariantFormat; width: number; height: number; bytes: Buffer }>;
}

/**
 * mysql2 sends a Buffer parameter as hex text, twice its size, and MariaDB refuses a statement longer than
 * max_allowed_packet (16 MiB by default): a 10 MB original would be refused. Each blob is written in parts of 4 MiB,
 * the first with the row and each other appended, on both databases.
 */
const BLOB_PART_BYTES = 4 * 1024 * 1024;

function partsOf(bytes: Buffer): [Buffer, ...Buffer[]] {
  const rest: Buffer[] = [];
  for (let start = BLOB_PART_BYTES; start < bytes.length; start += BLOB_PART_BYTES) {
    rest.push(bytes.subarray(start, start + BLOB_PART_BYTES));
  }
  return [bytes.subarray(0, BLOB_PART_BYTES), ...rest];
}

/** `column` with `part` after it: SQLite's || makes text of blobs, and the cast takes the same bytes back. */
const appended = (dialect: DialectName, column: 'original' | 'bytes', part: Buffer) =>
  dialect === 'mysql'
    ? sql<Buffer>`concat(${sql.ref(column)}, ${part})`
    : sql<Buffer>`cast(${sql.ref(column)} || ${part} as blob)`;

/** The original and its variants: pass the upload's transaction, so an image is never seen without all of them. */
export async function insertContentImage(
  trx: Transaction<Database>,
  dialect: DialectName,
  image: NewContentImage,
): Promise<void> {
  const [first, ...rest] = partsOf(image.original);
  await trx
    .insertInto('content_images')
    .values({
      id: image.id,
      width: image.width,
      height: image.height,
      original_type: image.originalType,
      original: first,
      created_at: image.createdAt,
      created_by: image.createdBy,
    })
    .execute();
  for (const part of rest) {
    await trx
      .updateTable('content_images')
      .set({ original: appended(dialect, 'original', part) })
      .where('id', '=', image.id)
      .execute();
  }
  for (const { bytes, ...variant } of image.variants) {
    const [firstPart, ...otherParts] = partsOf(bytes);
    await trx
      .insertInto('content_image_variants')
      .values({ image_id: image.id, ...variant, bytes: firstPart })
      .execute();
    for (const part of otherParts) {
      await trx
        .updateTable('content_image_variants')
        .set({ bytes: appended(dialect, 'bytes', part) })
        .where('image_id', '=', image.id)
        .where('format', '=', variant.format)
        .where('width', '=', variant.width)
        .execute();
    }
  }
}

/** An image's size, focal point and variants (without their bytes). */
export async function findContentImage(db: Db, id: string): Promise<StoredContentImage | undefined> {
  const row = await db
    .selectFrom('content_images')
    .select(['id', 'width', 'height', 'focal_x', 'focal_y'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const variants = await db
    .selectFrom('content_image_variants')
    .select(['format', 'width', 'height'])
    .where('image_id', '=', id)
    .orderBy('format')
    .orderBy('width')
    .execute();
  return {
    id: row.id,
    width: Number(row.width),
    height: Number(row.height),
    focalX: Number(row.focal_x),
    focalY: Number(row.focal_y),
    variants: variants.map((variant) => ({
      format: variant.format,
      width: Number(variant.width),
      height: Number(variant.height),
    })),
  };
}

/** One variant's bytes, by the table's primary key. */
export async function findVariantBytes(
  db: Db,
  id: string,
  format: VariantFormat,
  width: number,
): Promise<Buffer | undefined> {
  const row = await db
    .selectFrom('content_image_variants')
    .select('bytes')
    .where('image_id', '=', id)
    .where('format', '=', format)
    .where('width', '=', width)
    .executeTakeFirst();
  return row?.bytes;
}

/** Sets the focal point; an unknown id changes nothing. */
export async function updateFocalPoint(db: Db, id: string, focalX: number, focalY: number): Promise<void> {
  await db.updateTable('content_images').set({ focal_x: focalX, focal_y: focalY }).where('id', '=', id).execute();
}
