import { blogPostPath, type BlogPostSlug } from '@agency/shared';
import { articleJsonLd } from '@/components/seo/json-ld';
import { PageHead } from '@/components/seo/page-head';
import { useRouteMeta } from '@/components/seo/route-meta';
import { Link } from '@/components/ui/link';
import { articleWordCount, BLOG_ARTICLES, type ArticleBlock } from '@/content/blog-articles';
import { BLOG, findBlogPost } from '@/content/blog';
import { BLOG_LINK, HOME_LINK } from '@/content/navigation';
import { formatLongDate } from '@/lib/format-date';
import NotFoundPage from './not-found';
import './pages.css';
import './prose.css';

function Block({ block }: { block: ArticleBlock }) {
  if (block.kind === 'heading') return <h2>{block.text}</h2>;
  if (block.kind === 'list') {
    return (
      <ul className="prose__list">
        {block.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    );
  }
  return <p>{block.text}</p>;
}

/** The template of the blog's articles; the route table passes the slug. */
export default function BlogPostPage({ slug }: { slug: BlogPostSlug }) {
  const route = useRouteMeta();
  const post = findBlogPost(slug);
  const article = BLOG_ARTICLES[slug];
  if (!post) return <NotFoundPage />;

  const path = blogPostPath(slug);
  const wordCount = articleWordCount(article);
  const jsonLd = articleJsonLd({
    headline: post.title,
    description: article.metaDescription,
    path,
    datePublished: post.date,
    section: post.category,
    wordCount,
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
          <p className="article-meta">
            <time dateTime={post.date}>{formatLongDate(post.date)}</time> · {post.readingMinutes} min read ·{' '}
            {BLOG.byline}
          </p>
        </div>
      </section>
      <div className="section">
        <article className="container prose" aria-labelledby="article-title">
          {article.body.map((block, index) => (
            <Block key={index} block={block} />
          ))}
          <div className="article__next">
            <p>{article.next.text}</p>
            <Link to={article.next.link.to} className="btn btn--primary">
              {article.next.link.label}
            </Link>
          </div>
          <Link to={BLOG_LINK.to} className="article__back">
            <span aria-hidden="true">←&nbsp;</span>
            {BLOG.allPostsLabel}
          </Link>
        </article>
      </div>
    </>
  );
}
