import { CONTENT_SEED, type BlogPostData, type ImageRef } from '@agency/shared';
import { toBlogArticle, type BlogArticle } from './blog-articles';

/**
 * The blog. Its page's own copy is here; the posts are content staff edit (docs/decisions/0043): `toBlogPost` turns
 * one published post into what the list and the post's page draw, and BLOG_POSTS are the seed's.
 */

/** A written article as the blog lists it; its page is at /blog/{slug}. */
export interface BlogPostTeaser {
  slug: string;
  title: string;
  date: string;
  category: string;
  readingMinutes: number;
  excerpt: string;
}

/** A post as its page draws it: the teaser, who wrote it, its cover and its article. */
export interface BlogPost extends BlogPostTeaser {
  author: string;
  /** "By the Rendezvous Digital team". */
  byline: string;
  cover: ImageRef | null;
  article: BlogArticle;
}

/** A topic we are writing about: listed without a date or a link until its article exists. */
export interface UpcomingPost {
  title: string;
  category: string;
  excerpt: string;
}

const WORDS_PER_MINUTE = 200;

/** One published blog post. */
export function toBlogPost(slug: string, data: BlogPostData): BlogPost {
  const article = toBlogArticle(data);
  return {
    slug,
    title: data.title,
    date: data.date,
    category: data.category,
    readingMinutes: Math.max(1, Math.ceil(article.wordCount / WORDS_PER_MINUTE)),
    excerpt: data.summary,
    author: data.author,
    byline: `By ${data.author}`,
    cover: data.cover,
    article,
  };
}

const seedBlogPosts = () => CONTENT_SEED.blog_post.map((item) => toBlogPost(item.slug, item.data));

/**
 * The seed's posts (today's three), newest first, as the build prerenders them. Not in the browser's production
 * bundle, which holds no content and no markdown-it (docs/decisions/0043): there it is empty.
 */
export const BLOG_POSTS: BlogPost[] = import.meta.env.SSR || import.meta.env.DEV ? seedBlogPosts() : [];

export const BLOG = {
  title: 'Blog',
  metaDescription:
    'Practical advice on websites, e-commerce, branding and digital marketing for Nigerian businesses, from the Rendezvous Digital team in Lagos.',
  intro: 'Practical notes from our studio in Ogba: what we learn building for Nigerian businesses, shared freely.',
  illustration: { src: '/images/illustrations/blog.svg', width: 480, height: 360, alt: '' },
  postsHeading: 'Latest articles',
  readLabel: 'Read the article',
  allPostsLabel: 'All articles',
  /** The seed's posts: see BLOG_POSTS. */
  posts: BLOG_POSTS,
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

/** One of the seed's posts. */
export function findBlogPost(slug: string, posts: readonly BlogPost[] = BLOG_POSTS): BlogPost | undefined {
  return posts.find((post) => post.slug === slug);
}
