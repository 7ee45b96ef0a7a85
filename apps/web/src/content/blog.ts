import { BRAND_NAME, type BlogPostSlug } from '@agency/shared';

/** A written article as the blog lists it; its text is in blog-articles.ts, its page at blogPostPath(slug). */
export interface BlogPostTeaser {
  slug: BlogPostSlug;
  title: string;
  date: string;
  category: string;
  readingMinutes: number;
  excerpt: string;
}

/** A topic we are writing about: listed without a date or a link until its article exists. */
export interface UpcomingPost {
  title: string;
  category: string;
  excerpt: string;
}

export const BLOG = {
  title: 'Blog',
  metaDescription:
    'Practical advice on websites, e-commerce, branding and digital marketing for Nigerian businesses, from the Rendezvous Digital team in Lagos.',
  intro: 'Practical notes from our studio in Ogba: what we learn building for Nigerian businesses, shared freely.',
  illustration: { src: '/images/illustrations/blog.svg', width: 480, height: 360, alt: '' },
  postsHeading: 'Latest articles',
  readLabel: 'Read the article',
  byline: `By the ${BRAND_NAME} team`,
  allPostsLabel: 'All articles',
  posts: [
    {
      slug: 'why-your-website-feels-slow-on-mobile-data',
      title: 'Why your website feels slow on MTN and Airtel, and how to fix it',
      date: '2026-10-28',
      category: 'Web Development',
      readingMinutes: 3,
      excerpt:
        'Most of your visitors arrive on a mid-range Android phone over mobile data. Three habits make business sites slow there: photos straight from the camera, heavy fonts and scripts, and sliders on the first screen. Here is how to spot and fix each.',
    },
    {
      slug: 'five-things-to-settle-before-you-hire-a-designer',
      title: 'A logo is not a brand: five things to settle before you hire a designer',
      date: '2026-09-02',
      category: 'Creative Design',
      readingMinutes: 3,
      excerpt:
        'Who are your customers, what do you want them to feel, and where will they see you first? Answer these and your designer will get it right the first time.',
    },
    {
      slug: 'getting-found-on-google-maps-lagos',
      title: 'Getting found on Google Maps: a checklist for Lagos shops',
      date: '2026-08-12',
      category: 'Digital Marketing',
      readingMinutes: 3,
      excerpt:
        'A complete Google Business Profile brings calls from people already nearby. Our step-by-step checklist covers the map pin, categories, opening hours, photos and reviews.',
    },
  ] satisfies BlogPostTeaser[],
  upcomingHeading: 'Coming next',
  upcomingIntro: 'We are writing these now; they will appear above when they are ready.',
  upcoming: [
    {
      title: 'Paystack, Flutterwave or bank transfer? Choosing payments for your online store',
      category: 'E-commerce',
      excerpt:
        'Each option has different fees, settlement times and customer trust. How we help clients decide which to offer at checkout.',
    },
    {
      title: 'From student to freelancer: your first paying clients after our training',
      category: 'Training',
      excerpt:
        'Where new web and graphic designers find their first clients, how to price the first jobs, and what to put in a portfolio when you have only class projects.',
    },
  ] satisfies UpcomingPost[],
};

/** The teaser of one article. */
export function findBlogPost(slug: BlogPostSlug): BlogPostTeaser | undefined {
  return BLOG.posts.find((post) => post.slug === slug);
}
