import { CONTENT_SEED, formatNaira, markdownPlainText } from '@agency/shared';
import { describe, expect, it } from 'vitest';
import { BLOG_POSTS } from './blog';
import { CASE_STUDIES } from './case-studies';
import BEFORE from './fixtures/content-before-issue-22.json';
import { PORTFOLIO_ITEMS } from './portfolio';
import { TESTIMONIALS } from './testimonials';
import { TRAINING_COURSES } from './training';

/*
 * Issue 22 moved the case studies, blog posts, testimonials and trainings from these modules into the content seed
 * (packages/shared/src/content/seed), which the database starts from. The fixture is what these modules exported
 * just before (commit 780ec20): nothing of it may be lost, and the pages must draw the same from the seed.
 */

/** Fields the pages derive rather than store: addresses, the training's name, a fee as written. */
const DERIVED_KEYS = new Set(['mainPath', 'aliases', 'path', 'variant', 'price', 'kind', 'readingMinutes']);

function stringsOf(value: unknown, skipped: ReadonlySet<string> = new Set(), key = ''): string[] {
  if (skipped.has(key)) return [];
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap((item) => stringsOf(item, skipped));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([name, item]) => stringsOf(item, skipped, name));
  }
  return [];
}

const seedText = stringsOf(CONTENT_SEED);
const inSeed = (text: string) => seedText.some((field) => field.includes(text));

type ArticleBlock = { kind: 'paragraph' | 'heading'; text: string } | { kind: 'list'; items: string[] };
const blockText = (block: ArticleBlock) => (block.kind === 'list' ? block.items.join(' ') : block.text);

describe('the content seed holds all of the content the site had', () => {
  it('keeps every string of the former case studies, posts, testimonials and trainings', () => {
    const before = stringsOf(BEFORE, DERIVED_KEYS);
    expect(before.length).toBeGreaterThan(300);
    expect(before.filter((text) => !inSeed(text))).toEqual([]);
  });

  it('keeps each article’s text block by block, and nothing else, in its Markdown body', () => {
    for (const [slug, article] of Object.entries(BEFORE.blogArticles)) {
      const body = CONTENT_SEED.blog_post.find((item) => item.slug === slug)?.data.body ?? '';
      expect(markdownPlainText(body), slug).toBe((article.body as ArticleBlock[]).map(blockText).join(' '));
      const headings = (article.body as ArticleBlock[]).filter((block) => block.kind === 'heading');
      expect(body.match(/^## .+$/gm), slug).toEqual(headings.map((block) => `## ${blockText(block)}`));
    }
  });

  it('keeps the training fees in naira, written as before', () => {
    const fees = Object.values(BEFORE.trainings).flatMap((course) =>
      'prices' in course ? course.prices.map((price) => price.price) : [],
    );
    const seedFees = CONTENT_SEED.training.flatMap((item) =>
      item.data.prices.map((price) => formatNaira(price.feeNaira)),
    );
    expect(seedFees).toEqual(fees);
    expect(fees).toEqual(['N200,000', 'N100,000']);
  });
});

describe('the pages draw the same from the seed', () => {
  it('gives the case studies as before, in the portfolio’s order', () => {
    const bySlug = (a: { slug: string }, b: { slug: string }) => a.slug.localeCompare(b.slug);
    // The short title (issue 22) is new and empty in the seed: the cards keep their drawn names.
    const withoutShortTitle = CASE_STUDIES.map(({ shortTitle, ...caseStudy }) => {
      expect(shortTitle).toBe('');
      return caseStudy;
    });
    expect(withoutShortTitle.sort(bySlug)).toEqual([...BEFORE.caseStudies].sort(bySlug));
    expect(CASE_STUDIES.map((caseStudy) => caseStudy.mainPath)).toEqual(PORTFOLIO_ITEMS.map((item) => item.url));
  });

  it('gives the testimonials as before', () => {
    expect(TESTIMONIALS).toEqual(BEFORE.testimonials);
  });

  it('gives the two trainings as before, with no cohort date or seats yet', () => {
    for (const [variant, course] of Object.entries(TRAINING_COURSES)) {
      const { nextCohortStart, seats, prices, ...rest } = course;
      const { prices: pricesBefore, ...restBefore } = BEFORE.trainings[variant as keyof typeof BEFORE.trainings] as {
        prices?: unknown;
      };
      expect(rest).toEqual(restBefore);
      expect(prices?.map(({ feeNaira: _, ...price }) => price)).toEqual(pricesBefore);
      expect([nextCohortStart, seats]).toEqual([null, null]);
    }
  });

  it('gives the posts’ teasers, descriptions and next steps as before, by the same team', () => {
    expect(
      BLOG_POSTS.map(({ slug, title, date, category, readingMinutes, excerpt }) => ({
        slug,
        title,
        date,
        category,
        readingMinutes,
        excerpt,
      })),
    ).toEqual(BEFORE.blogPosts);
    for (const post of BLOG_POSTS) {
      const before = BEFORE.blogArticles[post.slug as keyof typeof BEFORE.blogArticles];
      expect(post.article.metaDescription).toBe(before.metaDescription);
      expect(post.article.next).toEqual(before.next);
      expect(post.byline).toBe('By the Rendezvous Digital team');
    }
  });
});
