import { PATHS } from '@agency/shared';

export const ABOUT = {
  title: 'About Us',
  metaDescription:
    'Rendezvous Digital is a digital agency in Ogba, Lagos. Meet the team that designs, builds and markets websites, apps and brands for Nigerian businesses.',
  heading: 'About Rendezvous Digital',
  intro: [
    'Rendezvous Digital started with a simple idea: Nigerian businesses deserve websites and apps that work as well as any in the world, built by people who understand their customers.',
    'Today our team of designers, developers, marketers and trainers works from Ogba, Lagos with clients across Nigeria, the United Kingdom and the United States. We have built online stores, church websites, logistics dashboards, charity platforms and brands that people recognise on the street.',
    'We keep things simple: one point of contact, fixed quotes in naira, weekly progress you can see, and support that does not end on launch day.',
  ],
  requestQuote: { label: 'Request a Quote', to: PATHS.requestQuote },
  illustration: {
    src: '/images/illustrations/about.svg',
    width: 480,
    height: 360,
    alt: 'A small team around a table planning a website on a large screen',
  },
  cards: [
    {
      title: 'Our Mission',
      text: 'To help businesses and individuals across Nigeria grow with digital products that are fast, beautiful and easy to use, and to train the people who will build the next ones.',
    },
    {
      title: 'Our Vision',
      text: 'To be the digital partner African businesses think of first: the place where ideas, technology and talent meet, our rendezvous.',
    },
    {
      title: 'Our Core Values',
      text: 'Honesty in every quote. Craft in every pixel and line of code. Respect for our clients’ time and money. Generosity in sharing what we know.',
    },
  ],
} as const;
