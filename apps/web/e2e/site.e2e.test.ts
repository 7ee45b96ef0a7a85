import { readFileSync } from 'node:fs';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';
import { startApp } from './harness/page-helpers';
import { WEB_ROUTES_MANIFEST } from './harness/paths';
import { PUBLIC_PATHS_WITH_MAIN, PUBLIC_ROUTES, STAFF_PATHS, UNKNOWN_PATHS } from './harness/site-routes';

const MAIN_PATHS = PUBLIC_ROUTES.map((route) => route.path);
const PHONE_VIEWPORT = { width: 375, height: 740 };

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

/** Loads a path and waits until the lazy route chunk and hydration are done. */
async function visit(page: Page, path: string) {
  const response = await page.goto(path, { waitUntil: 'networkidle' });
  if (!response) throw new Error(`No response for ${path}`);
  return response;
}

/** Console errors a page logged while `action` ran. */
async function consoleErrorsDuring(page: Page, action: () => Promise<unknown>): Promise<string[]> {
  const before = harness.consoleErrors(page).length;
  await action();
  return harness.consoleErrors(page).slice(before);
}

async function landmarkCount(page: Page, role: 'banner' | 'contentinfo' | 'main'): Promise<number> {
  return page.getByRole(role).count();
}

/** One line per axe violation: its rule and the elements it found, enough to fix it from the test output. */
const describeViolations = (violations: Awaited<ReturnType<Harness['axe']>>) =>
  violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);

const samePath = (a: string, b: string) => a.replace(/\/+$/, '').toLowerCase() === b.replace(/\/+$/, '').toLowerCase();

describe('the route contract', () => {
  it('puts every path and alias of the architecture and the staff screens into routes-manifest.json', () => {
    const manifest = JSON.parse(readFileSync(WEB_ROUTES_MANIFEST, 'utf8')) as {
      routes: Record<string, string>;
      notFound: string;
    };
    const expected = [...PUBLIC_PATHS_WITH_MAIN.map(({ path }) => path), ...STAFF_PATHS].map((path) =>
      path.toLowerCase(),
    );
    const missing = expected.filter((path) => !(path in manifest.routes));
    expect(missing).toEqual([]);
    expect(manifest.notFound).toBe('404.html');
  });

  it.each(STAFF_PATHS)('serves the staff screen %s as a prerendered page', async (path) => {
    const response = await fetch(`${harness.baseUrl}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
  });
});

describe('every route and alias on a desktop browser', () => {
  let page: Page;
  beforeAll(async () => {
    page = await harness.newPage();
  });

  it.each(PUBLIC_PATHS_WITH_MAIN)(
    '$path renders $page inside the layout, with a canonical link to $mainPath, and hydrates with no console error',
    async ({ path, mainPath }) => {
      let status = 0;
      const errors = await consoleErrorsDuring(page, async () => {
        status = (await visit(page, path)).status();
        // A hydration mismatch is logged as an error: the app must run for the test to see one.
        await startApp(page);
      });
      expect(status).toBe(200);
      expect(await landmarkCount(page, 'banner')).toBe(1);
      expect(await landmarkCount(page, 'contentinfo')).toBe(1);
      expect(await landmarkCount(page, 'main')).toBe(1);
      await expect(page.getByRole('heading', { level: 1 }).first().isVisible()).resolves.toBe(true);
      const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
      expect(canonical, 'canonical link').toBeTruthy();
      expect(samePath(new URL(canonical ?? '', harness.baseUrl).pathname, mainPath), `canonical ${canonical}`).toBe(
        true,
      );
      expect(errors).toEqual([]);
    },
  );
});

describe('unknown paths', () => {
  let page: Page;
  beforeAll(async () => {
    page = await harness.newPage();
  });

  it.each(UNKNOWN_PATHS)('%s answers HTTP 404 with the not-found page inside the layout', async (path) => {
    const response = await visit(page, path);
    expect(response.status()).toBe(404);
    expect(await landmarkCount(page, 'banner')).toBe(1);
    expect(await landmarkCount(page, 'contentinfo')).toBe(1);
    const heading = await page.getByRole('heading', { level: 1 }).first().textContent();
    expect(`${await page.title()} ${heading}`).toMatch(/not found|404/i);
  });

  it('an unknown /api path answers JSON 404, not the not-found page', async () => {
    const response = await fetch(`${harness.baseUrl}/api/no-such-endpoint.php`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ success: false });
  });
});

describe('what search engines and link previews read', () => {
  const headOf = async (path: string) => {
    const html = await (await fetch(`${harness.baseUrl}${path}`)).text();
    const meta = (attribute: string, name: string) =>
      html.match(new RegExp(`<meta[^>]+${attribute}="${name}"[^>]+content="([^"]*)"`, 'i'))?.[1] ??
      html.match(new RegExp(`<meta[^>]+content="([^"]*)"[^>]+${attribute}="${name}"`, 'i'))?.[1];
    return {
      title: html.match(/<title[^>]*>([^<]*)<\/title>/i)?.[1]?.trim() ?? '',
      description: meta('name', 'description') ?? '',
      ogImage: meta('property', 'og:image') ?? '',
      twitterCard: meta('name', 'twitter:card') ?? '',
    };
  };

  it('gives every main page its own title and description, an og:image and a Twitter card', async () => {
    const heads = await Promise.all(MAIN_PATHS.map(async (path) => ({ path, ...(await headOf(path)) })));
    for (const head of heads) {
      expect(head.title, `${head.path} title`).not.toBe('');
      expect(head.description, `${head.path} description`).not.toBe('');
      expect(head.ogImage, `${head.path} og:image`).not.toBe('');
      expect(head.twitterCard, `${head.path} twitter:card`).not.toBe('');
    }
    const duplicated = (key: 'title' | 'description') =>
      heads.filter((head, index) => heads.findIndex((other) => other[key] === head[key]) !== index).map((h) => h.path);
    expect(duplicated('title')).toEqual([]);
    expect(duplicated('description')).toEqual([]);
  });

  it('lists every main page in sitemap.xml and points robots.txt at it', async () => {
    const sitemap = await (await fetch(`${harness.baseUrl}/sitemap.xml`)).text();
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
    const missing = MAIN_PATHS.filter((path) => !listed.some((listedPath) => samePath(listedPath, path)));
    expect(missing).toEqual([]);
    const robots = await (await fetch(`${harness.baseUrl}/robots.txt`)).text();
    expect(robots).toMatch(/Sitemap:\s*\S+\/sitemap\.xml/i);
  });
});

