import { PATHS } from '@agency/shared';

export interface NavLink {
  label: string;
  to: string;
}

export interface MegaMenuLink extends NavLink {
  blurb: string;
}

/** The pages other pages sit under: named once for the menus and for the breadcrumbs of the pages below them. */
export const HOME_LINK: NavLink = { label: 'Home', to: PATHS.home };
export const SERVICES_MENU_LABEL = 'Services';
export const SERVICES_LINK: NavLink = { label: SERVICES_MENU_LABEL, to: PATHS.services };
export const TRAINING_LINK: NavLink = { label: 'Training', to: PATHS.training };
export const PORTFOLIO_LINK: NavLink = { label: 'Portfolio', to: PATHS.portfolio };
export const BLOG_LINK: NavLink = { label: 'Blog', to: PATHS.blog };

/** The six items of the Services mega menu (spec 2), in the spec's order. */
export const SERVICES_MENU: MegaMenuLink[] = [
  { label: 'Web Development', to: PATHS.webDevelopment, blurb: 'Fast, secure websites and web apps' },
  { label: 'Creative Design', to: PATHS.creativeDesign, blurb: 'Logos, brand identities and print' },
  { label: 'Digital Marketing', to: PATHS.digitalMarketing, blurb: 'SEO, social media and paid ads' },
  { label: 'Mobile App Development', to: PATHS.mobileApps, blurb: 'iOS and Android apps people keep' },
  { label: 'E-commerce Solutions', to: PATHS.ecommerce, blurb: 'Online shops that take naira payments' },
  { ...TRAINING_LINK, blurb: 'Hands-on courses in Ogba, Lagos' },
];

/** Header items of spec 2; Services is the mega menu and sits second. */
export const HEADER_LINKS: { before: NavLink[]; services: NavLink; after: NavLink[] } = {
  before: [HOME_LINK],
  services: SERVICES_LINK,
  after: [{ label: 'About', to: PATHS.about }, PORTFOLIO_LINK, BLOG_LINK, { label: 'Contact Us', to: PATHS.contact }],
};

export const REQUEST_QUOTE_LINK: NavLink = { label: 'Request a Quote', to: PATHS.requestQuote };

export const FOOTER_COLUMNS: { heading: string; links: NavLink[] }[] = [
  {
    heading: 'Our Services',
    links: [
      { label: 'Web Design & Development', to: PATHS.webDevelopment },
      { label: 'Mobile App Development', to: PATHS.mobileApps },
      { label: 'E-commerce Websites', to: PATHS.ecommerce },
      { label: 'Creative Design', to: PATHS.creativeDesign },
      { label: 'Digital Marketing', to: PATHS.digitalMarketing },
    ],
  },
  {
    heading: 'Quick Links',
    links: [
      { label: 'About Us', to: PATHS.about },
      PORTFOLIO_LINK,
      TRAINING_LINK,
      BLOG_LINK,
      { label: 'Request a Quote', to: PATHS.requestQuote },
      { label: 'Contact Us', to: PATHS.contact },
      { label: 'Privacy notice', to: PATHS.privacy },
    ],
  },
];
