import { CONTENT_SEED, type BlogPostData } from '@agency/shared';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { seedSiteContent, SiteContentContext } from '@/components/content/site-content';
import { RouteMetaContext } from '@/components/seo/route-meta';
import { toBlogPost } from '@/content/blog';
import BlogPostPage from './blog-post';

const SLUG = 'a-post-an-editor-wrote';
const HOSTILE_BODY = [
  'An editor’s first paragraph, with a [contact link](/contact) and [a friend](https://example.com).',
  '# A heading written as the title',
  '<script>window.hacked = true</script>',
  '<img src=x onerror="window.hacked = true"> and <iframe src="https://evil.example"></iframe>',
  '[click me](javascript:window.hacked=true) and ![a picture](https://evil.example/x.png)',
  '- one\n- two',
].join('\n\n');

function renderPost(data: Partial<BlogPostData>) {
  const post = toBlogPost(SLUG, { ...CONTENT_SEED.blog_post[0]!.data, ...data });
  const content = { ...seedSiteContent(), blogPosts: [post] };
  const route = { id: `blog-${SLUG}`, canonicalPath: `/blog/${SLUG}`, indexable: true, trail: [] };
  const { container } = render(
    <SiteContentContext.Provider value={content}>
      <MemoryRouter>
        <RouteMetaContext.Provider value={route}>
          <BlogPostPage slug={SLUG} />
        </RouteMetaContext.Provider>
      </MemoryRouter>
    </SiteContentContext.Provider>,
  );
  return container;
}

describe('a blog post’s page', () => {
  it('shows a published post’s Markdown as text, headings under its one h1, and nothing an editor could inject', () => {
    const container = renderPost({ title: 'A post an editor wrote', body: HOSTILE_BODY, author: 'Ada Okafor' });
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual([
      'A post an editor wrote',
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'A heading written as the title' })).toBeInTheDocument();
    expect(screen.getByText(/By Ada Okafor/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'contact link' })).toHaveAttribute('href', '/contact');
    expect(screen.getByRole('link', { name: 'a friend' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByRole('link', { name: 'click me' })).not.toBeInTheDocument();
    expect(screen.getByText(/<script>window.hacked = true<\/script>/)).toBeInTheDocument();
    expect(container.querySelectorAll('script, iframe, img, style, svg')).toHaveLength(0);
    expect(container.querySelectorAll('[onerror], [onload], [href^="javascript:"]')).toHaveLength(0);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(
      expect.arrayContaining(['one', 'two']),
    );
  });

  it('leaves out the next step when the post has none', () => {
    renderPost({ next: null });
    expect(screen.queryByRole('link', { name: /Ask for a speed check/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /All articles/ })).toBeInTheDocument();
  });
});