describe('no request leaves the site on page load', () => {
  let page: Page;
  const requested: string[] = [];
  beforeAll(async () => {
    page = await harness.newPage();
    page.on('request', (request: Request) => requested.push(request.url()));
  });

  const isOwnOrInline = (url: string) =>
    url.startsWith(`${harness.baseUrl}/`) || url.startsWith('data:') || url.startsWith('blob:');

  it.each(MAIN_PATHS)('%s only requests the site itself', async (path) => {
    requested.length = 0;
    await visit(page, path);
    await page.mouse.wheel(0, 4000);
    await page.waitForLoadState('networkidle');
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.filter((url) => !isOwnOrInline(url))).toEqual([]);
  });

  it('the contact map is only requested after the visitor clicks the map button', async () => {
    requested.length = 0;
    await visit(page, '/contact-7709327');
    expect(requested.filter((url) => !isOwnOrInline(url))).toEqual([]);
    expect(await page.locator('iframe').count()).toBe(0);

    await page.getByRole('button', { name: /map/i }).first().click();
    const iframe = page.locator('iframe');
    await iframe.first().waitFor({ state: 'attached', timeout: 10_000 });
    const src = (await iframe.first().getAttribute('src')) ?? '';
    expect(src).toMatch(/^https:\/\//);
    expect(await iframe.first().getAttribute('title')).toBeTruthy();
    await expect.poll(() => requested.some((url) => url.startsWith(new URL(src).origin))).toBe(true);
  });
});

