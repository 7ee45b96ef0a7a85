import type { BlogPostData, CaseStudyData, TestimonialData, TrainingData } from '@agency/shared';
import type { ContentSeed } from './content.service';

/** Valid data of each type, for the content tests: each passes its type's draft and publish schemas. */

export const blogPostData = (title = 'Why a fast site sells more'): BlogPostData => ({
  title,
  summary: 'Speed is the first thing a visitor notices.',
  metaDescription: 'How page speed turns visitors into customers.',
  body: 'Pages that load in a second keep visitors.\n\n## What to measure\n\n- Largest paint\n- Layout shift',
  cover: { src: '/images/blog/speed.webp', width: 1600, height: 900, alt: 'A stopwatch beside a laptop' },
  author: 'Rendezvous Digital',
  date: '2026-11-20',
  category: 'Web Development',
  next: { text: 'Want a faster site?', label: 'Request a quote', path: '/request-a-quote' },
});

export const caseStudyData = (title = 'A bakery that sells online'): CaseStudyData => ({
  title,
  client: 'Crumbs Bakery',
  services: 'Web Design & Development',
  date: 'March 2026',
  location: 'Lagos',
  summary: 'An online shop for a neighbourhood bakery.',
  metaDescription: 'How Crumbs Bakery started taking orders online.',
  mockup: { src: '/images/portfolio/crumbs.webp', width: 1200, height: 800, alt: 'The shop on a phone' },
  challenges: [{ challenge: 'Orders came by phone only.', solution: 'A simple shop with pay on delivery.' }],
  results: ['Twice the orders in a month'],
  websiteUrl: 'https://crumbs.example',
  websiteLabel: 'crumbs.example',
});

export const testimonialData = (name = 'Ngozi Okafor'): TestimonialData => ({
  quote: 'They rebuilt our site in three weeks and our enquiries doubled.',
  name,
  role: 'Founder, Okafor Foods',
  category: 'Web Development',
  consent: true,
});

export const trainingData = (title = 'Web Design & Development Training'): TrainingData => ({
  title,
  metaDescription: 'Learn to build websites in twelve weeks.',
  summary: 'Twelve weeks from HTML to a live site.',
  intro: 'A hands-on course for beginners.',
  aboutHeading: 'About the course',
  aboutText: 'Small classes, real projects.',
  technologiesHeading: 'What you will use',
  technologies: ['HTML', 'CSS', 'JavaScript'],
  outcomes: ['Build and publish a responsive site'],
  prices: [{ schedule: 'Weekday', feeNaira: 200_000, duration: '12 weeks' }],
  pricesNote: '',
  nextCohortStart: '2027-01-11',
  seats: 20,
  registrationHeading: 'Register for the next cohort',
  registrationText: 'Fill in the form and we will call you.',
  illustration: { src: '/images/training/web.svg', width: 600, height: 400, alt: 'A laptop with code' },
});

/** A small seed of every type, for the seeding tests. */
export const SMALL_SEED: ContentSeed = {
  case_study: [
    { slug: 'crumbs-bakery', data: caseStudyData() },
    { slug: 'okafor-foods', data: caseStudyData('Okafor Foods goes online') },
  ],
  blog_post: [{ slug: 'fast-sites-sell', data: blogPostData() }],
  testimonial: [{ slug: 'ngozi-okafor', data: testimonialData() }],
  training: [
    { slug: 'web', data: trainingData() },
    { slug: 'creative', data: trainingData('Creative Graphic Design Training') },
  ],
};

/** The usual XSS payloads, each put through every text field. */
export const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '[click](javascript:alert(1))',
  '"><script>alert(document.cookie)</script>',
  "'; DROP TABLE content_items; --",
  '<a href="https://evil.example" onclick="steal()">link</a>',
] as const;
