import { PortfolioCarousel } from '@/components/carousels/portfolio-carousel';
import { TestimonialsCarousel } from '@/components/carousels/testimonials-carousel';
import { ServiceIcon } from '@/components/icons/service-icon';
import { CallToAction } from '@/components/sections/call-to-action';
import { TitledSection } from '@/components/sections/titled-section';
import { PageHead } from '@/components/seo/page-head';
import { Link } from '@/components/ui/link';
import { popInClassName, usePopIn } from '@/components/ui/use-pop-in';
import { HOME, HOME_SERVICE_CARDS } from '@/content/home';
import { QUICK_CONTACT } from '@/content/quick-contact';
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
    <TitledSection id="process" heading={process.heading} intro={process.intro} tint>
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
    </TitledSection>
  );
}

function Industries() {
  const { industries } = HOME;
  return (
    <TitledSection id="industries" heading={industries.heading} intro={industries.intro}>
      <ul className="grid grid--3 industries">
        {industries.items.map((item) => (
          <li key={item.title} className="industries__item">
            <h3>{item.title}</h3>
            <p>{item.text}</p>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}

function OurServices() {
  return (
    <TitledSection id="services" heading={HOME.services.heading} intro={HOME.services.intro} tint>
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
    </TitledSection>
  );
}

function Portfolio() {
  return (
    <TitledSection id="portfolio" heading={HOME.portfolio.heading} intro={HOME.portfolio.subtext}>
      <PortfolioCarousel label="Recent projects" />
    </TitledSection>
  );
}

function Testimonials() {
  return (
    <TitledSection id="testimonials" heading={HOME.testimonials.heading} tint>
      <TestimonialsCarousel label="Client testimonials" />
    </TitledSection>
  );
}

export default function HomePage() {
  return (
    <>
      <PageHead title={HOME.metaTitle} fullTitle description={HOME.metaDescription} pageName={QUICK_CONTACT.homeName} />
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
