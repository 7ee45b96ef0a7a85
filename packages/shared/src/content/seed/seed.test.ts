import { describe, expect, it } from 'vitest';
import { CASE_SLUGS, BLOG_POST_SLUGS } from '../../site-paths';
import { CONTENT_TYPES, ContentPublishSchemas, ContentSlugSchema, formatNaira, TRAINING_SLUGS } from '../schemas';
import { CONTENT_SEED, CONTENT_SEED_PUBLISHED } from '.';

describe('the content seed', () => {
  it.each(CONTENT_TYPES)('every %s of the seed can be published as it is', (type) => {
    for (const item of CONTENT_SEED[type]) {
      expect(ContentSlugSchema.parse(item.slug)).toBe(item.slug);
      const parsed = ContentPublishSchemas[type].safeParse(item.data);
      expect(parsed.error?.issues ?? [], `${type} ${item.slug}`).toEqual([]);
      // Parsing trims: nothing of the seed would change when it is saved.
      expect(parsed.data).toEqual(item.data);
    }
  });

  it('holds today’s nine case studies, three articles, six testimonials and two trainings in the site’s order', () => {
    // The portfolio page's and the home carousel's order.
    expect(CONTENT_SEED.case_study.map((item) => item.slug)).toEqual([
      'planetlaundromat',
      'acelubricant',
      'hoperisecharity',
      'marvelmarts',
      'myduduke',
      'follyslobyng-1093563',
      'moplimoservices',
      'elfrenllc',
      'stpaulwithststephen',
    ]);
    expect(CONTENT_SEED.case_study.map((item) => item.slug).sort()).toEqual([...CASE_SLUGS].sort());
    expect(CONTENT_SEED.blog_post.map((item) => item.slug)).toEqual(BLOG_POST_SLUGS);
    expect(CONTENT_SEED.testimonial.map((item) => item.slug)).toEqual([
      'adaeze-okafor',
      'tunde-bakare',
      'funmilayo-adeyemi',
      'chinedu-eze',
      'marcus-reed',
      'ngozi-uche',
    ]);
    expect(CONTENT_SEED.training.map((item) => item.slug)).toEqual(TRAINING_SLUGS);
  });

  it('gives the creative training’s fees in naira, written back as the page showed them', () => {
    const creative = CONTENT_SEED.training.find((item) => item.slug === 'creative')!;
    expect(creative.data.prices.map((price) => formatNaira(price.feeNaira))).toEqual(['N200,000', 'N100,000']);
  });

  it('is published as revision 0 with every item', () => {
    expect(CONTENT_SEED_PUBLISHED.revision).toBe(0);
    for (const type of CONTENT_TYPES) {
      expect(CONTENT_SEED_PUBLISHED.items[type].map(({ slug, data }) => ({ slug, data }))).toEqual(CONTENT_SEED[type]);
    }
  });
});
