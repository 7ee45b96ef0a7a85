import { ServiceIcon } from '@/components/icons/service-icon';
import { CallToAction } from '@/components/sections/call-to-action';
import { PageHero } from '@/components/sections/page-hero';
import { WhyChooseUs } from '@/components/sections/why-choose-us';
import { PageHead } from '@/components/seo/page-head';
import { Link } from '@/components/ui/link';
import { LEARN_MORE_LABEL, SERVICES_OVERVIEW } from '@/content/services';
import './pages.css';

export default function ServicesPage() {
  return (
    <>
      <PageHead title={SERVICES_OVERVIEW.title} description={SERVICES_OVERVIEW.metaDescription} />
      <PageHero
        eyebrow="What we do"
        heading={SERVICES_OVERVIEW.title}
        intro={<p>{SERVICES_OVERVIEW.intro}</p>}
        illustration={{ src: '/images/illustrations/services.svg', width: 480, height: 360, alt: '' }}
      />
      <section className="section" aria-label="All services">
        <div className="container">
          <ul className="grid grid--3">
            {SERVICES_OVERVIEW.items.map((item) => (
              <li key={item.to} className="card service-card">
                <ServiceIcon name={item.icon} />
                <h2 className="card__title">{item.title}</h2>
                <p>{item.text}</p>
                <Link to={item.to} className="btn btn--secondary card__action">
                  {LEARN_MORE_LABEL}
                  <span className="visually-hidden"> about {item.title}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <WhyChooseUs />
      <CallToAction />
    </>
  );
}
