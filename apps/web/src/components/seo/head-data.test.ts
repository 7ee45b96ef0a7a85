import { describe, expect, it } from 'vitest';
import { applyHeadTags, renderHeadTags, type HeadData } from './head-data';

/** The page's origin in jsdom: in these tests the document carries no og:url written by the server. */
const ORIGIN = window.location.origin;

const head: HeadData = {
  title: 'Contact Us | Rendezvous Digital',
  description: 'Call, WhatsApp or visit us in Ogba, Lagos.',
  canonicalPath: '/contact-7709327',
  indexable: true,
  ogImagePath: '/og/contact.png',
  ogImageAlt: 'Contact Us, Rendezvous Digital',
  breadcrumbs: [
    { label: 'Home', to: '/' },
    { label: 'Contact Us', to: '/contact-7709327' },
  ],
  jsonLd: [{ '@type': 'Thing', name: 'A </script> test' }],
};

type JsonLd = Record<string, unknown> & { '@type': string };

/** The JSON-LD blocks of rendered head tags, parsed as a crawler would. */
function jsonLdIn(html: string): JsonLd[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '') as JsonLd,
  );
}

describe('the head tags', () => {
  it('carry the title, description, canonical link, Open Graph and Twitter tags of the page', () => {
    const html = renderHeadTags(head);
    expect(html).toContain('<title>Contact Us | Rendezvous Digital</title>');
    expect(html).toContain('<meta name="description" content="Call, WhatsApp or visit us in Ogba, Lagos.">');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/contact-7709327">`);
    expect(html).toContain(`<meta property="og:url" content="${ORIGIN}/contact-7709327">`);
    expect(html).toContain(`<meta property="og:image" content="${ORIGIN}/og/contact.png">`);
    expect(html).toContain(`<meta name="twitter:image" content="${ORIGIN}/og/contact.png">`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<meta name="robots" content="index, follow">');
  });

  it('cannot be broken out of by text inside the JSON-LD', () => {
    const html = renderHeadTags(head);
    expect(html.match(/<\/script>/g)).toHaveLength(jsonLdIn(html).length);
    expect(html).toContain('\\u003c/script>');
    expect(jsonLdIn(html).map((data) => data.name)).toContain('A </script> test');
  });

  it('describe the organisation, then the page’s breadcrumbs, then the page’s own JSON-LD', () => {
    const [organisation, breadcrumbs, own, ...rest] = jsonLdIn(renderHeadTags(head));
    expect(rest).toEqual([]);
    expect(organisation).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ProfessionalService',
      '@id': `${ORIGIN}/#organization`,
      name: 'Rendezvous Digital',
      url: `${ORIGIN}/`,
      logo: `${ORIGIN}/images/logo.svg`,
    });
    expect(breadcrumbs).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${ORIGIN}/` },
        { '@type': 'ListItem', position: 2, name: 'Contact Us', item: `${ORIGIN}/contact-7709327` },
      ],
    });
    expect(own).toEqual(head.jsonLd[0]);
  });

  it('give a page without breadcrumbs (the home page) the organisation alone', () => {
    const types = jsonLdIn(renderHeadTags({ ...head, canonicalPath: '/', breadcrumbs: [], jsonLd: [] })).map(
      (data) => data['@type'],
    );
    expect(types).toEqual(['ProfessionalService']);
  });

  it('update the live document after a client-side navigation, replacing the old page’s JSON-LD', () => {
    applyHeadTags(head);
    expect(document.head.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(3);
    applyHeadTags({
      ...head,
      title: 'Blog | Rendezvous Digital',
      canonicalPath: '/blog',
      indexable: false,
      breadcrumbs: [],
      jsonLd: [],
    });
    expect(document.title).toBe('Blog | Rendezvous Digital');
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', `${ORIGIN}/blog`);
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    expect(document.head.querySelector('meta[property="og:title"]')).toHaveAttribute(
      'content',
      'Blog | Rendezvous Digital',
    );
    const scripts = [...document.head.querySelectorAll('script[type="application/ld+json"]')];
    expect(scripts.map((script) => (JSON.parse(script.textContent ?? '') as JsonLd)['@type'])).toEqual([
      'ProfessionalService',
    ]);
  });
});
