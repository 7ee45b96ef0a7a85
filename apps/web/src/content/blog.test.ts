import { BLOG_POST_SLUGS, PATHS } from '@agency/shared';
import { describe, expect, it } from 'vitest';
import { articleWordCount, BLOG_ARTICLES } from './blog-articles';
import { BLOG } from './blog';

const PLACEHOLDER = /lorem|ipsum|placeholder|\bTODO\b|\bTBD\b|xxx/i;
const PAGE_PATHS = new Set<string>(Object.values(PATHS));

describe('the blog', () => {
  it('lists each written article once, newest first, and writes each listed article', () => {
    expect(BLOG.posts.map((post) => post.slug)).toEqual([...BLOG_POST_SLUGS]);
    expect(Object.keys(BLOG_ARTICLES).sort()).toEqual([...BLOG_POST_SLUGS].sort());
    const dates = BLOG.posts.map((post) => post.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it.each(BLOG.posts)('“$title” is a real article of 400 to 700 words with an honest reading time', (post) => {
    const article = BLOG_ARTICLES[post.slug];
    const words = articleWordCount(article);
    expect(words).toBeGreaterThanOrEqual(400);
    expect(words).toBeLessThanOrEqual(700);
    expect(post.readingMinutes).toBe(Math.ceil(words / 200));
    expect(article.body.filter((block) => block.kind === 'heading').length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(article)).not.toMatch(PLACEHOLDER);
  });

  it.each(BLOG.posts)('“$title” has its own short description and leads on to a page of the site', (post) => {
    const article = BLOG_ARTICLES[post.slug];
    expect(article.metaDescription.length).toBeGreaterThan(50);
    expect(article.metaDescription.length).toBeLessThanOrEqual(160);
    expect(article.metaDescription).not.toBe(post.excerpt);
    expect(PAGE_PATHS.has(article.next.link.to)).toBe(true);
  });

  it('gives every article a distinct title and description', () => {
    const titles = BLOG.posts.map((post) => post.title);
    const descriptions = BLOG.posts.map((post) => BLOG_ARTICLES[post.slug].metaDescription);
    expect(new Set(titles).size).toBe(titles.length);
    expect(new Set(descriptions).size).toBe(descriptions.length);
  });

  it('does not list a topic as coming that already has its article', () => {
    const written = new Set(BLOG.posts.map((post) => post.title));
    expect(BLOG.upcoming.filter((post) => written.has(post.title))).toEqual([]);
  });
});
