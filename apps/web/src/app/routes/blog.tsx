import { PATHS } from '@agency/shared';
import { CallToAction } from '@/components/sections/call-to-action';
import { PageHero } from '@/components/sections/page-hero';
import { PageHead } from '@/components/seo/page-head';
import { Link } from '@/components/ui/link';
import { useSiteContent } from '@/components/content/site-content';
import { BLOG } from '@/content/blog';
import { formatLongDate } from '@/lib/format-date';
import './pages.css';

export default function BlogPage() {
  const { blogPosts } = useSiteContent();
  return (
    <>
      <PageHead title={BLOG.title} description={BLOG.metaDescription} />
      <PageHero eyebrow="Insights" heading={BLOG.title} intro={<p>{BLOG.intro}</p>} illustration={BLOG.illustration} />
      <section className="section" aria-labelledby="blog-posts-heading">
        <div className="container post-list-container">
          <h2 id="blog-posts-heading" className="post-list__heading">
            {BLOG.postsHeading}
          </h2>
          <ul className="post-list">
            {blogPosts.map((post) => (
              <li key={post.slug}>
                <article className="card post-card">
                  <p className="eyebrow">{post.category}</p>
                  <h3 className="card__title post-card__title">
                    <Link to={`${PATHS.blog}/${post.slug}`} className="post-card__link">
                      {post.title}
                    </Link>
                  </h3>
                  <p className="post-card__meta">
                    <time dateTime={post.date}>{formatLongDate(post.date)}</time> · {post.readingMinutes} min read
                  </p>
                  <p>{post.excerpt}</p>
                  <p className="post-card__more" aria-hidden="true">
                    {BLOG.readLabel} →
                  </p>
                </article>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="section section--tint" aria-labelledby="blog-upcoming-heading">
        <div className="container post-list-container">
          <h2 id="blog-upcoming-heading" className="post-list__heading">
            {BLOG.upcomingHeading}
          </h2>
          <p>{BLOG.upcomingIntro}</p>
          <ul className="post-list">
            {BLOG.upcoming.map((post) => (
              <li key={post.title} className="card post-card post-card--upcoming">
                <p className="eyebrow">{post.category}</p>
                <h3 className="card__title">{post.title}</h3>
                <p>{post.excerpt}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <CallToAction />
    </>
  );
}
