import { CONTENT_IMAGE_MAX_BYTES, CONTENT_IMAGE_WIDTHS } from './api';

/**
 * Uploaded images (issue 22, docs/decisions/0043 "Images"): the widths their variants are made at, the CSS that
 * crops around their focal point, and what an editor is told when an upload is refused.
 */

/** The largest side an image may have: an ImageRef's width and height stop there. */
export const CONTENT_IMAGE_MAX_SIDE = 10_000;
/** Refuses decompression bombs: a small file may still claim billions of pixels. */
export const CONTENT_IMAGE_MAX_PIXELS = 40_000_000;

const MAX_MEGABYTES = CONTENT_IMAGE_MAX_BYTES / (1024 * 1024);

export const CONTENT_IMAGE_MESSAGES = {
  WRONG_TYPE: 'Upload a JPEG, PNG or WebP image.',
  TOO_LARGE: `The image is larger than ${MAX_MEGABYTES} MB: upload one of ${MAX_MEGABYTES} MB or less.`,
  DAMAGED: 'This image file is damaged or incomplete: save or export it again and upload the new file.',
  TOO_MANY_PIXELS: `Upload an image of at most ${CONTENT_IMAGE_MAX_SIDE.toLocaleString('en')} pixels on each side and ${
    CONTENT_IMAGE_MAX_PIXELS / 1_000_000
  } megapixels in all.`,
  NO_FILE: 'Choose an image to upload.',
  ONE_FILE: 'Upload one image at a time.',
  NOT_FOUND: 'There is no such image.',
} as const;

/**
 * The widths an image's variants are made at: each of CONTENT_IMAGE_WIDTHS no wider than the original, or the
 * original's own width when it is narrower than all of them (never enlarged, always at least one).
 */
export function contentImageWidthsOf(originalWidth: number): number[] {
  const widths: number[] = CONTENT_IMAGE_WIDTHS.filter((width) => width <= originalWidth);
  return widths.length > 0 ? widths : [originalWidth];
}

/** A focal point in thousandths from the top left as CSS `object-position`: (500, 300) -> "50% 30%". */
export function objectPositionOf(focalX: number, focalY: number): string {
  return `${focalX / 10}% ${focalY / 10}%`;
}
