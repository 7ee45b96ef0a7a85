import { REPLY_PROMISES, replyPromiseSentence } from '@agency/shared';
import { BRAND, FULL_ADDRESS } from './brand';

export const CONTACT = {
  title: 'Contact Us',
  metaDescription: `Call, WhatsApp, e-mail or visit Rendezvous Digital at ${FULL_ADDRESS}. Send us a message and ${REPLY_PROMISES.contact}.`,
  heading: 'Contact Us',
  intro: `Have a project in mind, a question about our training, or a website that needs rescuing? Send us a message, call, or drop by the studio. ${replyPromiseSentence(REPLY_PROMISES.contact)}`,
  illustration: {
    src: '/images/illustrations/contact.svg',
    width: 480,
    height: 360,
    alt: 'A phone showing a chat, beside an envelope, a phone call and a clock',
  },
  formHeading: 'Send us a message',
  detailsHeading: 'Reach us directly',
  phoneLabel: 'Phone',
  whatsappLabel: 'WhatsApp',
  whatsappLinkText: 'Chat with us on WhatsApp',
  emailLabel: 'E-mail',
  addressLabel: 'Visit us',
  hoursLabel: 'Opening hours',
  map: {
    heading: 'Find us',
    note: 'The map is provided by Google. It loads only when you ask for it.',
    button: 'Show map',
    iframeTitle: `Map showing ${BRAND.name} at ${FULL_ADDRESS}`,
    embedUrl: `https://www.google.com/maps?q=${encodeURIComponent(FULL_ADDRESS)}&output=embed`,
    directionsLabel: 'Open in Google Maps',
    directionsUrl: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(FULL_ADDRESS)}`,
  },
} as const;

export const REQUEST_QUOTE = {
  title: 'Request a Quote',
  metaDescription:
    'Tell us about your website, app, design or marketing project and get a clear quote in naira from Rendezvous Digital, Lagos, within one working day.',
  heading: 'Request a Quote',
  intro:
    'Tell us what you want to build. The more you share about your goals, timeline and budget, the more precise our quote will be.',
  illustration: {
    src: '/images/illustrations/quote.svg',
    width: 480,
    height: 360,
    alt: 'A written proposal with ticked items and a price in naira, beside a calendar and a clock',
  },
  nextStepsHeading: 'What happens next',
  nextSteps: [
    replyPromiseSentence(REPLY_PROMISES.quote),
    'We book a short call to understand your business and answer questions.',
    'You receive a written proposal with scope, timeline and a fixed price in naira.',
  ],
} as const;

export const NOT_FOUND = {
  title: 'Page not found',
  metaDescription: 'The page you were looking for could not be found on the Rendezvous Digital website.',
  heading: 'We could not find that page',
  text: 'The link may be old or mistyped. Here are some places to start instead:',
  homeLabel: 'Go to the home page',
} as const;

export const PORTFOLIO_PAGE = {
  title: 'Portfolio',
  metaDescription:
    'Websites, online stores and brands we have built for clients in Lagos, Ogun, the UK and the US. See the Rendezvous Digital portfolio.',
  heading: 'Our Portfolio',
  intro:
    'A selection of projects for clients in Nigeria, the United Kingdom and the United States: a laundromat, a lubricant maker, an online store, a church, a charity and more. Open a project to see the challenges we solved.',
  viewProject: 'View Project',
} as const;

export const CASE_PAGE = {
  infoHeading: 'Project information',
  clientLabel: 'Client',
  categoryLabel: 'Category',
  dateLabel: 'Date',
  locationLabel: 'Location',
  challengesHeading: 'Challenges and solutions',
  challengeLabel: 'Challenge',
  solutionLabel: 'Solution',
  resultsHeading: 'Final Results',
  visitWebsite: 'Visit website',
  backToPortfolio: 'Back to the portfolio',
} as const;
