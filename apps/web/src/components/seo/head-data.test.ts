import { describe, expect, it } from 'vitest';
import { applyHeadTags, renderHeadTags, type HeadData } from './head-data';

const head: HeadData = {
  title: 'Contact Us | Rendezvous Digital',
  description: 'Call, WhatsApp or visit us in Ogba, Lagos.',
  canonicalPath: '/contact-7709327',
  indexable: true,
  ogImagePath: '/og/contact.png',
  ogImageAlt: 'Contact Us, Rendezvous Digital',
  jsonLd: [{ '@type': 'ProfessionalService', name: 'A </script> test' }],
};

describe('the head tags', () => {
  it('carry the title, description, canonical link, Open Graph and Twitter tags of the page', () => {
    const html = renderHeadTags(head);
    expect(html).toContain('<title>Contact Us | Rendezvous Digital</title>');
    expect(html).toContain('<meta name="description" content="Call, WhatsApp or visit us in Ogba, Lagos.">');
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/contact-7709327">');
    expect(html).toContain('<meta property="og:image" content="http://localhost:3000/og/contact.png">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<meta name="robots" content="index, follow">');
  });

  it('cannot be broken out of by text inside the JSON-LD', () => {
    const html = renderHeadTags(head);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).toContain('\\u003c/script>');
  });

  it('update the live document after a client-side navigation, replacing the old page’s JSON-LD', () => {
    applyHeadTags(head);
    applyHeadTags({
      ...head,
      title: 'Blog | Rendezvous Digital',
      canonicalPath: '/blog',
      indexable: false,
      jsonLd: [],
    });
    expect(document.title).toBe('Blog | Rendezvous Digital');
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'http://localhost:3000/blog');
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    expect(document.head.querySelector('meta[property="og:title"]')).toHaveAttribute(
      'content',
      'Blog | Rendezvous Digital',
    );
    expect(document.head.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(0);
  });
});
