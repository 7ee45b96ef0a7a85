import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';
import { WEB_ROUTES_MANIFEST } from './harness/paths';
import { PUBLIC_ROUTES, UNKNOWN_PATHS } from './harness/site-routes';

/** The address the built site is served under here: not the one it was built with, nor the one the browser uses. */
const PUBLIC_URL = 'https://www.example.ng';
const MAIN_PATHS = PUBLIC_ROUTES.map((route) => route.path);
/** What must never reach a visitor or a crawler: the machine's own address, or a placeholder of the build. */
const NOT_PUBLIC = /localhost|127\.0\.0\.1|\.invalid\b/i;

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ appUrl: PUBLIC_URL });
});

afterAll(async () => {
  await harness?.close();
});

async function fetchText(path: string): Promise<string> {
  const response = await fetch(`${harness.baseUrl}${path}`);
  return response.text();
}

const attribute = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];

type JsonLd = Record<string, unknown> & { '@type': string };

function jsonLdIn(html: string): JsonLd[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1] ?? '') as JsonLd,
  );
}

/** Every string value of a JSON-LD tree that is an http(s) URL. */
function urlsIn(value: unknown): string[] {
  if (typeof value === 'string') return /^https?:\/\//.test(value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(urlsIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(urlsIn);
  return [];
}

/** The site's own URLs of a JSON-LD tree (its vocabulary, @context, and the social profiles in sameAs are not). */
const ownUrlsIn = (data: JsonLd) => urlsIn({ ...data, '@context': undefined, sameAs: undefined });

describe(`the built site served with APP_URL=${PUBLIC_URL}, without a rebuild`, () => {
  it('no page, alias or not-found page names localhost or the build’s placeholder, and each names the public address', async () => {
    const manifest = JSON.parse(readFileSync(WEB_ROUTES_MANIFEST, 'utf8')) as { routes: Record<string, string> };
    const paths = [...Object.keys(manifest.routes), ...UNKNOWN_PATHS];
    const offenders: string[] = [];
    for (const path of paths) {
      const html = await fetchText(path);
      const found = NOT_PUBLIC.exec(html);
      if (found) offenders.push(`${path}: …${html.slice(Math.max(0, found.index - 60), found.index + 40)}…`);
      if (!html.includes(`${PUBLIC_URL}/`)) offenders.push(`${path}: does not name ${PUBLIC_URL}`);
    }
    expect(offenders).toEqual([]);
  });

  it.each(MAIN_PATHS)(
    '%s links its canonical address, og:url, og:image and twitter:image on the public address',
    async (path) => {
      const html = await fetchText(path);
      const expected = `${PUBLIC_URL}${path}`;
      expect(attribute(html, /<link rel="canonical" href="([^"]+)"/)).toBe(expected);
      expect(attribute(html, /<meta property="og:url" content="([^"]+)"/)).toBe(expected);
      const ogImage = attribute(html, /<meta property="og:image" content="([^"]+)"/) ?? '';
      expect(ogImage.startsWith(`${PUBLIC_URL}/`), ogImage).toBe(true);
      expect(attribute(html, /<meta name="twitter:image" content="([^"]+)"/)).toBe(ogImage);
      // The image is really there, at that path on this server.
      const image = await fetch(`${harness.baseUrl}${new URL(ogImage).pathname}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toMatch(/^image\//);
    },
  );

  it.each(MAIN_PATHS)(
    '%s carries JSON-LD that parses: the organisation, and breadcrumbs ending at the page on inner pages',
    async (path) => {
      const blocks = jsonLdIn(await fetchText(path));
      const organisation = blocks.find((data) => data['@type'] === 'ProfessionalService');
      expect(organisation, 'organisation JSON-LD').toMatchObject({
        '@context': 'https://schema.org',
        name: 'Rendezvous Digital',
        url: `${PUBLIC_URL}/`,
      });
      for (const data of blocks) {
        for (const url of ownUrlsIn(data)) expect(url.startsWith(`${PUBLIC_URL}/`), url).toBe(true);
      }
      const breadcrumbs = blocks.find((data) => data['@type'] === 'BreadcrumbList');
      if (path === '/') {
        expect(breadcrumbs, 'the home page has no breadcrumbs').toBeUndefined();
        return;
      }
      const items = (breadcrumbs?.itemListElement ?? []) as Array<{ position: number; name: string; item: string }>;
      expect(items.length, 'breadcrumbs').toBeGreaterThanOrEqual(2);
      expect(items.map((item) => item.position)).toEqual(items.map((_, index) => index + 1));
      expect(items[0]).toMatchObject({ name: 'Home', item: `${PUBLIC_URL}/` });
      expect(items.at(-1)?.item).toBe(`${PUBLIC_URL}${path}`);
      for (const item of items) expect(item.name.trim()).not.toBe('');
    },
  );

  it('puts case studies under the portfolio and course pages under training in their breadcrumbs', async () => {
    const trailOf = async (path: string) => {
      const list = jsonLdIn(await fetchText(path)).find((data) => data['@type'] === 'BreadcrumbList');
      return ((list?.itemListElement ?? []) as Array<{ item: string }>).map((item) => new URL(item.item).pathname);
    };
    expect(await trailOf('/portfolio-9012345/planetlaundromat')).toEqual([
      '/',
      '/portfolio-9012345',
      '/portfolio-9012345/planetlaundromat',
    ]);
    expect(await trailOf('/webdevelopment-training')).toEqual(['/', '/training-4567890', '/webdevelopment-training']);
    expect(await trailOf('/contact-7709327')).toEqual(['/', '/contact-7709327']);
  });

  it('sitemap.xml lists every main page on the public address, and robots.txt points at it', async () => {
    const sitemap = await fetchText('/sitemap.xml');
    expect(sitemap).not.toMatch(NOT_PUBLIC);
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '');
    expect(listed.length).toBe(MAIN_PATHS.length);
    for (const loc of listed) expect(loc.startsWith(`${PUBLIC_URL}/`), loc).toBe(true);
    expect(listed.sort()).toEqual(MAIN_PATHS.map((path) => `${PUBLIC_URL}${path}`).sort());

    const robots = await fetchText('/robots.txt');
    expect(robots).not.toMatch(NOT_PUBLIC);
    expect(robots).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('after a client-side navigation the head still names the public address, not the one the browser used', async () => {
    const page = await harness.newPage();
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About', exact: true }).click();
    await page.waitForURL('**/about-8901234');
    await page.waitForFunction(() =>
      document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href.endsWith('/about-8901234'),
    );
    const head = await page.evaluate(() => ({
      canonical: document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href,
      ogUrl: document.querySelector<HTMLMetaElement>('meta[property="og:url"]')?.content,
      twitterImage: document.querySelector<HTMLMetaElement>('meta[name="twitter:image"]')?.content,
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => s.textContent ?? ''),
    }));
    expect(head.canonical).toBe(`${PUBLIC_URL}/about-8901234`);
    expect(head.ogUrl).toBe(`${PUBLIC_URL}/about-8901234`);
    expect(head.twitterImage).toBe(`${PUBLIC_URL}/og/about.png`);
    const blocks = head.jsonLd.map((text) => JSON.parse(text) as JsonLd);
    expect(blocks.map((data) => data['@type'])).toEqual(['ProfessionalService', 'BreadcrumbList']);
    for (const data of blocks) {
      for (const url of ownUrlsIn(data)) expect(url.startsWith(`${PUBLIC_URL}/`), url).toBe(true);
    }
    expect(harness.consoleErrors(page)).toEqual([]);
  });
});
