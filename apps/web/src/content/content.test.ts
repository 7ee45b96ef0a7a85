import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CASE_STUDIES, caseStudyOgImage, findCaseStudy } from './case-studies';
import { PORTFOLIO_ITEMS } from './portfolio';
import { TESTIMONIALS } from './testimonials';

// A string, not `new URL(...)`: under jsdom the global URL is not the one node:url accepts.
const PUBLIC_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'public');
const MAX_SVG_BYTES = 12 * 1024;

/** The case routes of docs/decisions/0001-architecture.md, which the route table and the server rely on. */
const EXPECTED_CASE_PATHS: Record<string, { mainPath: string; aliases: string[] }> = {
  planetlaundromat: {
    mainPath: '/portfolio-9012345/planetlaundromat',
    aliases: ['/planetlaundromat', '/planetlaundromat-0987654'],
  },
  acelubricant: {
    mainPath: '/portfolio-9012345/acelubricant',
    aliases: ['/acelubricant', '/acelubricant-9876543'],
  },
  marvelmarts: {
    mainPath: '/portfolio-9012345/marvelmarts',
    aliases: ['/marvelmarts', '/marvelmarts-8765432'],
  },
  myduduke: { mainPath: '/portfolio-9012345/myduduke', aliases: ['/myduduke', '/myduduke-7654321'] },
  moplimoservices: {
    mainPath: '/portfolio-9012345/moplimoservices',
    aliases: ['/moplimoservices', '/moplimoservices-6543210'],
  },
  'follyslobyng-1093563': {
    mainPath: '/portfolio-9012345/follyslobyng-1093563',
    aliases: ['/follyslobyng-1093563', '/follyslobyng'],
  },
  stpaulwithststephen: {
    mainPath: '/portfolio-9012345/stpaulwithststephen',
    aliases: ['/stpaulwithststephen', '/stpaulwithststephen-5432109'],
  },
  elfrenllc: { mainPath: '/portfolio-9012345/elfrenllc', aliases: ['/elfrenllc', '/elfrenllc-4076453'] },
  hoperisecharity: {
    mainPath: '/portfolio-9012345/hoperisecharity',
    aliases: ['/hoperisecharity', '/hoperisecharity-7023198'],
  },
};

const PLACEHOLDER = /lorem|ipsum|placeholder|\bTODO\b|\bTBD\b|xxx/i;

function publicFile(webPath: string): string {
  return `${PUBLIC_DIR}${webPath}`;
}

function wordCount(text: string): number {
  return text.trim().split(/\s+/).length;
}

/** Reads a JPEG's size from its start-of-frame marker, so the test needs no image library. */
function jpegSize(webPath: string): { width: number; height: number } | undefined {
  const bytes = readFileSync(publicFile(webPath));
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let offset = 2;
  while (offset + 9 < bytes.length && bytes[offset] === 0xff) {
    const marker = bytes[offset + 1] ?? 0;
    const isStartOfFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isStartOfFrame) return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  return undefined;
}

/** Parses an SVG file as XML (jsdom's DOMParser) and returns its root element, or the parser's error. */
function parseSvg(webPath: string): { root: Element; bytes: number } {
  const source = readFileSync(publicFile(webPath), 'utf8');
  const doc = new DOMParser().parseFromString(source, 'image/svg+xml');
  const error = doc.querySelector('parsererror');
  if (error) throw new Error(`${webPath} is not valid XML: ${error.textContent ?? ''}`);
  return { root: doc.documentElement, bytes: Buffer.byteLength(source) };
}

function expectSmallTitledSvg(webPath: string, width: number, height: number): void {
  const { root, bytes } = parseSvg(webPath);
  expect(root.tagName).toBe('svg');
  expect(root.getAttribute('width')).toBe(String(width));
  expect(root.getAttribute('height')).toBe(String(height));
  expect(root.getAttribute('viewBox')).toBe(`0 0 ${width} ${height}`);
  expect(root.querySelector('title')?.textContent?.trim()).toBeTruthy();
  expect(root.querySelector('image')).toBeNull();
  expect(bytes).toBeLessThan(MAX_SVG_BYTES);
}

