import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageHead } from '@/components/seo/page-head';
import { RouteMetaContext, type RouteMeta } from '@/components/seo/route-meta';
import { QuickContact } from './quick-contact';

/** jsdom has no layout: this stand-in lets a test say which observed elements are on screen. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  observed: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.observed = [];
  }
  show(element: Element, isIntersecting: boolean) {
    const entry = { target: element, isIntersecting } as IntersectionObserverEntry;
    this.callback([entry], this as unknown as IntersectionObserver);
  }
}

const quickContact = () => screen.getByRole('navigation', { name: 'Quick contact' });
const whatsappLink = () => screen.getByRole('link', { name: /whatsapp/i });

function greetingOf(link: HTMLElement): string {
  const url = new URL(link.getAttribute('href') ?? '');
  return url.searchParams.get('text') ?? '';
}

describe('the quick contact buttons', () => {
  beforeEach(() => {
    FakeIntersectionObserver.instances = [];
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('are two labelled links: WhatsApp click-to-chat with a greeting naming the page, and a phone call', () => {
    render(<QuickContact pageName="Request a Quote" />);
    const whatsapp = whatsappLink();
    expect(whatsapp).toHaveAccessibleName('Chat with us on WhatsApp (opens in a new tab)');
    expect(whatsapp.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/2349021186430\?text=/);
    expect(whatsapp).toHaveAttribute('target', '_blank');
    expect(greetingOf(whatsapp)).toBe(
      'Hello Rendezvous Digital, I am on your Request a Quote page and would like to ask about...',
    );
    const call = screen.getByRole('link', { name: 'Call us on +234 813 700 4521' });
    expect(call).toHaveAttribute('href', 'tel:+2348137004521');
  });

  it('step aside while a form is on screen and come back when it has left', () => {
    render(
      <>
        <form aria-label="A form">
          <button type="submit">Send</button>
        </form>
        <QuickContact pageName="Contact Us" />
      </>,
    );
    const [observer] = FakeIntersectionObserver.instances;
    const form = screen.getByRole('form', { name: 'A form' });
    expect(observer?.observed).toEqual([form]);
    expect(quickContact()).not.toHaveAttribute('data-form-on-screen');

    act(() => observer?.show(form, true));
    expect(quickContact()).toHaveAttribute('data-form-on-screen');

    act(() => observer?.show(form, false));
    expect(quickContact()).not.toHaveAttribute('data-form-on-screen');
  });

  it('watch nothing on a page without a form', () => {
    render(<QuickContact pageName="Blog" />);
    expect(FakeIntersectionObserver.instances).toEqual([]);
  });
});

describe('the page head', () => {
  const meta = (overrides: Partial<RouteMeta>): RouteMeta => ({
    id: 'contact',
    canonicalPath: '/contact-7709327',
    indexable: true,
    trail: [],
    ...overrides,
  });
  const renderHead = (route: RouteMeta, props: { title: string; pageName?: string }) =>
    render(
      <RouteMetaContext.Provider value={route}>
        <PageHead description="A page of the site." {...props} />
      </RouteMetaContext.Provider>,
    );

  it('gives every public page the quick contact, greeting with the page’s title or the name it is given', () => {
    renderHead(meta({}), { title: 'Contact Us' });
    expect(greetingOf(whatsappLink())).toContain('I am on your Contact Us page');
  });

  it('calls the home page by the name the home page gives', () => {
    renderHead(meta({ id: 'home', canonicalPath: '/' }), { title: 'Rendezvous Digital | Tagline', pageName: 'home' });
    expect(greetingOf(whatsappLink())).toContain('I am on your home page');
  });

  it('shows it on the not-found page, which search engines do not index', () => {
    renderHead(meta({ id: 'not-found', canonicalPath: '', indexable: false }), { title: 'Page not found' });
    expect(quickContact()).toBeInTheDocument();
  });

  it.each(['auth', 'dashboard', 'confirm-email', 'reset-password'])('leaves it out of the staff screen %s', (id) => {
    renderHead(meta({ id, canonicalPath: `/${id}`, indexable: false }), { title: 'Staff' });
    expect(screen.queryByRole('navigation', { name: 'Quick contact' })).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
