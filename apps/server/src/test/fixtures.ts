import type { MessageKind } from '@agency/shared';

/** One valid body per message kind, as the site's forms send them. */
export const VALID_SUBMISSIONS: Record<MessageKind, Record<string, unknown>> = {
  web_dev: {
    surname: 'Adeyemi',
    firstname: 'Tolu',
    email: 'tolu@example.ng',
    phone: '08012345678',
    trainingType: 'Web Design & Development',
    schedule: 'Weekend',
    occupation: 'Student',
    state: 'Lagos',
    referral: 'Friend/Family',
  },
  creative_design: {
    surname: 'Okafor',
    firstname: 'Ada',
    email: 'ada@example.ng',
    phone: '08123456789',
    trainingType: 'Creative Graphic Design',
    schedule: 'Weekday',
    occupation: 'Freelance',
    state: 'Enugu',
    referral: 'Social Media',
  },
  contact: {
    name: 'Bola Ahmed',
    email: 'bola@example.ng',
    phone: '+234 803 000 0000',
    message: 'Please call me about a new website for my bakery in Ikeja.',
  },
  request_quote: {
    name: 'Chidi Eze',
    email: 'chidi@example.ng',
    phone: '08099999999',
    location: 'Ogun',
    projectDescription: 'An online store for lubricants with delivery across Ogun and Lagos.',
    services: ['Web development', 'SEO'],
  },
};
