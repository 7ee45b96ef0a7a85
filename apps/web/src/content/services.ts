import { PATHS } from '@agency/shared';

export interface Illustration {
  src: string;
  width: number;
  height: number;
  alt: string;
}

export interface ServiceCard {
  title: string;
  text: string;
  points: string[];
  /** Web and app pages put a Contact us button on each card (spec 1). */
  contactButton: boolean;
}

export interface ServicePage {
  id: 'webDevelopment' | 'mobileApps' | 'ecommerce' | 'digitalMarketing' | 'creativeDesign';
  path: string;
  title: string;
  metaDescription: string;
  eyebrow: string;
  intro: string;
  illustration: Illustration;
  cardsHeading: string;
  cards: ServiceCard[];
  /** Creative design closes with its own call to action (spec 1). */
  closing?: { heading: string; text: string };
}

const illustration = (name: string, alt: string): Illustration => ({
  src: `/images/illustrations/${name}.svg`,
  width: 480,
  height: 360,
  alt,
});

export const CONTACT_US_LABEL = 'Contact us';
export const LEARN_MORE_LABEL = 'Learn More';

export const SERVICE_PAGES: Record<ServicePage['id'], ServicePage> = {
  webDevelopment: {
    id: 'webDevelopment',
    path: PATHS.webDevelopment,
    title: 'Web Design & Development',
    metaDescription:
      'Websites and web apps built in Lagos for Nigerian businesses: fast on mobile data, easy to update, found on Google. Talk to Rendezvous Digital.',
    eyebrow: 'Web and app development',
    intro:
      'We design and build websites that load quickly on a 3G connection, look sharp on every phone and turn visitors into enquiries. From a five-page company site to a custom web app for your operations, one team takes you from first sketch to launch day and beyond.',
    illustration: illustration('web-development', 'A browser window with layout blocks and code brackets'),
    cardsHeading: 'What we build for you',
    cards: [
      {
        title: 'Business websites',
        text: 'A professional home for your brand that works as hard as your sales team. Clear pages, quick contact, and a content system your staff can update without calling a developer.',
        points: [
          'Responsive design for every screen',
          'Speed-tuned for Nigerian mobile networks',
          'Search-friendly structure from day one',
          'Training for your team at handover',
        ],
        contactButton: true,
      },
      {
        title: 'Custom web applications',
        text: 'Booking systems, customer portals, staff dashboards and internal tools shaped around how your business really runs, with secure logins and data you own.',
        points: [
          'Discovery workshop and clickable prototype',
          'Secure accounts, roles and audit trails',
          'Paystack and Flutterwave integrations',
          'Hosting, backups and support plans',
        ],
        contactButton: true,
      },
    ],
  },
  mobileApps: {
    id: 'mobileApps',
    path: PATHS.mobileApps,
    title: 'Mobile App Development',
    metaDescription:
      'iOS and Android apps for Nigerian startups and businesses, designed and built in Lagos by Rendezvous Digital. From idea to app store.',
    eyebrow: 'Mobile app development',
    intro:
      'Your customers live on their phones. We design and build apps that feel natural on iPhone and Android, stay light on data and storage, and keep working when the network drops. We handle the store listings too.',
    illustration: illustration('mobile-apps', 'Two phones side by side showing app screens'),
    cardsHeading: 'Apps for both platforms',
    cards: [
      {
        title: 'iOS apps',
        text: 'Polished iPhone and iPad apps that follow Apple’s design guidelines and pass App Store review the first time.',
        points: [
          'Native look and feel',
          'Apple Pay and in-app purchases',
          'Push notifications',
          'App Store submission and listing',
        ],
        contactButton: true,
      },
      {
        title: 'Android apps',
        text: 'Most Nigerians browse on Android. We build apps that run smoothly on budget handsets as well as flagships, with small downloads and offline support.',
        points: [
          'Tested on low-memory devices',
          'Offline-first data sync',
          'Card, USSD and transfer payments',
          'Google Play launch and updates',
        ],
        contactButton: true,
      },
    ],
  },
  ecommerce: {
    id: 'ecommerce',
    path: PATHS.ecommerce,
    title: 'E-commerce Websites',
    metaDescription:
      'Online shops and multi-vendor marketplaces with naira payments, delivery options and stock control. E-commerce websites by Rendezvous Digital, Lagos.',
    eyebrow: 'E-commerce',
    intro:
      'Sell to customers in Lagos, across Nigeria and abroad, day and night. We build stores that take card, transfer and USSD payments, calculate delivery, and send you an alert the moment an order lands.',
    illustration: illustration('ecommerce', 'A shopping bag in front of a product grid'),
    cardsHeading: 'Choose the store that fits',
    cards: [
      {
        title: 'Marketplace websites',
        text: 'Bring many sellers under one roof. Vendors get their own dashboards, you set commissions, and buyers check out once for items from several shops.',
        points: [
          'Vendor sign-up and approval',
          'Commission and payout reports',
          'Reviews and ratings',
          'Dispute and refund workflow',
        ],
        contactButton: true,
      },
      {
        title: 'Single-seller stores',
        text: 'Your own branded shop, without marketplace fees. Ideal for fashion, beauty, food and electronics brands ready to own their customer relationships.',
        points: [
          'Product variants, sizes and colours',
          'Discount codes and flash sales',
          'Delivery zones across Nigeria',
          'Order alerts by e-mail and WhatsApp',
        ],
        contactButton: true,
      },
    ],
  },
  digitalMarketing: {
    id: 'digitalMarketing',
    path: PATHS.digitalMarketing,
    title: 'Digital Marketing',
    metaDescription:
      'SEO, social media marketing, content marketing and pay-per-click campaigns that bring Nigerian businesses measurable leads. Rendezvous Digital, Lagos.',
    eyebrow: 'Digital marketing',
    intro:
      'A great website needs visitors. We get your business in front of the right people on Google, Instagram, Facebook and TikTok, then report in plain numbers what each naira of your budget brought back.',
    illustration: illustration('digital-marketing', 'A megaphone with a rising bar chart'),
    cardsHeading: 'Four ways we grow your audience',
    cards: [
      {
        title: 'Search engine optimisation',
        text: 'Rank for the searches your customers type, such as “caterers in Ikeja” or “solar installers in Abuja”, with technical fixes, local listings and content that answers real questions.',
        points: ['Keyword and competitor research', 'Google Business Profile setup', 'Monthly ranking reports'],
        contactButton: false,
      },
      {
        title: 'Social media marketing',
        text: 'Consistent, on-brand posts and stories that start conversations, plus community management so no comment or DM goes unanswered.',
        points: ['Monthly content calendar', 'Design and short-form video', 'Community management'],
        contactButton: false,
      },
      {
        title: 'Content marketing',
        text: 'Articles, guides, newsletters and case studies that show your expertise and keep bringing visitors long after they are published.',
        points: ['Editorial plan', 'Copywriting and editing', 'E-mail newsletters'],
        contactButton: false,
      },
      {
        title: 'Pay-per-click advertising',
        text: 'Google and Meta ad campaigns with tight targeting and daily budget control, so you only pay for clicks from people likely to buy.',
        points: ['Campaign setup and tracking', 'A/B tested ad copy', 'Weekly spend reports'],
        contactButton: false,
      },
    ],
  },
  creativeDesign: {
    id: 'creativeDesign',
    path: PATHS.creativeDesign,
    title: 'Creative Design',
    metaDescription:
      'Graphic design, branding, web design and marketing creatives for Nigerian businesses. Logos, brand identities and campaigns by Rendezvous Digital, Lagos.',
    eyebrow: 'Creative design and branding',
    intro:
      'People decide in seconds whether a business looks trustworthy. Our designers give you a look that is unmistakably yours, consistent on a signboard in Ogba, a flyer in Yaba and an Instagram story seen in London.',
    illustration: illustration('creative-design', 'A pen tool drawing a curve beside colour swatches'),
    cardsHeading: 'How we shape your brand',
    cards: [
      {
        title: 'Graphic design',
        text: 'Flyers, banners, brochures, packaging and social media graphics with a clear message and a consistent style.',
        points: ['Print-ready files', 'Social media templates'],
        contactButton: false,
      },
      {
        title: 'Branding',
        text: 'Logo, colours, typography and a brand guide, so everything you publish looks like it comes from the same confident company.',
        points: ['Logo suite', 'Brand guidelines'],
        contactButton: false,
      },
      {
        title: 'Web design',
        text: 'Page layouts and interfaces designed around your customers, tested on small screens first and handed over ready to build.',
        points: ['Wireframes and prototypes', 'Mobile-first layouts'],
        contactButton: false,
      },
      {
        title: 'Digital marketing creatives',
        text: 'Ad visuals, carousels and short videos made for each platform’s format, so your campaigns stop the scroll.',
        points: ['Ad sets in every size', 'Motion graphics'],
        contactButton: false,
      },
    ],
    closing: {
      heading: 'Ready for a brand people remember?',
      text: 'Tell us about your business and where you want it to be in a year. We will come back within one working day with ideas and a clear quote.',
    },
  },
};

