import { PATHS } from '@agency/shared';
import { BRAND } from './brand';
import type { ServiceIcon } from './services';

export const HOME = {
  metaTitle: `${BRAND.name}: web, app, design and marketing agency in Lagos`,
  metaDescription:
    'Rendezvous Digital is a Lagos digital agency: websites, mobile apps, e-commerce, branding and digital marketing for Nigerian businesses, plus hands-on tech training.',
  hero: {
    heading: 'Your trusted Digital Partner',
    tagline: BRAND.tagline,
    text: 'We build websites, apps and brands for businesses and individuals across Nigeria, and we stay with you long after launch.',
    learnMore: { label: 'Learn More', to: PATHS.about },
    quote: { label: 'Request a Quote', to: PATHS.requestQuote },
    illustration: { src: '/images/illustrations/hero.svg', width: 560, height: 440, alt: '' },
  },
  banner: 'digital solutions that help businesses and individuals',
  about: {
    heading: 'Who we are',
    lead: 'Whether you are launching a small business in Surulere or scaling a company across West Africa, we can help you bring your vision to life.',
    text: 'We are a team of designers, developers and marketers based in Ogba, Lagos. We listen first, then plan, design and build digital products that solve real problems for your customers.',
    availability: {
      heading: 'We are always available',
      text: 'Our customer service and support team answers your calls and messages while we build your project and long after it goes live.',
    },
    learnMore: { label: 'Learn More', to: PATHS.about },
  },
  process: {
    heading: 'How we work',
    intro: 'No jargon and no surprises. Every project follows four clear steps, and you see progress at each one.',
    steps: [
      { title: 'Listen', text: 'A free call or visit to understand your business, your customers and your budget.' },
      { title: 'Plan', text: 'A written proposal with scope, timeline and a fixed quote in naira, paid in stages.' },
      {
        title: 'Build',
        text: 'Design and development in weekly rounds, with a preview link you can open on your phone.',
      },
      { title: 'Launch and grow', text: 'We go live, train your team, and keep improving with support and marketing.' },
    ],
  },
  industries: {
    heading: 'Industries we serve',
    intro: 'We have built for organisations of every size. A few of the sectors we know well:',
    items: [
      { title: 'Retail and e-commerce', text: 'Online stores, marketplaces and delivery integrations.' },
      { title: 'Churches and charities', text: 'Donation pages, event calendars and sermon archives.' },
      { title: 'Logistics and transport', text: 'Booking, tracking and fleet dashboards.' },
      { title: 'Schools and training', text: 'Admissions portals and course registration.' },
      { title: 'Professional services', text: 'Lead-generating sites for firms and consultants.' },
      { title: 'Hospitality and lifestyle', text: 'Bookings, menus and memorable brands.' },
    ],
  },
  services: {
    heading: 'Our Services',
    intro: 'We offer a wide range of services to help you achieve your goals.',
    learnMore: 'Learn More',
  },
  portfolio: {
    heading: 'Portfolio',
    subtext: 'Check out some of our recent projects',
    viewProject: 'View Project',
  },
  testimonials: {
    heading: 'What Our Clients Say',
  },
} as const;

/** The four cards of the home page's Our Services section (spec 2). */
export const HOME_SERVICE_CARDS: { title: string; to: string; icon: ServiceIcon; text: string }[] = [
  {
    title: 'Web Design & Development',
    to: PATHS.webDevelopment,
    icon: 'code',
    text: 'Websites and web apps that load fast on mobile data, rank on Google and are easy for your team to update.',
  },
  {
    title: 'Creative Design',
    to: PATHS.creativeDesign,
    icon: 'pen',
    text: 'Logos, brand identities, flyers and social media designs that make your business look as good as it is.',
  },
  {
    title: 'Digital Marketing',
    to: PATHS.digitalMarketing,
    icon: 'megaphone',
    text: 'SEO, social media and paid campaigns that bring real enquiries, reported in plain numbers every month.',
  },
  {
    title: 'Training',
    to: PATHS.training,
    icon: 'cap',
    text: 'Practical courses in web development and graphic design, taught in small classes in Ogba, Lagos.',
  },
];
