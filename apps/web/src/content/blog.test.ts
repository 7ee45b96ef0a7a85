import { BLOG_POST_SLUGS, PATHS } from '@agency/shared';
import { describe, expect, it } from 'vitest';
import { articleWordCount } from './blog-articles';
import { BLOG, BLOG_POSTS } from './blog';

const PLACEHOLDER = /lorem|ipsum|placeholder|\bTODO\b|\bTBD\b|xxx/i;
const PAGE_PATHS = new Set<string>(Object.values(PATHS));

describe('the blog', () => {
  it('lists each written article once, newest first', () => {
    expect(BLOG.posts.map((post) => post.slug)).toEqual([...BLOG_POST_SLUGS]);
    const dates = BLOG_POSTS.map((post) => post.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it.each(BLOG_POSTS)('“$title” is a real article of 400 to 700 words with an honest reading time', (post) => {
    const words = articleWordCount(post.article);
    expect(post.article.wordCount).toBe(words);
    expect(words).toBeGreaterThanOrEqual(400);
    expect(words).toBeLessThanOrEqual(700);
    expect(post.readingMinutes).toBe(Math.ceil(words / 200));
    expect(post.article.html.match(/<h2>/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(post)).not.toMatch(PLACEHOLDER);
  });

  it.each(BLOG_POSTS)('“$title” has its own short description and leads on to a page of the site', (post) => {
    const { article } = post;
    expect(article.metaDescription.length).toBeGreaterThan(50);
    expect(article.metaDescription.length).toBeLessThanOrEqual(160);
    expect(article.metaDescription).not.toBe(post.excerpt);
    expect(PAGE_PATHS.has(article.next?.link.to ?? '')).toBe(true);
  });

  it('gives every article a distinct title and description', () => {
    const titles = BLOG_POSTS.map((post) => post.title);
    const descriptions = BLOG_POSTS.map((post) => post.article.metaDescription);
    expect(new Set(titles).size).toBe(titles.length);
    expect(new Set(descriptions).size).toBe(descriptions.length);
  });

  it('does not list a topic as coming that already has its article', () => {
    const written = new Set(BLOG_POSTS.map((post) => post.title));
    expect(BLOG.upcoming.filter((post) => written.has(post.title))).toEqual([]);
  });

  it('counts the words of the text, not its Markdown', () => {
    expect(articleWordCount({ body: '## Two words\n\n- one\n- **two** [three](/x)' })).toBe(5);
  });
});