/** Services overview page (route /services). */
export const SERVICES_OVERVIEW = {
  title: 'Our Services',
  metaDescription:
    'Web development, mobile apps, e-commerce, creative design, digital marketing and training from one Lagos team. See what Rendezvous Digital can do for you.',
  intro:
    'One team for everything your business needs online: we plan it, design it, build it, market it, and teach your people to run it. Pick a service to see what is included.',
  items: [
    {
      title: 'Web Design & Development',
      to: PATHS.webDevelopment,
      icon: 'code',
      text: 'Business websites and custom web applications that load fast on mobile data.',
    },
    {
      title: 'Mobile App Development',
      to: PATHS.mobileApps,
      icon: 'phone',
      text: 'iOS and Android apps, from first prototype to app store launch.',
    },
    {
      title: 'E-commerce Websites',
      to: PATHS.ecommerce,
      icon: 'cart',
      text: 'Marketplaces and single-seller stores with naira payments and delivery.',
    },
    {
      title: 'Creative Design',
      to: PATHS.creativeDesign,
      icon: 'pen',
      text: 'Logos, brand identities, print and social media design.',
    },
    {
      title: 'Digital Marketing',
      to: PATHS.digitalMarketing,
      icon: 'megaphone',
      text: 'SEO, social media, content and pay-per-click campaigns with clear reports.',
    },
    {
      title: 'Training',
      to: PATHS.training,
      icon: 'cap',
      text: 'Hands-on courses in web development and creative graphic design.',
    },
  ] as { title: string; to: string; icon: ServiceIcon; text: string }[],
};

export type ServiceIcon = 'code' | 'phone' | 'cart' | 'pen' | 'megaphone' | 'cap';
