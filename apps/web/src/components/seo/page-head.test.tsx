import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { HeadData } from './head-data';
import { PageHead } from './page-head';
import { HeadCollectorContext, RouteMetaContext } from './route-meta';

const CONTACT = {
  id: 'contact',
  canonicalPath: '/contact-7709327',
  indexable: true,
  trail: [{ label: 'Home', to: '/' }],
};

function renderContactHead() {
  return render(
    <RouteMetaContext.Provider value={CONTACT}>
      <PageHead title="Contact Us" description="Call, WhatsApp or visit us in Ogba, Lagos." />
    </RouteMetaContext.Provider>,
  );
}

function showPrerenderedHead(title: string, description: string) {
  document.title = title;
  const meta = document.createElement('meta');
  meta.name = 'description';
  meta.content = description;
  document.head.append(meta);
}

describe('the page head', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.title = '';
  });

  it('leaves the prerendered head as it is when the document already shows the page', async () => {
    showPrerenderedHead('Contact Us | Rendezvous Digital', 'Call, WhatsApp or visit us in Ogba, Lagos.');
    renderContactHead();
    // Had the head code been asked for, it would have run once its module is in memory and a task has passed.
    await import('./head-data');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.head.querySelector('meta[property="og:title"]')).toBeNull();
  });

  it('rewrites the head after a client-side navigation from another page', async () => {
    showPrerenderedHead('Blog | Rendezvous Digital', 'Notes from our studio in Ogba.');
    renderContactHead();
    await waitFor(() => expect(document.title).toBe('Contact Us | Rendezvous Digital'));
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'Call, WhatsApp or visit us in Ogba, Lagos.',
    );
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${window.location.origin}/contact-7709327`,
    );
    expect(document.head.querySelector('meta[property="og:image"]')).toHaveAttribute(
      'content',
      `${window.location.origin}/og/contact.png`,
    );
  });

  it('declares breadcrumbs from the route’s trail ending with the page’s own title, and none without a trail', () => {
    const collected: HeadData[] = [];
    const collector = { collect: (head: HeadData) => collected.push(head) };
    render(
      <HeadCollectorContext.Provider value={collector}>
        <RouteMetaContext.Provider value={CONTACT}>
          <PageHead title="Contact Us" description="Call, WhatsApp or visit us in Ogba, Lagos." />
        </RouteMetaContext.Provider>
        <RouteMetaContext.Provider value={{ id: 'home', canonicalPath: '/', indexable: true, trail: [] }}>
          <PageHead title="Home" description="Your trusted Digital Partner." />
        </RouteMetaContext.Provider>
      </HeadCollectorContext.Provider>,
    );
    expect(collected.map((head) => head.breadcrumbs)).toEqual([
      [
        { label: 'Home', to: '/' },
        { label: 'Contact Us', to: '/contact-7709327' },
      ],
      [],
    ]);
  });

  it('does not write the head of a page the visitor left before its head code arrived', async () => {
    showPrerenderedHead('Blog | Rendezvous Digital', 'Notes from our studio in Ogba.');
    renderContactHead().unmount();
    await import('./head-data');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.title).toBe('Blog | Rendezvous Digital');
  });
});
