import { CallToAction } from '@/components/sections/call-to-action';
import { PageHero } from '@/components/sections/page-hero';
import { WhyChooseUs } from '@/components/sections/why-choose-us';
import { PageHead } from '@/components/seo/page-head';
import { Link } from '@/components/ui/link';
import { useSiteContent } from '@/components/content/site-content';
import { TRAINING_OVERVIEW } from '@/content/training';
import './pages.css';

export default function TrainingPage() {
  const { trainings } = useSiteContent();
  return (
    <>
      <PageHead title={TRAINING_OVERVIEW.metaTitle} description={TRAINING_OVERVIEW.metaDescription} />
      <PageHero
        eyebrow="Paid training"
        heading={TRAINING_OVERVIEW.title}
        intro={<p>{TRAINING_OVERVIEW.intro}</p>}
        illustration={{ src: '/images/illustrations/training.svg', width: 480, height: 360, alt: '' }}
      />
      <section className="section" aria-label="Courses">
        <div className="container">
          <ul className="grid grid--2">
            {Object.values(trainings).map((course) => (
              <li key={course.variant} className="card course-card">
                <img
                  src={course.illustration.src}
                  width={course.illustration.width}
                  height={course.illustration.height}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  className="course-card__art"
                />
                <h2 className="card__title">{course.title}</h2>
                <p>{course.summary}</p>
                <p className="tag-list">
                  <span className="visually-hidden">Technologies: </span>
                  {course.technologies.join(' · ')}
                </p>
                <Link to={course.path} className="btn btn--primary card__action">
                  {TRAINING_OVERVIEW.learnMore}
                  <span className="visually-hidden"> about the {course.title}</span>
                </Link>
              </li>
            ))}
          </ul>
          <ul className="grid grid--3 highlights">
            {TRAINING_OVERVIEW.highlights.map((item) => (
              <li key={item.title}>
                <h2 className="highlights__title">{item.title}</h2>
                <p>{item.text}</p>
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
