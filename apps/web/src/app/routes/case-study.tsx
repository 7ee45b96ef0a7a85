import { PATHS } from '@agency/shared';
import { CallToAction } from '@/components/sections/call-to-action';
import { PageHead } from '@/components/seo/page-head';
import { ContentImage } from '@/components/ui/content-image';
import { Link } from '@/components/ui/link';
import { useSiteContent } from '@/components/content/site-content';
import { caseStudyOgImage } from '@/content/case-studies';
import { CASE_PAGE } from '@/content/contact';
import NotFoundPage from './not-found';
import './pages.css';

/** The template of the case pages; the route table passes the slug. */
export default function CaseStudyPage({ slug }: { slug: string }) {
  const caseStudy = useSiteContent().caseStudies.find((candidate) => candidate.slug === slug);
  if (!caseStudy) return <NotFoundPage />;

  const facts = [
    [CASE_PAGE.clientLabel, caseStudy.client],
    [CASE_PAGE.categoryLabel, caseStudy.category],
    [CASE_PAGE.dateLabel, caseStudy.date],
    [CASE_PAGE.locationLabel, caseStudy.location],
  ] as const;

  return (
    <>
      <PageHead
        title={caseStudy.title}
        description={caseStudy.metaDescription}
        ogImagePath={caseStudyOgImage(caseStudy)}
      />
      <section className="page-hero page-hero--case">
        <div className="container">
          <p className="eyebrow eyebrow--light">
            <Link to={PATHS.portfolio} className="page-hero__back">
              {CASE_PAGE.backToPortfolio}
            </Link>
          </p>
          <h1>{caseStudy.title}</h1>
          <p className="page-hero__intro">{caseStudy.summary}</p>
        </div>
      </section>
      <section className="section" aria-labelledby="case-info-heading">
        <div className="container case-layout">
          {/* An upload is drawn from its AVIF and WebP variants at the width the screen needs; the site's own
              drawings stay one file. The page's largest picture: loaded first. */}
          <ContentImage
            image={caseStudy.mockup}
            className="case-mockup"
            sizes="(min-width: 1024px) 760px, calc(100vw - 2rem)"
            priority
          />
          <aside className="card case-info">
            <h2 id="case-info-heading" className="card__title">
              {CASE_PAGE.infoHeading}
            </h2>
            <dl>
              {facts.map(([label, value]) => (
                <div key={label} className="case-info__row">
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
            <a href={caseStudy.websiteUrl} className="btn btn--primary" target="_blank" rel="noopener">
              {caseStudy.websiteLabel || CASE_PAGE.visitWebsite}
              <span className="visually-hidden"> of {caseStudy.client} (opens in a new tab)</span>
            </a>
          </aside>
        </div>
      </section>
      <section className="section section--tint" aria-labelledby="challenges-heading">
        <div className="container">
          <h2 id="challenges-heading" className="section__heading">
            {CASE_PAGE.challengesHeading}
          </h2>
          <ul className="grid grid--3">
            {caseStudy.challenges.map((item) => (
              <li key={item.challenge} className="card challenge-card">
                <h3 className="challenge-card__label">{CASE_PAGE.challengeLabel}</h3>
                <p>{item.challenge}</p>
                <h3 className="challenge-card__label challenge-card__label--solution">{CASE_PAGE.solutionLabel}</h3>
                <p>{item.solution}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="section" aria-labelledby="results-heading">
        <div className="container results">
          <h2 id="results-heading" className="section__heading">
            {CASE_PAGE.resultsHeading}
          </h2>
          <ul className="checklist checklist--large">
            {caseStudy.finalResults.map((result) => (
              <li key={result}>{result}</li>
            ))}
          </ul>
          <a href={caseStudy.websiteUrl} className="btn btn--primary btn--large" target="_blank" rel="noopener">
            {caseStudy.websiteLabel || CASE_PAGE.visitWebsite}
            <span className="visually-hidden"> of {caseStudy.client} (opens in a new tab)</span>
          </a>
        </div>
      </section>
      <CallToAction />
    </>
  );
}
