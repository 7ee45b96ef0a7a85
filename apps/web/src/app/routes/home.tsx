import { Link } from 'react-router-dom';
import { PortfolioCarousel } from '@/components/carousels/portfolio-carousel';
import { TestimonialsCarousel } from '@/components/carousels/testimonials-carousel';
import { ServiceIcon } from '@/components/icons/service-icon';
import { CallToAction } from '@/components/sections/call-to-action';
import { businessJsonLd } from '@/components/seo/business-json-ld';
import { PageHead } from '@/components/seo/page-head';
import { popInClassName, usePopIn } from '@/components/ui/use-pop-in';
import { HOME, HOME_SERVICE_CARDS } from '@/content/home';
import './home.css';

function Hero() {
  const { hero } = HOME;
  return (
    <section className="hero">
      <div className="container hero__inner">
        <div className="hero__text">
          <h1>{hero.heading}</h1>
          <p className="hero__tagline">{hero.tagline}</p>
          <p className="hero__lead">{hero.text}</p>
          <div className="button-row">
            <Link to={hero.learnMore.to} className="btn btn--primary btn--large">
              {hero.learnMore.label}
              <span className="visually-hidden"> about us</span>
            </Link>
            <Link to={hero.quote.to} className="btn btn--ghost btn--large">
              {hero.quote.label}
            </Link>
          </div>
        </div>
        <img
          className="hero__art"
          src={hero.illustration.src}
          width={hero.illustration.width}
          height={hero.illustration.height}
          alt={hero.illustration.alt}
          fetchPriority="high"
        />
      </div>
    </section>
  );
}

/** The scrolling banner: the sentence repeats so the loop is seamless; only the first copy is read aloud. */
function ScrollingBanner() {
  return (
    <div className="marquee">
      <p className="visually-hidden">{HOME.banner}</p>
      <div className="marquee__track" aria-hidden="true">
        {Array.from({ length: 6 }, (_, index) => (
          <span key={index} className="marquee__item">
            {HOME.banner}
          </span>
        ))}
      </div>
    </div>
  );
}

function AboutBlurb() {
  const { about } = HOME;
  const [popInRef, popInState] = usePopIn<HTMLDivElement>();
  return (
    <section className="section" aria-labelledby="home-about-heading">
      <div ref={popInRef} className={`container about-blurb ${popInClassName(popInState)}`}>
        <div>
          <p className="eyebrow">{about.heading}</p>
          <h2 id="home-about-heading" className="about-blurb__lead">
            {about.lead}
          </h2>
          <p>{about.text}</p>
          <Link to={about.learnMore.to} className="btn btn--primary">
            {about.learnMore.label}
            <span className="visually-hidden"> about Rendezvous Digital</span>
          </Link>
        </div>
        <div className="about-blurb__card">
          <h3>{about.availability.heading}</h3>
          <p>{about.availability.text}</p>
        </div>
      </div>
    </section>
  );
}

function HowWeWork() {
  const { process } = HOME;
  return (
    <section className="section section--tint" aria-labelledby="process-heading">
      <div className="container">
        <h2 id="process-heading" className="section__heading">
          {process.heading}
        </h2>
        <p className="section__intro">{process.intro}</p>
        <ol className="grid grid--4 steps">
          {process.steps.map((step, index) => (
            <li key={step.title} className="steps__item">
              <span className="steps__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function Industries() {
  const { industries } = HOME;
  return (
    <section className="section" aria-labelledby="industries-heading">
      <div className="container">
        <h2 id="industries-heading" className="section__heading">
          {industries.heading}
        </h2>
        <p className="section__intro">{industries.intro}</p>
        <ul className="grid grid--3 industries">
          {industries.items.map((item) => (
            <li key={item.title} className="industries__item">
              <h3>{item.title}</h3>
              <p>{item.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function OurServices() {
  return (
    <section className="section section--tint" aria-labelledby="services-heading">
      <div className="container">
        <h2 id="services-heading" className="section__heading">
          {HOME.services.heading}
        </h2>
        <p className="section__intro">{HOME.services.intro}</p>
        <ul className="grid grid--4">
          {HOME_SERVICE_CARDS.map((card) => (
            <li key={card.title} className="card service-card">
              <ServiceIcon name={card.icon} />
              <h3>{card.title}</h3>
              <p>{card.text}</p>
              <Link to={card.to} className="btn btn--secondary card__action">
                {HOME.services.learnMore}
                <span className="visually-hidden"> about {card.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Portfolio() {
  return (
    <section className="section" aria-labelledby="portfolio-heading">
      <div className="container">
        <h2 id="portfolio-heading" className="section__heading">
          {HOME.portfolio.heading}
        </h2>
        <p className="section__intro">{HOME.portfolio.subtext}</p>
        <PortfolioCarousel label="Recent projects" />
      </div>
    </section>
  );
}

function Testimonials() {
  return (
    <section className="section section--tint" aria-labelledby="testimonials-heading">
      <div className="container">
        <h2 id="testimonials-heading" className="section__heading">
          {HOME.testimonials.heading}
        </h2>
        <TestimonialsCarousel label="Client testimonials" />
      </div>
    </section>
  );
}

export default function HomePage() {
  return (
    <>
      <PageHead title={HOME.metaTitle} fullTitle description={HOME.metaDescription} jsonLd={[businessJsonLd()]} />
      <Hero />
      <ScrollingBanner />
      <AboutBlurb />
      <HowWeWork />
      <Industries />
      <OurServices />
      <Portfolio />
      <Testimonials />
      <CallToAction />
    </>
  );
}
