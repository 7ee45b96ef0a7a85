import { PATHS } from '@agency/shared';
import { useSiteContent } from '@/components/content/site-content';
import { articleJsonLd } from '@/components/seo/json-ld';
import { PageHead } from '@/components/seo/page-head';
import { useRouteMeta } from '@/components/seo/route-meta';
import { ContentImage } from '@/components/ui/content-image';
import { Link } from '@/components/ui/link';
import { BLOG, findBlogPost } from '@/content/blog';
import { BLOG_LINK, HOME_LINK } from '@/content/navigation';
import { formatLongDate } from '@/lib/format-date';
import NotFoundPage from './not-found';
import './pages.css';
import './prose.css';

/**
 * The template of the blog's articles; the route table passes the slug. The post is the site's content: only the
 * server draws this page (the browser keeps its HTML), so the body's HTML comes from renderMarkdown there.
 */
export default function BlogPostPage({ slug }: { slug: string }) {
  const route = useRouteMeta();
  const post = findBlogPost(slug, useSiteContent().blogPosts);
  if (!post) return <NotFoundPage />;

  const { article } = post;
  const path = `${PATHS.blog}/${post.slug}`;
  const jsonLd = articleJsonLd({
    headline: post.title,
    description: article.metaDescription,
    path,
    datePublished: post.date,
    section: post.category,
    wordCount: article.wordCount,
    imagePath: `/og/${route.id}.png`,
  });

  return (
    <>
      <PageHead title={post.title} description={article.metaDescription} jsonLd={[jsonLd]} />
      <section className="page-hero page-hero--article">
        <div className="container">
          <nav aria-label="Breadcrumb" className="breadcrumbs">
            <ol>
              {[HOME_LINK, BLOG_LINK].map((crumb) => (
                <li key={crumb.to}>
                  <Link to={crumb.to}>{crumb.label}</Link>
                </li>
              ))}
            </ol>
          </nav>
          <h1 id="article-title">{post.title}</h1>
          {/* The byline on a line of its own: a line that only just fits would wrap in one font and not the
              other, so the page moved when Poppins arrived (issue 22, layout-shifts.mjs). */}
          <p className="article-meta">
            <time dateTime={post.date}>{formatLongDate(post.date)}</time> · {post.readingMinutes} min read{' '}
            <span className="article-meta__byline">{post.byline}</span>
          </p>
        </div>
      </section>
      <div className="section">
        <article className="container prose" aria-labelledby="article-title">
          {post.cover && (
            <ContentImage
              image={post.cover}
              className="article__cover"
              sizes="(min-width: 48rem) 46rem, calc(100vw - 2rem)"
              priority
            />
          )}
          {/* Safe to place as it is: renderMarkdown escapes raw HTML and keeps only safe links (0043). */}
          <div className="prose__body" dangerouslySetInnerHTML={{ __html: article.html }} />
          {article.next && (
            <div className="article__next">
              <p>{article.next.text}</p>
              <Link to={article.next.link.to} className="btn btn--primary">
                {article.next.link.label}
              </Link>
            </div>
          )}
          <Link to={BLOG_LINK.to} className="article__back">
            <span aria-hidden="true">←&nbsp;</span>
            {BLOG.allPostsLabel}
          </Link>
        </article>
      </div>
    </>
  );
}
