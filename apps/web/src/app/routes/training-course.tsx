import { TrainingRegistrationForm } from '@/features/training-registration';
import { BRAND, telUrl, WHATSAPP_URL } from '@/content/brand';
import { PageHero } from '@/components/sections/page-hero';
import { PageHead } from '@/components/seo/page-head';
import { TRAINING_COURSES, type TrainingVariant } from '@/content/training';
import './pages.css';

/** The web and the creative graphic design training pages: about the course, its prices, and registration. */
export default function TrainingCoursePage({ variant }: { variant: TrainingVariant }) {
  const course = TRAINING_COURSES[variant];
  return (
    <>
      <PageHead title={course.title} description={course.metaDescription} />
      <PageHero
        eyebrow="Training"
        heading={course.title}
        intro={<p>{course.intro}</p>}
        illustration={course.illustration}
      >
        <a href="#register" className="btn btn--primary btn--large">
          Register now
        </a>
      </PageHero>
      <section className="section" aria-labelledby="about-training-heading">
        <div className="container split">
          <div>
            <h2 id="about-training-heading" className="section__heading section__heading--left">
              {course.aboutHeading}
            </h2>
            <p>{course.aboutText}</p>
            <h3>What you will be able to do</h3>
            <ul className="checklist">
              {course.outcomes.map((outcome) => (
                <li key={outcome}>{outcome}</li>
              ))}
            </ul>
          </div>
          <div>
            <h3>{course.technologiesHeading}</h3>
            <ul className="tech-list">
              {course.technologies.map((technology) => (
                <li key={technology}>{technology}</li>
              ))}
            </ul>
            {course.prices ? (
              <>
                <h3>Fees and duration</h3>
                <ul className="price-list">
                  {course.prices.map((price) => (
                    <li key={price.schedule} className="price-card">
                      <span className="price-card__schedule">{price.schedule}</span>
                      <span className="price-card__price">{price.price}</span>
                      <span className="price-card__duration">for {price.duration}</span>
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="note">
                {course.pricesNote} <a href={telUrl(BRAND.phones.office)}>{BRAND.phones.office.display}</a> ·{' '}
                <a href={WHATSAPP_URL} target="_blank" rel="noopener">
                  WhatsApp<span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </p>
            )}
          </div>
        </div>
      </section>
      <section id="register" className="section section--tint" aria-labelledby="register-heading">
        <div className="container form-container">
          <h2 id="register-heading" className="section__heading">
            {course.registrationHeading}
          </h2>
          <p className="section__intro">{course.registrationText}</p>
          <TrainingRegistrationForm variant={variant} />
        </div>
      </section>
    </>
  );
}
