import type { CSSProperties } from 'react';
import { contentImageWidthsOf, mediaPath, objectPositionOf, type ImageRef } from '@agency/shared';

/** The widest variant an `<img>` falls back to where `<picture>` sources are not understood. */
const FALLBACK_MAX_WIDTH = 960;

export interface ContentImageProps {
  image: ImageRef;
  /** How wide the picture is drawn at each viewport width, so the browser picks the variant (`<source sizes>`). */
  sizes?: string;
  className?: string;
  /** The page's main picture (its LCP): loaded at once and first. Others wait until they are near the viewport. */
  priority?: boolean;
}

/**
 * A picture of the site's content (docs/decisions/0043 "Images"). An upload (`imageId`) is a `<picture>` of its AVIF
 * and WebP variants at the widths the server made (contentImageWidthsOf), a site drawing (`src`) a plain `<img>`.
 * Width and height are the original's, so the page reserves the box before the file arrives; a focal point becomes
 * `object-position`, so a crop by the page's CSS (`object-fit: cover`) keeps it in view.
 */
export function ContentImage({ image, sizes = '100vw', className, priority = false }: ContentImageProps) {
  const style: CSSProperties | undefined =
    image.focalX === undefined && image.focalY === undefined
      ? undefined
      : { objectPosition: objectPositionOf(image.focalX ?? 500, image.focalY ?? 500) };
  const common = {
    className,
    width: image.width,
    height: image.height,
    style,
    // The page's main picture is drawn in the frame its file arrives in (no async decoding), first of all requests.
    ...(priority
      ? { loading: 'eager' as const, fetchPriority: 'high' as const }
      : { loading: 'lazy' as const, decoding: 'async' as const }),
  };
  if (!image.imageId) return <img src={image.src} alt={image.alt} {...common} />;

  const id = image.imageId;
  const widths = contentImageWidthsOf(image.width);
  const srcSetOf = (format: 'avif' | 'webp') =>
    widths.map((width) => `${mediaPath(id, width, format)} ${width}w`).join(', ');
  const fallbackWidth = widths.filter((width) => width <= FALLBACK_MAX_WIDTH).at(-1) ?? widths[0] ?? image.width;
  return (
    <picture>
      <source type="image/avif" srcSet={srcSetOf('avif')} sizes={sizes} />
      <source type="image/webp" srcSet={srcSetOf('webp')} sizes={sizes} />
      <img src={mediaPath(id, fallbackWidth, 'webp')} alt={image.alt} {...common} />
    </picture>
  );
}
