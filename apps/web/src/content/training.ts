import { CONTENT_SEED, formatNaira, PATHS, type TrainingData } from '@agency/shared';
import { pageImageOf, type PageImage } from './case-studies';

/**
 * The two training courses' pages. Their text, fees, cohort and seats are content staff edit (docs/decisions/0043):
 * `toTrainingCourse` turns one published training into a TrainingCourse; TRAINING_COURSES are the seed's. The
 * overview page's own copy is below.
 */

export type TrainingVariant = 'web' | 'creative';

export interface TrainingPrice {
  schedule: 'Weekday' | 'Weekend';
  /** As the page shows it: N200,000. */
  price: string;
  feeNaira: number;
  duration: string;
}

export interface TrainingCourse {
  variant: TrainingVariant;
  path: string;
  title: string;
  metaDescription: string;
  summary: string;
  intro: string;
  aboutHeading: string;
  aboutText: string;
  technologiesHeading: string;
  technologies: string[];
  outcomes: string[];
  /** Absent when the course has no fees on the site: the page gives pricesNote and whom to call. */
  prices?: TrainingPrice[];
  pricesNote?: string;
  /** YYYY-MM-DD, when known. */
  nextCohortStart: string | null;
  seats: number | null;
  registrationHeading: string;
  registrationText: string;
  illustration: PageImage;
}

/** Each course's page; its registration form knows the course by the same name. */
const TRAINING_PATHS: Record<TrainingVariant, string> = { web: PATHS.webTraining, creative: PATHS.creativeTraining };

/** One published training as its page draws it, fees written from whole naira. */
export function toTrainingCourse(variant: TrainingVariant, data: TrainingData): TrainingCourse {
  return {
    variant,
    path: TRAINING_PATHS[variant],
    title: data.title,
    metaDescription: data.metaDescription,
    summary: data.summary,
    intro: data.intro,
    aboutHeading: data.aboutHeading,
    aboutText: data.aboutText,
    technologiesHeading: data.technologiesHeading,
    technologies: [...data.technologies],
    outcomes: [...data.outcomes],
    ...(data.prices.length > 0 && {
      prices: data.prices.map((price) => ({
        schedule: price.schedule,
        price: formatNaira(price.feeNaira),
        feeNaira: price.feeNaira,
        duration: price.duration,
      })),
    }),
    ...(data.pricesNote && { pricesNote: data.pricesNote }),
    nextCohortStart: data.nextCohortStart,
    seats: data.seats,
    registrationHeading: data.registrationHeading,
    registrationText: data.registrationText,
    illustration: pageImageOf(data.illustration),
  };
}

function seedTrainingCourses(): Record<TrainingVariant, TrainingCourse> {
  const course = (variant: TrainingVariant) => {
    const item = CONTENT_SEED.training.find((training) => training.slug === variant);
    if (!item) throw new Error(`The content seed has no "${variant}" training.`);
    return toTrainingCourse(variant, item.data);
  };
  return { web: course('web'), creative: course('creative') };
}

/** The seed's two courses. */
export const TRAINING_COURSES: Record<TrainingVariant, TrainingCourse> = /* @__PURE__ */ seedTrainingCourses();

export const TRAINING_OVERVIEW = {
  title: 'Training',
  metaTitle: 'Tech Training in Lagos: Web Development and Graphic Design',
  metaDescription:
    'Hands-on web development and creative graphic design courses in Ogba, Lagos. Small classes, weekday and weekend schedules, real projects.',
  intro:
    'Learn a skill that pays. Our courses are taught by the same designers and developers who build for our clients, in small classes at our Ogba studio, on weekdays or weekends.',
  learnMore: 'Learn More',
  highlights: [
    { title: 'Small classes', text: 'At most twelve students, so nobody gets left behind.' },
    { title: 'Real projects', text: 'You build work for your portfolio from the first week.' },
    { title: 'Flexible schedules', text: 'Weekday or weekend classes to fit around work or school.' },
  ],
} as const;
