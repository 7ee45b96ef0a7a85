import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module, as a page load gets it: it reads the served origin once. */
const loadSiteUrl = () => import('./site-url');

function serveWithOgUrl(content: string) {
  const meta = document.createElement('meta');
  meta.setAttribute('property', 'og:url');
  meta.content = content;
  document.head.append(meta);
}

describe('absolute URLs in the browser', () => {
  beforeEach(() => {
    vi.resetModules();
  });

  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('use the origin the server wrote into the page, not the address the browser used', async () => {
    serveWithOgUrl('https://www.example.ng/contact-7709327');
    const { absoluteUrl } = await loadSiteUrl();
    expect(window.location.origin).not.toBe('https://www.example.ng');
    expect(absoluteUrl('/blog')).toBe('https://www.example.ng/blog');
    expect(absoluteUrl('/')).toBe('https://www.example.ng/');
  });

  it('keep that origin after a client-side navigation has rewritten the head', async () => {
    serveWithOgUrl('https://www.example.ng/');
    const { applyHeadTags } = await import('./head-data');
    applyHeadTags({
      title: 'Blog | Rendezvous Digital',
      description: 'Notes from our studio in Ogba.',
      canonicalPath: '/blog',
      indexable: true,
      ogImagePath: '/og/blog.png',
      ogImageAlt: 'Blog, Rendezvous Digital',
      breadcrumbs: [
        { label: 'Home', to: '/' },
        { label: 'Blog', to: '/blog' },
      ],
      jsonLd: [],
    });
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'https://www.example.ng/blog');
    expect(document.head.querySelector('meta[name="twitter:image"]')).toHaveAttribute(
      'content',
      'https://www.example.ng/og/blog.png',
    );
    const jsonLd = [...document.head.querySelectorAll('script[type="application/ld+json"]')].map(
      (script) => script.textContent ?? '',
    );
    expect(jsonLd.join('')).toContain('"item":"https://www.example.ng/blog"');
    expect(jsonLd.join('')).not.toContain(window.location.origin);
  });

  it('use the page’s own origin where the server wrote none (the dev server’s bare page)', async () => {
    const { absoluteUrl } = await loadSiteUrl();
    expect(absoluteUrl('/about-8901234')).toBe(`${window.location.origin}/about-8901234`);
  });
});
