import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mediaPath, type ImageRef } from '@agency/shared';
import { ContentImage } from './content-image';

const ID = '0123456789abcdef';
const uploaded = (extra: Partial<ImageRef> = {}): ImageRef => ({
  imageId: ID,
  width: 2000,
  height: 1000,
  alt: 'The bakery’s new menu page on a phone',
  ...extra,
});

/** The `<source>` of a type, as the browser reads it. */
const sourceOf = (container: HTMLElement, type: string) => container.querySelector(`picture > source[type="${type}"]`);

describe('a picture of the site’s content', () => {
  it('an upload is a picture of its AVIF and WebP variants at every width the server made, with sizes', () => {
    const { container } = render(<ContentImage image={uploaded()} sizes="(min-width: 60rem) 50vw, 100vw" />);
    const widths = [480, 960, 1600];
    for (const format of ['avif', 'webp'] as const) {
      const source = sourceOf(container, `image/${format}`);
      expect(source).toHaveAttribute(
        'srcset',
        widths.map((width) => `${mediaPath(ID, width, format)} ${width}w`).join(', '),
      );
      expect(source).toHaveAttribute('sizes', '(min-width: 60rem) 50vw, 100vw');
    }
    // AVIF first: the browser takes the first source it can show.
    expect(container.querySelector('picture > source')).toHaveAttribute('type', 'image/avif');
    const img = screen.getByRole('img', { name: 'The bakery’s new menu page on a phone' });
    expect(img.parentElement?.tagName).toBe('PICTURE');
    expect(img).toHaveAttribute('src', mediaPath(ID, 960, 'webp'));
    expect(img).toHaveAttribute('width', '2000');
    expect(img).toHaveAttribute('height', '1000');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(img).not.toHaveAttribute('fetchpriority');
    // An <img> with sizes but no srcset is invalid HTML: sizes belongs to the sources only.
    expect(img).not.toHaveAttribute('sizes');
    expect(img).not.toHaveAttribute('style');
  });

  it('an upload narrower than the smallest width has its own width only, never an enlarged copy', () => {
    const { container } = render(<ContentImage image={uploaded({ width: 300, height: 200 })} />);
    expect(sourceOf(container, 'image/avif')).toHaveAttribute('srcset', `${mediaPath(ID, 300, 'avif')} 300w`);
    expect(sourceOf(container, 'image/webp')).toHaveAttribute('sizes', '100vw');
    expect(screen.getByRole('img')).toHaveAttribute('src', mediaPath(ID, 300, 'webp'));
  });

  it('a focal point becomes object-position, so a crop keeps it in view', () => {
    render(<ContentImage image={uploaded({ focalX: 250, focalY: 1000 })} className="case-mockup" />);
    const img = screen.getByRole('img');
    expect(img.style.objectPosition).toBe('25% 100%');
    expect(img).toHaveClass('case-mockup');
  });

  it('one coordinate alone keeps the other centred', () => {
    render(<ContentImage image={uploaded({ focalY: 305 })} />);
    expect(screen.getByRole('img').style.objectPosition).toBe('50% 30.5%');
  });

  it('the page’s main picture loads at once and first', () => {
    render(<ContentImage image={uploaded()} priority />);
    const img = screen.getByRole('img');
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img).not.toHaveAttribute('decoding');
  });

  it('one of the site’s drawings is a plain img of its file, with its size and alt text', () => {
    const { container } = render(
      <ContentImage image={{ src: '/images/illustrations/web.svg', width: 600, height: 400, alt: 'A laptop' }} />,
    );
    expect(container.querySelector('picture')).toBeNull();
    const img = screen.getByRole('img', { name: 'A laptop' });
    expect(img).toHaveAttribute('src', '/images/illustrations/web.svg');
    expect(img).toHaveAttribute('width', '600');
    expect(img).toHaveAttribute('height', '400');
    expect(img).toHaveAttribute('loading', 'lazy');
  });
});
