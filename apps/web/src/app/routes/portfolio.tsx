import { CallToAction } from '@/components/sections/call-to-action';
import { PageHero } from '@/components/sections/page-hero';
import { WhyChooseUs } from '@/components/sections/why-choose-us';
import { PageHead } from '@/components/seo/page-head';
import { Link } from '@/components/ui/link';
import { useSiteContent } from '@/components/content/site-content';
import { PORTFOLIO_PAGE } from '@/content/contact';
import './pages.css';

export default function PortfolioPage() {
  const { portfolio, caseStudies } = useSiteContent();
  return (
    <>
      <PageHead title={PORTFOLIO_PAGE.title} description={PORTFOLIO_PAGE.metaDescription} />
      <PageHero eyebrow={PORTFOLIO_PAGE.title} heading={PORTFOLIO_PAGE.heading} intro={<p>{PORTFOLIO_PAGE.intro}</p>} />
      <section className="section" aria-label="Projects">
        <div className="container">
          <ul className="grid grid--3">
            {portfolio.map((item, index) => {
              const caseStudy = caseStudies.find((candidate) => candidate.mainPath === item.url);
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
