import { PATHS, REPLY_PROMISES } from '@agency/shared';
import { BRAND } from './brand';

export type TrainingVariant = 'web' | 'creative';

export interface TrainingPrice {
  schedule: 'Weekday' | 'Weekend';
  price: string;
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
  /** The spec shows prices for the creative course only. */
  prices?: TrainingPrice[];
  pricesNote?: string;
  registrationHeading: string;
  registrationText: string;
  illustration: { src: string; width: number; height: number; alt: string };
}

export const TRAINING_COURSES: Record<TrainingVariant, TrainingCourse> = {
  web: {
    variant: 'web',
    path: PATHS.webTraining,
    title: 'Web Design & Development Training',
    metaDescription:
      'Learn HTML5, CSS3, JavaScript, React, PHP and MySQL in small hands-on classes in Ogba, Lagos. Register for web design and development training.',
    summary:
      'Go from your first line of HTML to a live website with a database behind it. Weekday and weekend classes.',
    intro:
      'A practical course for beginners and career changers. You build real projects in class, from a personal portfolio to a working online store, and leave with a GitHub profile employers can see.',
    aboutHeading: 'About the training',
    aboutText:
      'Classes are small, so every student gets attention. Each week mixes short lessons with guided practice, and you finish with a capstone project reviewed by our developers.',
    technologiesHeading: 'Technologies you will learn',
    technologies: ['HTML5', 'CSS3', 'Bootstrap', 'WordPress', 'JavaScript', 'React', 'PHP', 'MySQL', 'git'],
    outcomes: [
      'Build responsive websites from scratch',
      'Set up and customise WordPress sites for clients',
      'Create interactive interfaces with JavaScript and React',
      'Store and query data with PHP and MySQL',
      'Work like a professional team with git',
    ],
    pricesNote: `Call or WhatsApp us for the current fees and the next start date, or write to ${BRAND.emails.training}.`,
    registrationHeading: 'Register for the web training',
    registrationText: `Fill in the form and ${REPLY_PROMISES.training}.`,
    illustration: {
      src: '/images/illustrations/training-web.svg',
      width: 480,
      height: 360,
      alt: 'A laptop showing code beside a stack of course books',
    },
  },
  creative: {
    variant: 'creative',
    path: PATHS.creativeTraining,
    title: 'Creative Graphic Design Training',
    metaDescription:
      'Learn Photoshop, Illustrator, InDesign and CorelDraw in Ogba, Lagos. Weekday N200,000 for 8 weeks or weekend N100,000 for 10 weeks. Register today.',
    summary:
      'Master the tools the industry uses and build a portfolio of logos, flyers and brand work. Weekday and weekend classes.',
    intro:
      'Whether you want to design for clients, for your own business or for an agency, this course gives you the skills and the portfolio to start earning from design.',
    aboutHeading: 'About the training',
    aboutText:
      'Every class is taught on real briefs: a logo for a bakery, a church programme, a product flyer. You learn the tools, the principles behind good design, and how to present work to a client.',
    technologiesHeading: 'Software you will learn',
    technologies: ['Photoshop', 'Illustrator', 'InDesign', 'CorelDraw'],
    outcomes: [
      'Edit and retouch photos professionally',
      'Design logos and brand identities',
      'Lay out flyers, brochures and magazines for print',
      'Prepare files that printers accept the first time',
    ],
    prices: [
      { schedule: 'Weekday', price: 'N200,000', duration: '8 weeks' },
      { schedule: 'Weekend', price: 'N100,000', duration: '10 weeks' },
    ],
    registrationHeading: 'Register for the graphic design training',
    registrationText: `Fill in the form and ${REPLY_PROMISES.training}.`,
    illustration: {
      src: '/images/illustrations/training-creative.svg',
      width: 480,
      height: 360,
      alt: 'A drawing tablet with a pen and colour palette',
    },
  },
};

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