describe('portfolio items', () => {
  it('has the nine slides of the spec, each opening a case study by its main path', () => {
    expect(PORTFOLIO_ITEMS).toHaveLength(9);
    const mainPaths = CASE_STUDIES.map((caseStudy) => caseStudy.mainPath);
    expect(new Set(PORTFOLIO_ITEMS.map((item) => item.url)).size).toBe(9);
    for (const item of PORTFOLIO_ITEMS) {
      expect(mainPaths).toContain(item.url);
      expect(item.title.trim()).not.toBe('');
      expect(item.alt.trim()).not.toBe('');
    }
  });

  it('keeps numeric ids where several slides share the value 5', () => {
    for (const item of PORTFOLIO_ITEMS) expect(Number.isInteger(item.id)).toBe(true);
    expect(PORTFOLIO_ITEMS.filter((item) => item.id === 5).length).toBeGreaterThan(1);
  });

  it('points every slide at a 640 x 420 SVG thumbnail that exists under public/images/portfolio', () => {
    for (const item of PORTFOLIO_ITEMS) {
      expect(item.img).toMatch(/^\/images\/portfolio\/[a-z0-9-]+\.svg$/);
      expect(existsSync(publicFile(item.img)), item.img).toBe(true);
      expectSmallTitledSvg(item.img, 640, 420);
    }
  });
});

