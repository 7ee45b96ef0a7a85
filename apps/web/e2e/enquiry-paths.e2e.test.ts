import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';
import { startApp } from './harness/page-helpers';
import { STAFF_PATHS } from './harness/site-routes';

/**
 * Issue 10, items 9 and 10, in Chromium against the built site: the phone's WhatsApp and call buttons (present on
 * phones, absent on desktop and staff screens, greeting naming the page, never over a submit button, with and
 * without JavaScript), the blog's articles, and the privacy notice the forms and the footer link to.
 */

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const WHATSAPP_NUMBER = '2349021186430';
const OFFICE_TEL = 'tel:+2348137004521';
const greeting = (pageName: string) =>
  `Hello Rendezvous Digital, I am on your ${pageName} page and would like to ask about...`;

const FORM_PAGES = [
  { path: '/contact-7709327', pageName: 'Contact Us' },
  { path: '/request-a-quote-0163863', pageName: 'Request a Quote' },
  { path: '/webdevelopment-training', pageName: 'Web Design & Development Training' },
  { path: '/Creativegraphicdesign-training', pageName: 'Creative Graphic Design Training' },
];

const ARTICLES = [
  {
    path: '/blog/why-your-website-feels-slow-on-mobile-data',
    title: 'Why your website feels slow on MTN and Airtel, and how to fix it',
  },
  {
    path: '/blog/five-things-to-settle-before-you-hire-a-designer',
    title: 'A logo is not a brand: five things to settle before you hire a designer',
  },
  {
    path: '/blog/getting-found-on-google-maps-lagos',
    title: 'Getting found on Google Maps: a checklist for Lagos shops',
  },
];

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

async function visit(page: Page, path: string): Promise<void> {
  const response = await page.goto(path, { waitUntil: 'networkidle' });
  expect(response?.status(), path).toBe(200);
}

/** Opens `path` as a visitor who has touched it: the page's app runs (it starts on the first touch, 0031). */
async function visitAndTouch(page: Page, path: string): Promise<void> {
  await visit(page, path);
  await startApp(page);
}

// includeHidden: while they step aside (visibility: hidden) they leave the accessibility tree, as they should.
const quickContact = (page: Page) => page.getByRole('navigation', { name: 'Quick contact', includeHidden: true });
const whatsappLink = (page: Page) => quickContact(page).getByRole('link', { name: /WhatsApp/, includeHidden: true });
const callLink = (page: Page) => quickContact(page).getByRole('link', { name: /^Call us on/, includeHidden: true });

function greetingIn(href: string | null): { number: string; text: string | null } {
  const url = new URL(href ?? '');
  expect(url.origin).toBe('https://wa.me');
  return { number: url.pathname.slice(1), text: url.searchParams.get('text') };
}

type Box = { x: number; y: number; width: number; height: number };

const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('The element has no box on the page.');
  return box;
}

/** Whether a visitor sees the element: laid out, not visibility:hidden, not transparent. */
const seen = (locator: Locator) =>
  locator.evaluate((element) => {
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    return box.width > 0 && style.visibility === 'visible' && Number(style.opacity) > 0;
  });

/** The submit button of the page's form, scrolled to the top, middle or bottom of the screen. */
async function scrollSubmitInto(page: Page, block: 'start' | 'center' | 'end'): Promise<Locator> {
  const submit = page.locator('main form button[type="submit"]').first();
  await submit.evaluate((element, where) => element.scrollIntoView({ block: where }), block);
  // The buttons fade out over 150 ms once the observer has seen the form.
  await page.waitForTimeout(400);
  return submit;
}

