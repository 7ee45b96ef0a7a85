import { CallToAction } from '@/components/sections/call-to-action';
import { PageHero } from '@/components/sections/page-hero';
import { PageHead } from '@/components/seo/page-head';
import { BLOG } from '@/content/blog';
import './pages.css';

const formatDate = (isoDate: string) =>
  new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Africa/Lagos' }).format(
    new Date(`${isoDate}T12:00:00+01:00`),
  );

export default function BlogPage() {
  return (
    <>
      <PageHead title={BLOG.title} description={BLOG.metaDescription} />
      <PageHero eyebrow="Insights" heading={BLOG.title} intro={<p>{BLOG.intro}</p>} />
      <section className="section" aria-label="Latest posts">
        <div className="container">
          <ul className="post-list">
            {BLOG.posts.map((post) => (
              <li key={post.title}>
                <article className="card post-card">
                  <p className="eyebrow">{post.category}</p>
                  <h2 className="card__title">{post.title}</h2>
                  <p className="post-card__meta">
                    <time dateTime={post.date}>{formatDate(post.date)}</time> · {post.readingMinutes} min read
                  </p>
                  <p>{post.excerpt}</p>
                </article>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <CallToAction />
    </>
  );
}
