import type { TrainingData } from '../schemas';

/** The two trainings as the site showed them before issue 22 (neither had a cohort date or seats yet). */
export const TRAINING_SEED: { slug: 'web' | 'creative'; data: TrainingData }[] = [
  {
    slug: 'web',
    data: {
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
      prices: [],
      pricesNote:
        'Call or WhatsApp us for the current fees and the next start date, or write to training@rendezvousdigital.ng.',
      nextCohortStart: null,
      seats: null,
      registrationHeading: 'Register for the web training',
      registrationText: 'Fill in the form and we will call you within two working days to confirm your place.',
      illustration: {
        src: '/images/illustrations/training-web.svg',
        width: 480,
        height: 360,
        alt: 'A laptop showing code beside a stack of course books',
      },
    },
  },
  {
    slug: 'creative',
    data: {
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
        {
          schedule: 'Weekday',
          feeNaira: 200_000,
          duration: '8 weeks',
        },
        {
          schedule: 'Weekend',
          feeNaira: 100_000,
          duration: '10 weeks',
        },
      ],
      pricesNote: '',
      nextCohortStart: null,
      seats: null,
      registrationHeading: 'Register for the graphic design training',
      registrationText: 'Fill in the form and we will call you within two working days to confirm your place.',
      illustration: {
        src: '/images/illustrations/training-creative.svg',
        width: 480,
        height: 360,
        alt: 'A drawing tablet with a pen and colour palette',
      },
    },
  },
];