describe('the critical path of a public page (docs/decisions/0024-critical-path.md)', () => {
  let page: Page;
  const stylesheets: string[] = [];
  beforeAll(async () => {
    page = await harness.newPage({ viewport: PHONE_VIEWPORT });
    page.on('request', (request: Request) => {
      if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
    });
  });

  /** The page's script files fetched so far (the boot module left out), and its first paint, from the page itself. */
  const scriptTiming = (page: Page) =>
    page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
      const scripts = performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/(?!boot-)[^/]+\.js$/.test(entry.name))
        .map((entry) => entry.startTime);
      return { paint, scripts: scripts.length, firstScript: Math.min(...scripts) };
    });

  it.each(MAIN_PATHS)(
    '%s fetches no stylesheet and no script but its boot module until the visitor touches it, then hydrates',
    async (path) => {
      stylesheets.length = 0;
      await visit(page, path);
      // Its stylesheets are inline, and the page module's loader is told so: nothing is fetched again.
      expect(stylesheets).toEqual([]);
      expect((await scriptTiming(page)).scripts).toBe(0);
      expect(await page.locator('#root[data-hydrated]').count()).toBe(0);

      await startApp(page);
      const timing = await scriptTiming(page);
      expect(timing.scripts).toBeGreaterThan(0);
      expect(timing.firstScript).toBeGreaterThan(timing.paint);
      expect(stylesheets).toEqual([]);
    },
  );

  it('starts the app when a carousel comes near the screen, without a touch', async () => {
    const phone = await harness.newPage({ viewport: PHONE_VIEWPORT });
    await visit(phone, '/');
    expect((await scriptTiming(phone)).scripts).toBe(0);
    await phone.evaluate(() => document.querySelector('[data-needs-app]')?.scrollIntoView());
    await phone.locator('#root[data-hydrated]').waitFor({ state: 'attached', timeout: 20_000 });
    await phone.locator('.carousel--portfolio .swiper').first().waitFor({ state: 'attached', timeout: 20_000 });
    await phone.close();
  });

  it('starts the app at once on a staff screen inside the site layout, which needs it to show anything', async () => {
    const phone = await harness.newPage({ viewport: PHONE_VIEWPORT });
    await visit(phone, STAFF_PATHS.find((path) => path.includes('confirm')) ?? '/confirm-email');
    await phone.locator('#root[data-hydrated]').waitFor({ state: 'attached', timeout: 20_000 });
    await phone.close();
  });
});

describe('on a 375 px phone', () => {
  let page: Page;
  beforeAll(async () => {
    page = await harness.newPage({ viewport: PHONE_VIEWPORT });
  });

  it.each(MAIN_PATHS)('%s has no horizontal scroll', async (path) => {
    await visit(page, path);
    const widths = await page.evaluate(() => ({
      document: document.documentElement.scrollWidth,
      body: document.body.scrollWidth,
    }));
    expect(widths.document).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
    expect(widths.body).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
  });

  it('the menu button opens the full-screen menu, whose Services list collapses and expands', async () => {
    await visit(page, '/');
    await startApp(page);
    const menuButton = page.getByRole('banner').getByRole('button', { name: /menu/i }).first();
    expect(await menuButton.isVisible()).toBe(true);
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');

    await menuButton.click();
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    const menu = page.getByRole('dialog', { name: /menu/i });
    await menu.getByRole('link', { name: 'Contact Us' }).waitFor({ state: 'visible' });
    const menuBox = await menu.boundingBox();
    expect(menuBox?.width).toBeGreaterThanOrEqual(PHONE_VIEWPORT.width - 1);
    expect(menuBox?.height).toBeGreaterThanOrEqual(PHONE_VIEWPORT.height - 1);

    const servicesToggle = menu.getByRole('button', { name: /services/i });
    const firstService = menu.getByRole('link', { name: 'Web Development' });
    expect(await servicesToggle.getAttribute('aria-expanded')).toBe('false');
    expect(await firstService.isVisible()).toBe(false);

    await servicesToggle.click();
    expect(await servicesToggle.getAttribute('aria-expanded')).toBe('true');
    await firstService.waitFor({ state: 'visible' });

    await servicesToggle.click();
    expect(await servicesToggle.getAttribute('aria-expanded')).toBe('false');
    await firstService.waitFor({ state: 'hidden' });

    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    expect(harness.consoleErrors(page)).toEqual([]);
  });

  it('a menu opened before the app runs stays open when the app takes over, and closes as before', async () => {
    const phone = await harness.newPage({ viewport: PHONE_VIEWPORT });
    await visit(phone, '/');
    // The tap on the menu link is the page's first touch: it opens the menu of the page without JavaScript at once
    // and starts the app, which must not take that menu away from under the visitor's finger.
    await phone
      .getByRole('banner')
      .getByRole('link', { name: /^menu$/i })
      .first()
      .click();
    const staticMenu = phone.getByRole('navigation', { name: 'Mobile' });
    await staticMenu.getByRole('link', { name: 'Contact Us' }).waitFor({ state: 'visible' });
    await phone.locator('#root[data-hydrated]').waitFor({ state: 'attached', timeout: 20_000 });
    expect(await staticMenu.getByRole('link', { name: 'Contact Us' }).isVisible()).toBe(true);
    await staticMenu.getByRole('link', { name: /close/i }).click();
    await staticMenu.waitFor({ state: 'detached' });
    await phone.getByRole('banner').getByRole('button', { name: /menu/i }).first().waitFor({ state: 'visible' });
    expect(harness.consoleErrors(phone)).toEqual([]);
    await phone.close();
  });

  it('a link in the menu navigates and closes the menu', async () => {
    await visit(page, '/');
    await startApp(page);
    await page.getByRole('banner').getByRole('button', { name: /menu/i }).first().click();
    const menu = page.getByRole('dialog', { name: /menu/i });
    await menu.getByRole('link', { name: 'Contact Us' }).click();
    await page.waitForURL(/\/contact-7709327$/);
    await menu.waitFor({ state: 'hidden' });
    // The contact page's code loads on navigation (split per route), so wait for its heading.
    await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible' });
    // The head is rewritten by code that loads with the first client-side navigation.
    await expect.poll(() => page.title()).toMatch(/contact/i);
  });
});