describe('the phone’s WhatsApp and call buttons', () => {
  it.each([
    { path: '/', pageName: 'home' },
    { path: '/blog', pageName: 'Blog' },
    { path: '/privacy', pageName: 'Privacy notice' },
    { path: ARTICLES[0]!.path, pageName: ARTICLES[0]!.title },
    ...FORM_PAGES,
  ])('are on $path at 375 px, labelled, with a greeting that names the $pageName page', async ({ path, pageName }) => {
    const page = await harness.newPage({ viewport: PHONE });
    await visit(page, path);
    // At the foot of the page no form is on screen, so the buttons show.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => seen(whatsappLink(page))).toBe(true);
    expect(await seen(callLink(page))).toBe(true);
    const { number, text } = greetingIn(await whatsappLink(page).getAttribute('href'));
    expect(number).toBe(WHATSAPP_NUMBER);
    expect(text).toBe(greeting(pageName));
    expect(await whatsappLink(page).getAttribute('target')).toBe('_blank');
    expect(await callLink(page).getAttribute('href')).toBe(OFFICE_TEL);
    expect(await callLink(page).textContent()).toBe('Call us on +234 813 700 4521');
    for (const link of [whatsappLink(page), callLink(page)]) {
      const box = await boxOf(link);
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
    expect(harness.consoleErrors(page)).toEqual([]);
  });

  it('name the new page after a client-side navigation', async () => {
    const page = await harness.newPage({ viewport: PHONE });
    await visit(page, '/blog');
    await page.getByRole('main').getByRole('link', { name: ARTICLES[1]!.title }).click();
    await page.waitForURL(`**${ARTICLES[1]!.path}`);
    await page.getByRole('heading', { level: 1, name: ARTICLES[1]!.title }).waitFor();
    await expect
      .poll(async () => greetingIn(await whatsappLink(page).getAttribute('href')).text)
      .toBe(greeting(ARTICLES[1]!.title));
  });

  it('are reached with the keyboard', async () => {
    const page = await harness.newPage({ viewport: PHONE });
    await visit(page, '/blog');
    const focusedName = () =>
      page.evaluate(() => {
        const element = document.activeElement;
        return element?.closest('nav')?.getAttribute('aria-label') === 'Quick contact' ? element.textContent : null;
      });
    const reached: string[] = [];
    for (let tab = 0; tab < 40 && reached.length < 2; tab += 1) {
      await page.keyboard.press('Tab');
      const name = await focusedName();
      if (name && !reached.includes(name)) reached.push(name);
    }
    expect(reached).toEqual(['Chat with us on WhatsApp (opens in a new tab)', 'Call us on +234 813 700 4521']);
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).not.toBe('none');
  });

  it('are not shown at desktop width, where the header carries the calls to action', async () => {
    const page = await harness.newPage({ viewport: DESKTOP });
    await visit(page, '/contact-7709327');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await quickContact(page).count()).toBe(1);
    expect(await seen(quickContact(page))).toBe(false);
    expect(await seen(whatsappLink(page))).toBe(false);
    // Display none: not reachable with the keyboard either.
    expect(await page.getByRole('navigation', { name: 'Quick contact' }).count()).toBe(0);
  });

  it.each(STAFF_PATHS)('are not on the staff screen %s', async (path) => {
    const page = await harness.newPage({ viewport: PHONE });
    await visit(page, path);
    expect(await quickContact(page).count()).toBe(0);
    // The footer of the staff screens inside the site layout keeps its plain WhatsApp link; no greeting anywhere.
    expect(await page.locator('a[href^="https://wa.me/"][href*="text="]').count()).toBe(0);
  });

  describe.each(FORM_PAGES)('on $path at 375 px', ({ path }) => {
    it.each(['start', 'center', 'end'] as const)(
      'never cover the submit button scrolled to the %s of the screen, and step aside while the form is in view',
      async (block) => {
        const page = await harness.newPage({ viewport: PHONE });
        await visitAndTouch(page, path);
        const submit = await scrollSubmitInto(page, block);
        const submitBox = await boxOf(submit);
        // On screen (give or take the subpixel a scroll can leave).
        expect(submitBox.y).toBeGreaterThanOrEqual(-1);
        expect(submitBox.y + submitBox.height).toBeLessThanOrEqual(PHONE.height + 1);
        for (const link of [whatsappLink(page), callLink(page)]) {
          expect(intersects(await boxOf(link), submitBox)).toBe(false);
          expect(await seen(link)).toBe(false);
        }
        // Hidden, so out of the tab order too: the next Tab from the submit button does not land on them.
        await submit.focus();
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.closest('nav')?.ariaLabel ?? null)).not.toBe(
          'Quick contact',
        );
      },
    );

    it('come back once the form has left the screen', async () => {
      const page = await harness.newPage({ viewport: PHONE });
      await visitAndTouch(page, path);
      await scrollSubmitInto(page, 'center');
      expect(await seen(whatsappLink(page))).toBe(false);
      await page.evaluate(() => {
        const form = document.querySelector('main form');
        window.scrollTo(0, (form?.getBoundingClientRect().bottom ?? 0) + window.scrollY + 10);
      });
      await expect.poll(() => seen(whatsappLink(page))).toBe(true);
    });
  });

  it('work without JavaScript: plain links in the HTML, beside (never over) the submit buttons, hidden while a form control has focus', async () => {
    for (const { path, pageName } of FORM_PAGES) {
      const page = await harness.newPage({ viewport: PHONE, javaScriptEnabled: false });
      await page.goto(path, { waitUntil: 'load' });
      const { text } = greetingIn(await whatsappLink(page).getAttribute('href'));
      expect(text, path).toBe(greeting(pageName));
      const submit = await scrollSubmitInto(page, 'end');
      const submitBox = await boxOf(submit);
      for (const link of [whatsappLink(page), callLink(page)]) {
        expect(await seen(link), path).toBe(true);
        expect(intersects(await boxOf(link), submitBox), path).toBe(false);
      }
      await page.locator('main form input:not([type="hidden"]):not([tabindex="-1"])').first().click();
      await expect.poll(() => seen(whatsappLink(page))).toBe(false);
      await page.close();
    }
  });

  it('do not move under reduced motion', async () => {
    const page = await harness.newPage({ viewport: PHONE });
    await visit(page, '/contact-7709327');
    const longestTransition = () =>
      quickContact(page).evaluate((element) =>
        Math.max(
          ...getComputedStyle(element)
            .transitionDuration.split(',')
            .map((value) => parseFloat(value)),
        ),
      );
    expect(await longestTransition()).toBeGreaterThan(0.05);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await longestTransition()).toBeLessThan(0.001);
  });

  it('have no axe violation on a phone, shown or stepped aside', async () => {
    const page = await harness.newPage({ viewport: PHONE });
    await visitAndTouch(page, '/request-a-quote-0163863');
    expect((await harness.axe(page)).map((violation) => violation.id)).toEqual([]);
    await scrollSubmitInto(page, 'center');
    expect((await harness.axe(page)).map((violation) => violation.id)).toEqual([]);
  });
});

