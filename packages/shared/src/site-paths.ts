/**
 * The main path and aliases of every page (docs/decisions/0001-architecture.md, "Routes and slugs"). The web app's
 * route table and links, the prerendered files, the server's page lookup and the links in mails all read them here.
 */

export const PATHS = {
  home: '/',
  services: '/services',
  webDevelopment: '/webdevelopment-0123456',
  mobileApps: '/mobileapps-1234567',
  creativeDesign: '/creativedesign-2345678',
  digitalMarketing: '/digitalmarketing-3456789',
  training: '/training-4567890',
  webTraining: '/webdevelopment-training',
  creativeTraining: '/Creativegraphicdesign-training',
  ecommerce: '/ecommerce-7890123',
  about: '/about-8901234',
  portfolio: '/portfolio-9012345',
  blog: '/blog',
  contact: '/contact-7709327',
  requestQuote: '/request-a-quote-0163863',
  privacy: '/privacy',
  auth: '/auth',
  dashboard: '/dashboard',
  staffAccounts: '/dashboard/staff',
  auditLog: '/dashboard/audit-log',
  dataRequests: '/dashboard/data-requests',
  /** The owners' business calendar (issue 21). */
  businessHours: '/dashboard/business-hours',
  savedReplies: '/dashboard/saved-replies',
  /** Response times, what became of the enquiries and the funnel, a week at a time (issue 21); owners and staff. */
  reports: '/dashboard/reports',
  /** Case studies, blog posts, testimonials and trainings: drafts, publishing and versions (issue 22); editors. */
  content: '/dashboard/content',
  /** The signed-in person's name, picture, password and notification choices (issue 23). */
  profile: '/dashboard/profile',
  confirmEmail: '/confirm-email',
  resetPassword: '/reset-password',
  /** Where an account waiting for an owner's approval lands after signing in (issue 17). */
  awaitingApproval: '/awaiting-approval',
  /** Asks for a new confirmation link (issue 17). */
  newConfirmationLink: '/new-confirmation-link',
  /** What a browser without JavaScript is shown after asking for one: the answer, the same for every address. */
  newConfirmationLinkSent: '/new-confirmation-link/sent',
} as const;

export type PageKey = keyof typeof PATHS;

export const PATH_ALIASES: Partial<Record<PageKey, readonly string[]>> = {
  home: ['/home-11178622', '/home'],
  webDevelopment: ['/webdevelopment'],
  mobileApps: ['/mobileapps'],
  creativeDesign: ['/creativedesign'],
  digitalMarketing: ['/digitalmarketing'],
  training: ['/training'],
  webTraining: ['/webdevelopment-training-5678901'],
  creativeTraining: ['/creativegraphicdesign-training', '/creativegraphicdesign-training-6789012'],
  ecommerce: ['/ecommerce'],
  about: ['/about'],
  portfolio: ['/portfolio'],
  blog: ['/blog-30875200'],
  contact: ['/contact'],
  requestQuote: ['/request-a-quote'],
};

/** The nine case pages by slug, in portfolio order, with the addresses they had before (0001). */
export const CASE_ALIASES = {
  planetlaundromat: ['/planetlaundromat', '/planetlaundromat-0987654'],
  acelubricant: ['/acelubricant', '/acelubricant-9876543'],
  marvelmarts: ['/marvelmarts', '/marvelmarts-8765432'],
  myduduke: ['/myduduke', '/myduduke-7654321'],
  moplimoservices: ['/moplimoservices', '/moplimoservices-6543210'],
  'follyslobyng-1093563': ['/follyslobyng-1093563', '/follyslobyng'],
  stpaulwithststephen: ['/stpaulwithststephen', '/stpaulwithststephen-5432109'],
  elfrenllc: ['/elfrenllc', '/elfrenllc-4076453'],
  hoperisecharity: ['/hoperisecharity', '/hoperisecharity-7023198'],
} as const satisfies Record<string, readonly string[]>;

export type CaseSlug = keyof typeof CASE_ALIASES;

export const CASE_SLUGS = Object.keys(CASE_ALIASES) as CaseSlug[];

/** Case pages live under the portfolio; the slug is the last segment (0001). */
export const casePath = (slug: CaseSlug) => `${PATHS.portfolio}/${slug}`;

/** The blog's articles by slug, newest first; each is a page under the blog (issue 10). */
export const BLOG_POST_SLUGS = [
  'why-your-website-feels-slow-on-mobile-data',
  'five-things-to-settle-before-you-hire-a-designer',
  'getting-found-on-google-maps-lagos',
] as const;

export type BlogPostSlug = (typeof BLOG_POST_SLUGS)[number];

export const blogPostPath = (slug: BlogPostSlug) => `${PATHS.blog}/${slug}`;

/**
 * The key two paths are compared by: letter case and trailing slashes do not matter ("/" stays "/"), so
 * /About-8901234/ shows the same page as /about-8901234.
 */
export const pathKey = (path: string) => path.toLowerCase().replace(/\/+$/, '') || '/';