describe('case studies', () => {
  it('has the nine cases with the main paths and aliases of ADR 0001', () => {
    expect(CASE_STUDIES).toHaveLength(9);
    const bySlug = Object.fromEntries(
      CASE_STUDIES.map((caseStudy) => [caseStudy.slug, { mainPath: caseStudy.mainPath, aliases: caseStudy.aliases }]),
    );
    expect(bySlug).toEqual(EXPECTED_CASE_PATHS);
  });

  it('never gives two cases the same slug or path', () => {
    const paths = CASE_STUDIES.flatMap((caseStudy) => [caseStudy.mainPath, ...caseStudy.aliases]).map((path) =>
      path.toLowerCase(),
    );
    expect(new Set(paths).size).toBe(paths.length);
    expect(new Set(CASE_STUDIES.map((caseStudy) => caseStudy.slug)).size).toBe(9);
  });

  it.each(CASE_STUDIES.map((caseStudy) => [caseStudy.slug, caseStudy] as const))(
    '%s shows complete project information, five or six cards and a results checklist',
    (_slug, caseStudy) => {
      for (const field of [
        caseStudy.title,
        caseStudy.client,
        caseStudy.category,
        caseStudy.location,
        caseStudy.summary,
        caseStudy.metaDescription,
      ]) {
        expect(field.trim()).not.toBe('');
        expect(field).not.toMatch(PLACEHOLDER);
      }
      expect(caseStudy.date).toMatch(
        /^(January|February|March|April|May|June|July|August|September|October|November|December) 20\d\d$/,
      );
      expect(caseStudy.metaDescription.length).toBeLessThanOrEqual(160);
      expect(caseStudy.challenges.length).toBeGreaterThanOrEqual(5);
      expect(caseStudy.challenges.length).toBeLessThanOrEqual(6);
      for (const card of caseStudy.challenges) {
        expect(card.challenge.trim()).not.toBe('');
        expect(card.solution.trim()).not.toBe('');
        expect(`${card.challenge} ${card.solution}`).not.toMatch(PLACEHOLDER);
      }
      expect(caseStudy.finalResults.length).toBeGreaterThanOrEqual(4);
      expect(caseStudy.finalResults.length).toBeLessThanOrEqual(6);
      expect(new URL(caseStudy.websiteUrl).protocol).toBe('https:');
      expect(caseStudy.websiteLabel).toBe('Visit website');
    },
  );

  it('names the clients where the spec places them', () => {
    const locationOf = (slug: string) => findCaseStudy(slug)?.location ?? '';
    expect(locationOf('planetlaundromat')).toMatch(/USA$/);
    expect(locationOf('acelubricant')).toMatch(/Ogun State, Nigeria$/);
    expect(locationOf('marvelmarts')).toMatch(/Lagos, Nigeria$/);
    expect(locationOf('myduduke')).toMatch(/United Kingdom$/);
    expect(locationOf('moplimoservices')).toMatch(/^Chicago/);
    expect(locationOf('follyslobyng-1093563')).toMatch(/Lagos, Nigeria$/);
    expect(locationOf('stpaulwithststephen')).toMatch(/United Kingdom$/);
    expect(locationOf('elfrenllc')).toMatch(/USA$/);
    expect(locationOf('hoperisecharity')).toMatch(/Ogun State, Nigeria$/);
  });

  it('draws every mock-up as a small, titled 1200 x 800 SVG under public/images/cases', () => {
    for (const caseStudy of CASE_STUDIES) {
      const { mockup } = caseStudy;
      expect(mockup.src).toBe(`/images/cases/${caseStudy.slug}.svg`);
      expect(existsSync(publicFile(mockup.src)), mockup.src).toBe(true);
      expect(mockup.alt.trim()).not.toBe('');
      expectSmallTitledSvg(mockup.src, mockup.width, mockup.height);
    }
  });

  it('has a 1200 x 630 JPEG link preview for every case', () => {
    for (const caseStudy of CASE_STUDIES) {
      const ogImage = caseStudyOgImage(caseStudy);
      expect(existsSync(publicFile(ogImage)), ogImage).toBe(true);
      expect(jpegSize(ogImage), ogImage).toEqual({ width: 1200, height: 630 });
    }
  });

  it('gives a case staff added, or one with an uploaded picture, a link preview drawn under /og/', () => {
    const [seedCase] = CASE_STUDIES;
    expect(caseStudyOgImage({ ...seedCase!, slug: 'new-bakery-website' })).toBe('/og/case-new-bakery-website.png');
    const uploaded = { ...seedCase!.mockup, src: '/media/0123456789abcdef/960.webp', imageId: '0123456789abcdef' };
    expect(caseStudyOgImage({ ...seedCase!, mockup: uploaded })).toBe(`/og/case-${seedCase!.slug}.png`);
  });

  it('finds a case study by slug whatever its case, and nothing for an unknown slug', () => {
    expect(findCaseStudy('PlanetLaundromat')?.client).toBe('Planet Laundromat');
    expect(findCaseStudy('FOLLYSLOBYNG-1093563')?.slug).toBe('follyslobyng-1093563');
    expect(findCaseStudy('follyslobyng')).toBeUndefined();
    expect(findCaseStudy('not-a-client')).toBeUndefined();
  });
});

describe('testimonials', () => {
  it('has six fixed entries with a name, a job title and company, and a spec category', () => {
    expect(TESTIMONIALS).toHaveLength(6);
    const categories = ['Web Development', 'Creative Design', 'Digital Marketing', 'Web App Development'];
    for (const testimonial of TESTIMONIALS) {
      expect(testimonial.name.trim()).not.toBe('');
      expect(testimonial.role).toMatch(/^[^,]+, .+$/);
      expect(categories).toContain(testimonial.category);
    }
    expect(new Set(TESTIMONIALS.map((testimonial) => testimonial.name)).size).toBe(6);
  });

  it('keeps every feedback between 25 and 45 words, free of placeholder text', () => {
    for (const testimonial of TESTIMONIALS) {
      const words = wordCount(testimonial.feedback);
      expect(words, testimonial.name).toBeGreaterThanOrEqual(25);
      expect(words, testimonial.name).toBeLessThanOrEqual(45);
      expect(testimonial.feedback).not.toMatch(PLACEHOLDER);
    }
  });
});
