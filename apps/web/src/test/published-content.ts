import { CONTENT_SEED_PUBLISHED, type PublishedContent, type PublishedItem } from '@agency/shared';

/**
 * Published content as the database could hold it after some editing (docs/decisions/0043): the seed with one case
 * study edited, one unpublished, a blog post added, a testimonial and a training's fee changed.
 */
export const EDITED_SLUG = 'planetlaundromat';
export const REMOVED_SLUG = 'elfrenllc';
export const NEW_POST_SLUG = 'choosing-a-domain-name-for-a-lagos-shop';

export const EDITED_CLIENT = 'Planet Wash & Fold Houston';
export const EDITED_TITLE = 'Planet Wash & Fold: pickups booked in a minute, edited by staff';
export const EDITED_RESULT = 'Pickups booked online rose to 410 a month (published by an editor)';
export const NEW_POST_TITLE = 'Choosing a domain name your Lagos customers remember';
export const NEW_POST_SUMMARY = 'Short, spoken easily on the phone, and .ng or .com.ng when you sell in Nigeria.';
export const EDITED_FEE = 245_000;
export const EDITED_FEE_TEXT = 'N245,000';
/** The creative course's next cohort as its page writes it. */
export const EDITED_COHORT_TEXT = ['11 January 2027', '12 seats.'];
export const NEW_TESTIMONIAL_QUOTE = 'The new testimonial, published from the Content screen on a phone.';

export function publishedContent(): PublishedContent {
  const seed = structuredClone(CONTENT_SEED_PUBLISHED);
  const edited = seed.items.case_study.find((item) => item.slug === EDITED_SLUG)!;
  edited.data = { ...edited.data, client: EDITED_CLIENT, title: EDITED_TITLE, results: [EDITED_RESULT] };
  const [firstPost] = seed.items.blog_post;
  const newPost: PublishedItem<'blog_post'> = {
    slug: NEW_POST_SLUG,
    publishedAt: '2026-11-27T06:30:00.000Z',
    data: {
      ...firstPost!.data,
      title: NEW_POST_TITLE,
      summary: NEW_POST_SUMMARY,
      metaDescription: NEW_POST_SUMMARY,
      date: '2026-11-27',
      body: 'Pick a name people can spell after hearing it once.\n\n## Keep it short\n\nTwo words at most.',
    },
  };
  const [firstTestimonial] = seed.items.testimonial;
  const creative = seed.items.training.find((item) => item.slug === 'creative')!;
  creative.data = {
    ...creative.data,
    prices: creative.data.prices.map((price, index) => (index === 0 ? { ...price, feeNaira: EDITED_FEE } : price)),
    nextCohortStart: '2027-01-11',
    seats: 12,
  };
  return {
    revision: 7,
    items: {
      ...seed.items,
      case_study: seed.items.case_study.filter((item) => item.slug !== REMOVED_SLUG),
      blog_post: [newPost, ...seed.items.blog_post],
      testimonial: [
        { ...firstTestimonial!, data: { ...firstTestimonial!.data, quote: NEW_TESTIMONIAL_QUOTE } },
        ...seed.items.testimonial.slice(1),
      ],
    },
  };
}