describe('axe-core', () => {
  let page: Page;
  beforeAll(async () => {
    page = await harness.newPage();
  });

  it.each(MAIN_PATHS)('finds no violation on %s', async (path) => {
    await visit(page, path);
    expect(describeViolations(await harness.axe(page))).toEqual([]);
  });

  it('finds no violation on the not-found page', async () => {
    await visit(page, UNKNOWN_PATHS[0] ?? '/no-such-page');
    expect(describeViolations(await harness.axe(page))).toEqual([]);
  });

  it('finds no violation on the phone layout with the menu open', async () => {
    const phone = await harness.newPage({ viewport: PHONE_VIEWPORT });
    await visit(phone, '/');
    await startApp(phone);
    await phone.getByRole('banner').getByRole('button', { name: /menu/i }).first().click();
    expect(describeViolations(await harness.axe(phone))).toEqual([]);
  });
});

describe('with JavaScript turned off', () => {
  let page: Page;
  beforeAll(async () => {
    page = await harness.newPage({ javaScriptEnabled: false });
  });

  it.each(MAIN_PATHS)('%s can still be read: title, h1, header and footer are in the HTML', async (path) => {
    const response = await page.goto(path, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    expect((await page.title()).trim()).not.toBe('');
    const heading = page.getByRole('heading', { level: 1 }).first();
    expect(await heading.isVisible()).toBe(true);
    expect((await heading.textContent())?.trim()).not.toBe('');
    expect(await landmarkCount(page, 'banner')).toBe(1);
    expect(await landmarkCount(page, 'contentinfo')).toBe(1);
  });
});

// Like the server suite: the MariaDB run happens when TEST_MYSQL_URL is set, and CI (.ci/run) always sets it.
const runOnMysql = Boolean(process.env.TEST_MYSQL_URL) || process.env.CI === 'true';
if (runOnMysql) {
  describe('on MariaDB', () => {
    let mysqlHarness: Harness;
    beforeAll(async () => {
      mysqlHarness = await startHarness({ database: 'mysql' });
    });
    afterAll(async () => {
      await mysqlHarness?.close();
    });

    it('the real server reports its database up and serves the home page', async () => {
      const health = await fetch(`${mysqlHarness.baseUrl}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ success: true, db: 'up' });

      const page = await mysqlHarness.newPage();
      const response = await visit(page, '/');
      expect(response.status()).toBe(200);
      expect(await landmarkCount(page, 'banner')).toBe(1);
      expect(mysqlHarness.consoleErrors(page)).toEqual([]);
    });

    it('the harness queries the same fresh, migrated database the server uses', async () => {
      const tables = await mysqlHarness.query<{ name: string }>(
        'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()',
      );
      expect(tables.length).toBeGreaterThan(0);
    });
  });
}
