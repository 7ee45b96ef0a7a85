import { describe, expect, it } from 'vitest';
import { CONTENT_IMAGE_MESSAGES, contentImageWidthsOf, objectPositionOf } from './images';
import { ImageRefSchema } from './schemas';

describe('content images', () => {
  it.each([
    [4000, [480, 960, 1600]],
    [1600, [480, 960, 1600]],
    [1599, [480, 960]],
    [480, [480]],
    [479, [479]],
    [1, [1]],
  ])('an original %i px wide has variants at %j: never enlarged, always one', (width, widths) => {
    expect(contentImageWidthsOf(width)).toEqual(widths);
  });

  it.each([
    [500, 500, '50% 50%'],
    [0, 1000, '0% 100%'],
    [250, 305, '25% 30.5%'],
  ])('the focal point (%i, %i) is object-position %s', (x, y, css) => {
    expect(objectPositionOf(x, y)).toBe(css);
  });

  it('the size refusal names the limit in MB', () => {
    expect(CONTENT_IMAGE_MESSAGES.TOO_LARGE).toContain('10 MB');
  });

  it('an ImageRef may carry a focal point in thousandths, and nothing outside 0-1000', () => {
    const image = { imageId: '0123456789abcdef', width: 800, height: 600, alt: 'A shop front' };
    expect(ImageRefSchema.safeParse({ ...image, focalX: 0, focalY: 1000 }).success).toBe(true);
    expect(ImageRefSchema.safeParse(image).success).toBe(true);
    expect(ImageRefSchema.safeParse({ ...image, focalX: 1001 }).success).toBe(false);
    expect(ImageRefSchema.safeParse({ ...image, focalY: 2.5 }).success).toBe(false);
  });
});
