import type { PublishedContent } from '../published';
import type { ContentDataByType, ContentType } from '../schemas';
import { BLOG_POST_SEED } from './blog-posts';
import { CASE_STUDY_SEED } from './case-studies';
import { TESTIMONIAL_SEED } from './testimonials';
import { TRAINING_SEED } from './trainings';

/** One item of the seed: its page's address segment and the fields of its first version. */
export interface ContentSeedItem<T extends ContentType = ContentType> {
  slug: string;
  data: ContentDataByType[T];
}

/**
 * Today's content (issue 22, docs/decisions/0043): the text the site showed before staff could edit it, as the first
 * version of each item, in the lists' order. The database is seeded from it, and the build prerenders it.
 */
export const CONTENT_SEED: { [T in ContentType]: ContentSeedItem<T>[] } = {
  case_study: CASE_STUDY_SEED,
  blog_post: BLOG_POST_SEED,
  testimonial: TESTIMONIAL_SEED,
  training: TRAINING_SEED,
};

/** When the seed counts as published: the release that moved the content into the database. */
export const CONTENT_SEED_PUBLISHED_AT = '2026-11-27T00:00:00.000Z';

const publishedOf = <T extends ContentType>(items: ContentSeedItem<T>[]) =>
  items.map((item) => ({ ...item, publishedAt: CONTENT_SEED_PUBLISHED_AT }));

/** The seed as the public pages draw it before anything is published (revision 0, what the build prerenders). */
export const CONTENT_SEED_PUBLISHED: PublishedContent = {
  revision: 0,
  items: {
    case_study: publishedOf(CONTENT_SEED.case_study),
    blog_post: publishedOf(CONTENT_SEED.blog_post),
    testimonial: publishedOf(CONTENT_SEED.testimonial),
    training: publishedOf(CONTENT_SEED.training),
  },
};
