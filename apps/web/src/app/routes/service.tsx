import { PATHS } from '@agency/shared';
import { CallToAction } from '@/components/sections/call-to-action';
import { PageHero } from '@/components/sections/page-hero';
import { WhyChooseUs } from '@/components/sections/why-choose-us';
import { PageHead } from '@/components/seo/page-head';
import { Link } from '@/components/ui/link';
import { CONTACT_US_LABEL, SERVICE_PAGES, type ServicePage as ServicePageContent } from '@/content/services';
import './pages.css';

/** One module for the five service pages; the route table passes which one. */
export default function ServicePage({ serviceId }: { serviceId: ServicePageContent['id'] }) {
  const service = SERVICE_PAGES[serviceId];
  const columns = service.cards.length === 4 ? 'grid--4' : 'grid--2';
  return (
    <>
      <PageHead title={service.title} description={service.metaDescription} />
      <PageHero
        eyebrow={service.eyebrow}
        heading={service.title}
        intro={<p>{service.intro}</p>}
        illustration={service.illustration}
      />
      <section className="section" aria-labelledby="service-cards-heading">
        <div className="container">
          <h2 id="service-cards-heading" className="section__heading">
            {service.cardsHeading}
          </h2>
          <ul className={`grid ${columns}`}>
            {service.cards.map((card) => (
              <li key={card.title} className="card offer-card">
                <h3 className="card__title">{card.title}</h3>
                <p>{card.text}</p>
                <ul className="checklist">
                  {card.points.map((point) => (
                    <li key={point}>{point}</li>
                  ))}
                </ul>
                {card.contactButton && (
                  <Link to={PATHS.contact} className="btn btn--primary card__action">
                    {CONTACT_US_LABEL}
                    <span className="visually-hidden"> about {card.title}</span>
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </div>
      </section>
      {service.closing && (
        <section className="section section--tint" aria-labelledby="service-closing-heading">
          <div className="container closing">
            <h2 id="service-closing-heading" className="section__heading">
              {service.closing.heading}
            </h2>
            <p className="section__intro">{service.closing.text}</p>
            <Link to={PATHS.requestQuote} className="btn btn--primary btn--large">
              Request a Quote
            </Link>
          </div>
        </section>
      )}
      <WhyChooseUs />
      <CallToAction />
    </>
  );
}
