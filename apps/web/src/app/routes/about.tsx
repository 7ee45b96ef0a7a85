import { CallToAction } from '@/components/sections/call-to-action';
import { PageHero } from '@/components/sections/page-hero';
import { WhyChooseUs } from '@/components/sections/why-choose-us';
import { PageHead } from '@/components/seo/page-head';
import { Link } from '@/components/ui/link';
import { ABOUT } from '@/content/about';
import './pages.css';

export default function AboutPage() {
  return (
    <>
      <PageHead title={ABOUT.title} description={ABOUT.metaDescription} />
      <PageHero
        eyebrow={ABOUT.title}
        heading={ABOUT.heading}
        intro={ABOUT.intro.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        illustration={ABOUT.illustration}
      >
        <Link to={ABOUT.requestQuote.to} className="btn btn--primary btn--large hide-on-mobile">
          {ABOUT.requestQuote.label}
        </Link>
      </PageHero>
      <CallToAction />
      <section className="section" aria-label="Mission, vision and values">
        <div className="container">
          <ul className="grid grid--3">
            {ABOUT.cards.map((card) => (
              <li key={card.title} className="card value-card">
                <h2 className="card__title">{card.title}</h2>
                <p>{card.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <WhyChooseUs />
    </>
  );
}