describe('the blog', () => {
  it('leads from each teaser to its article, and shows coming topics without links', async () => {
    const page = await harness.newPage();
    await visit(page, '/blog');
    const main = page.getByRole('main');
    for (const article of ARTICLES) {
      expect(await main.getByRole('link', { name: article.title }).getAttribute('href')).toBe(article.path);
    }
    const upcoming = page.getByRole('region', { name: 'Coming next' });
    expect(await upcoming.getByRole('heading', { level: 3 }).count()).toBeGreaterThan(0);
    expect(await upcoming.getByRole('link').count()).toBe(0);

    await main.getByRole('link', { name: ARTICLES[2]!.title }).click();
    await page.waitForURL(`**${ARTICLES[2]!.path}`);
    await page.getByRole('heading', { level: 1, name: ARTICLES[2]!.title }).waitFor();
    await expect.poll(() => page.title()).toBe(`${ARTICLES[2]!.title} | Rendezvous Digital`);
    expect(harness.consoleErrors(page)).toEqual([]);
  });

  it.each(ARTICLES)(
    '$path is prerendered with its title, canonical link, Article JSON-LD and breadcrumbs',
    async ({ path, title }) => {
      const response = await fetch(`${harness.baseUrl}${path}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain(`<title>${title.replace(/&/g, '&amp;')} | Rendezvous Digital</title>`);
      expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]+${path}">`));
      const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map(
        (match) => JSON.parse(match[1] ?? '{}') as Record<string, unknown>,
      );
      const article = jsonLd.find((data) => data['@type'] === 'Article');
      expect(article).toMatchObject({ headline: title, inLanguage: 'en-NG' });
      expect(String(article?.mainEntityOfPage)).toMatch(new RegExp(`${path}$`));
      const crumbs = jsonLd.find((data) => data['@type'] === 'BreadcrumbList')?.itemListElement as Array<{
        name: string;
        item: string;
      }>;
      expect(crumbs.map((crumb) => new URL(crumb.item).pathname)).toEqual(['/', '/blog', path]);
      expect(crumbs.map((crumb) => crumb.name)).toEqual(['Home', 'Blog', title]);
      // The text is in the HTML itself, not drawn by scripts.
      const paragraphs = html.match(/<p>[^<]{80,}<\/p>/g) ?? [];
      expect(paragraphs.length).toBeGreaterThanOrEqual(6);
    },
  );
});

describe('the privacy notice', () => {
  it('is linked from the footer of every page', async () => {
    const page = await harness.newPage();
    for (const path of ['/', '/services', ARTICLES[0]!.path]) {
      await visit(page, path);
      const link = page.getByRole('contentinfo').getByRole('link', { name: 'Privacy notice' });
      expect(await link.getAttribute('href'), path).toBe('/privacy');
    }
  });

  it.each(FORM_PAGES)('is linked from a line under the form on $path, opening in a new tab', async ({ path }) => {
    const page = await harness.newPage({ viewport: PHONE });
    await visit(page, path);
    const form = page.locator('main form').first();
    const note = form.getByText('We use what you send only to answer you.');
    expect(await note.isVisible()).toBe(true);
    const link = note.getByRole('link', { name: /^Privacy notice/ });
    expect(await link.getAttribute('href')).toBe('/privacy');
    expect(await link.getAttribute('target')).toBe('_blank');
    const submitBox = await boxOf(form.locator('button[type="submit"]'));
    expect((await boxOf(note)).y).toBeGreaterThan(submitBox.y);
  });

  it('says what each form keeps, for how long at most (backups included), who reads it and how to ask for a copy or erasure', async () => {
    const page = await harness.newPage();
    await visit(page, '/privacy');
    const text = (await page.getByRole('main').textContent()) ?? '';
    for (const phrase of [
      'Contact form',
      'Request a Quote form',
      'Web development training registration',
      'Creative graphic design training registration',
      'at most 730 days',
      'at most 30 days',
      'at most 90 days',
      'they leave these copies as the older ones are replaced: within five weeks',
      'Only our own staff',
      'Nigeria Data Protection Act 2023',
      'We answer within 30 days',
    ]) {
      expect(text, phrase).toContain(phrase);
    }
    const mail = page.getByRole('main').getByRole('link', { name: 'hello@rendezvousdigital.ng' });
    expect(await mail.getAttribute('href')).toBe('mailto:hello@rendezvousdigital.ng');
  });
});
