import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { HeadData } from '@/components/seo/head-data';
import { HeadCollectorContext, RouteMetaContext } from '@/components/seo/route-meta';
import { BLOG } from '@/content/blog';
import BlogPage from './blog';
import BlogPostPage from './blog-post';

const SLOW_SITES = BLOG.posts[0]!;
const ARTICLE_PATH = `/blog/${SLOW_SITES.slug}`;

function CurrentPath() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

function renderBlog() {
  const collected: HeadData[] = [];
  render(
    <HeadCollectorContext.Provider value={{ collect: (head) => collected.push(head) }}>
      <MemoryRouter initialEntries={['/blog']}>
        <RouteMetaContext.Provider
          value={{ id: 'blog', canonicalPath: '/blog', indexable: true, trail: [{ label: 'Home', to: '/' }] }}
        >
          <Routes>
            <Route path="/blog" element={<BlogPage />} />
            <Route path="/blog/:slug" element={<h1>Article stand-in</h1>} />
          </Routes>
        </RouteMetaContext.Provider>
        <CurrentPath />
      </MemoryRouter>
    </HeadCollectorContext.Provider>,
  );
  return collected;
}

function renderArticle() {
  const collected: HeadData[] = [];
  const route = {
    id: `blog-${SLOW_SITES.slug}`,
    canonicalPath: ARTICLE_PATH,
    indexable: true,
    trail: [
      { label: 'Home', to: '/' },
      { label: 'Blog', to: '/blog' },
    ],
  };
  render(
    <HeadCollectorContext.Provider value={{ collect: (head) => collected.push(head) }}>
      <MemoryRouter initialEntries={[ARTICLE_PATH]}>
        <RouteMetaContext.Provider value={route}>
          <BlogPostPage slug={SLOW_SITES.slug} />
        </RouteMetaContext.Provider>
      </MemoryRouter>
    </HeadCollectorContext.Provider>,
  );
  return collected;
}

describe('the blog page', () => {
  it('shows each written article as a link to its page, and the coming topics as plain text', () => {
    renderBlog();
    const latest = screen.getByRole('region', { name: BLOG.postsHeading });
    for (const post of BLOG.posts) {
      expect(within(latest).getByRole('link', { name: post.title })).toHaveAttribute('href', `/blog/${post.slug}`);
    }
    const upcoming = screen.getByRole('region', { name: BLOG.upcomingHeading });
    for (const post of BLOG.upcoming) expect(within(upcoming).getByText(post.title)).toBeInTheDocument();
    expect(within(upcoming).queryAllByRole('link')).toEqual([]);
  });

  it('takes the reader to the article when its title is clicked', async () => {
    renderBlog();
    await userEvent.click(screen.getByRole('link', { name: SLOW_SITES.title }));
    expect(screen.getByTestId('path')).toHaveTextContent(ARTICLE_PATH);
    expect(screen.getByRole('heading', { level: 1, name: 'Article stand-in' })).toBeInTheDocument();
  });
});

describe('an article page', () => {
  it('shows its title, date, text and a way back to the blog', () => {
    renderArticle();
    expect(screen.getByRole('heading', { level: 1, name: SLOW_SITES.title })).toBeInTheDocument();
    expect(screen.getByText('28 October 2026')).toHaveAttribute('datetime', SLOW_SITES.date);
    expect(screen.getByRole('heading', { level: 2, name: 'Habit 1: photos straight from the camera' })).toBeVisible();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/blog');
    expect(screen.getByRole('link', { name: 'All articles' })).toHaveAttribute('href', '/blog');
  });

  it('declares its own head with Article JSON-LD and the blog in its breadcrumbs', () => {
    const [head] = renderArticle();
    expect(head?.title).toBe(`${SLOW_SITES.title} | Rendezvous Digital`);
    expect(head?.canonicalPath).toBe(ARTICLE_PATH);
    expect(head?.breadcrumbs.map((crumb) => crumb.to)).toEqual(['/', '/blog', ARTICLE_PATH]);
    const article = head?.jsonLd.find((data) => (data as { '@type'?: string })['@type'] === 'Article');
    expect(article).toMatchObject({
      headline: SLOW_SITES.title,
      description: head?.description,
      datePublished: SLOW_SITES.date,
      articleSection: SLOW_SITES.category,
      author: { '@type': 'Organization', name: 'Rendezvous Digital' },
    });
    expect((article as { mainEntityOfPage: string }).mainEntityOfPage).toMatch(new RegExp(`${ARTICLE_PATH}$`));
    expect((article as { wordCount: number }).wordCount).toBeGreaterThanOrEqual(400);
  });
});
