/**
 * The routes of docs/decisions/0001-architecture.md ("Routes and slugs"), written out independently of the web app's
 * own route table so the browser tests check the contract rather than echo the implementation.
 */
export interface SiteRoute {
  page: string;
  path: string;
  aliases: string[];
}

export const PUBLIC_ROUTES: SiteRoute[] = [
  { page: 'Home', path: '/', aliases: ['/home-11178622', '/home'] },
  { page: 'Services overview', path: '/services', aliases: [] },
  { page: 'Web Design & Development', path: '/webdevelopment-0123456', aliases: ['/webdevelopment'] },
  { page: 'Mobile app development', path: '/mobileapps-1234567', aliases: ['/mobileapps'] },
  { page: 'Creative Design', path: '/creativedesign-2345678', aliases: ['/creativedesign'] },
  { page: 'Digital Marketing', path: '/digitalmarketing-3456789', aliases: ['/digitalmarketing'] },
  { page: 'Training overview', path: '/training-4567890', aliases: ['/training'] },
  { page: 'Web training', path: '/webdevelopment-training', aliases: ['/webdevelopment-training-5678901'] },
  {
    page: 'Creative graphic design training',
    path: '/Creativegraphicdesign-training',
    aliases: ['/creativegraphicdesign-training', '/creativegraphicdesign-training-6789012'],
  },
  { page: 'E-commerce', path: '/ecommerce-7890123', aliases: ['/ecommerce'] },
  { page: 'About', path: '/about-8901234', aliases: ['/about'] },
  { page: 'Portfolio', path: '/portfolio-9012345', aliases: ['/portfolio'] },
  { page: 'Blog', path: '/blog', aliases: ['/blog-30875200'] },
  { page: 'Contact', path: '/contact-7709327', aliases: ['/contact'] },
  { page: 'Request a quote', path: '/request-a-quote-0163863', aliases: ['/request-a-quote'] },
  { page: 'Privacy notice', path: '/privacy', aliases: [] },
  ...[
    'why-your-website-feels-slow-on-mobile-data',
    'five-things-to-settle-before-you-hire-a-designer',
    'getting-found-on-google-maps-lagos',
  ].map((slug) => ({ page: `Article: ${slug}`, path: `/blog/${slug}`, aliases: [] })),
  ...[
    ['planetlaundromat', 'planetlaundromat-0987654'],
    ['acelubricant', 'acelubricant-9876543'],
    ['marvelmarts', 'marvelmarts-8765432'],
    ['myduduke', 'myduduke-7654321'],
    ['moplimoservices', 'moplimoservices-6543210'],
    ['stpaulwithststephen', 'stpaulwithststephen-5432109'],
    ['elfrenllc', 'elfrenllc-4076453'],
    ['hoperisecharity', 'hoperisecharity-7023198'],
  ].map(([name, suffixed]) => ({
    page: `Case: ${name}`,
    path: `/portfolio-9012345/${name}`,
    aliases: [`/${name}`, `/${suffixed}`],
  })),
  {
    page: 'Case: follyslobyng',
    path: '/portfolio-9012345/follyslobyng-1093563',
    aliases: ['/follyslobyng-1093563', '/follyslobyng'],
  },
];

/** Client-only staff screens: prerendered (their loading state) and in the manifest like every other route. */
export const STAFF_PATHS = [
  '/auth',
  '/dashboard',
  '/dashboard/staff',
  '/dashboard/audit-log',
  '/dashboard/data-requests',
  '/dashboard/business-hours',
  '/dashboard/saved-replies',
  '/dashboard/reports',
  '/dashboard/content',
  '/confirm-email',
  '/reset-password',
  '/awaiting-approval',
  '/new-confirmation-link',
  '/new-confirmation-link/sent',
];

/** Every path with the main path it shows, for the tests that visit aliases too. */
export const PUBLIC_PATHS_WITH_MAIN: Array<{ path: string; mainPath: string; page: string }> = PUBLIC_ROUTES.flatMap(
  (route) => [route.path, ...route.aliases].map((path) => ({ path, mainPath: route.path, page: route.page })),
);

export const UNKNOWN_PATHS = ['/no-such-page', '/portfolio-9012345/nope', '/services/extra', '/webdevelopment-9999999'];
