import { CallToAction } from '@/components/sections/call-to-action';
import { PageHero } from '@/components/sections/page-hero';
import { WhyChooseUs } from '@/components/sections/why-choose-us';
import { PageHead } from '@/components/seo/page-head';
import { Link } from '@/components/ui/link';
import { CASE_STUDIES } from '@/content/case-studies';
import { PORTFOLIO_PAGE } from '@/content/contact';
import { PORTFOLIO_ITEMS } from '@/content/portfolio';
import './pages.css';

export default function PortfolioPage() {
  return (
    <>
      <PageHead title={PORTFOLIO_PAGE.title} description={PORTFOLIO_PAGE.metaDescription} />
      <PageHero eyebrow={PORTFOLIO_PAGE.title} heading={PORTFOLIO_PAGE.heading} intro={<p>{PORTFOLIO_PAGE.intro}</p>} />
      <section className="section" aria-label="Projects">
        <div className="container">
          <ul className="grid grid--3">
            {PORTFOLIO_ITEMS.map((item, index) => {
              const caseStudy = CASE_STUDIES.find((candidate) => candidate.mainPath === item.url);
              return (
                <li key={item.url} className="card project-card">
                  <img
                    src={item.img}
                    alt={item.alt}
                    width={600}
                    height={400}
                    loading={index < 3 ? 'eager' : 'lazy'}
                    decoding="async"
                  />
                  <div className="project-card__body">
                    {caseStudy && <p className="eyebrow">{caseStudy.category}</p>}
                    <h2 className="card__title">{item.title}</h2>
                    {caseStudy && <p className="project-card__location">{caseStudy.location}</p>}
                    <Link to={item.url} className="btn btn--secondary card__action">
                      {PORTFOLIO_PAGE.viewProject}
                      <span className="visually-hidden">: {item.title}</span>
                    </Link>
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      </section>
      <WhyChooseUs />
      <CallToAction />
    </>
  );
}
