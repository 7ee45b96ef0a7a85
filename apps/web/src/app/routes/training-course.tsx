import { TrainingRegistrationForm } from '@/features/training-registration';
import { BRAND, telUrl, WHATSAPP_URL } from '@/content/brand';
import { ServerRenderedIsland } from '@/components/content/server-rendered-island';
import { useSiteContentIfBundled } from '@/components/content/site-content';
import { PageHeroContent } from '@/components/sections/page-hero';
import { PageHead } from '@/components/seo/page-head';
import type { TrainingCourse, TrainingVariant } from '@/content/training';
import { formatLongDate } from '@/lib/format-date';
import './pages.css';

/** The next cohort's start and seats, when staff have set them (the seed has neither, 0043). */
function NextCohort({ start, seats }: { start: string | null; seats: number | null }) {
  if (start === null && seats === null) return null;
  const seatsText = seats === null ? '' : seats === 0 ? 'This cohort is full.' : `${seats} seats.`;
  return (
    <>
      <h3>Next cohort</h3>
      <p>
        {start !== null && (
          <>
            Starts <time dateTime={start}>{formatLongDate(start)}</time>.{' '}
          </>
        )}
        {seatsText}
      </p>
    </>
  );
}

/** About the course: what it teaches, its fees or whom to ask for them, and its next cohort. */
function AboutCourse({ course }: { course: TrainingCourse }) {
  return (
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
        <NextCohort start={course.nextCohortStart} seats={course.seats} />
      </div>
    </div>
  );
}

/**
 * The web and the creative graphic design training pages: about the course, its prices, and registration. The
 * course is the site's content: in the browser, hydrating the server's page, its parts are kept as the server drew
 * them (the browser's bundle does not hold them) and only the registration form comes to life. Both courses are
 * always published (0043: fixed items, edited, never created or deleted).
 */
export default function TrainingCoursePage({ variant }: { variant: TrainingVariant }) {
  const course = useSiteContentIfBundled()?.trainings[variant];
  return (
    <>
      {/* The title is the server's when the course is not in the bundle: the document's head already shows it. */}
      <PageHead title={course?.title ?? ''} description={course?.metaDescription ?? ''} />
      <ServerRenderedIsland as="section" className="page-hero">
        {course && (
          <PageHeroContent
            eyebrow="Training"
            heading={course.title}
            intro={<p>{course.intro}</p>}
            illustration={course.illustration}
          >
            <a href="#register" className="btn btn--primary btn--large">
              Register now
            </a>
          </PageHeroContent>
        )}
      </ServerRenderedIsland>
      <ServerRenderedIsland as="section" className="section" aria-labelledby="about-training-heading">
        {course && <AboutCourse course={course} />}
      </ServerRenderedIsland>
      <section id="register" className="section section--tint" aria-labelledby="register-heading">
        <div className="container form-container">
          <ServerRenderedIsland as="h2" id="register-heading" className="section__heading">
            {course?.registrationHeading}
          </ServerRenderedIsland>
          <ServerRenderedIsland as="p" className="section__intro">
            {course?.registrationText}
          </ServerRenderedIsland>
          <TrainingRegistrationForm variant={variant} />
        </div>
      </section>
    </>
  );
}
