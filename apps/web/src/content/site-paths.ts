/**
 * The main path and aliases of every page (docs/decisions/0001-architecture.md, "Routes and slugs").
 * Links, the route table, the sitemap and the server manifest all derive from this one list.
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
  auth: '/auth',
  dashboard: '/dashboard',
  confirmEmail: '/confirm-email',
  resetPassword: '/reset-password',
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

/** Case pages live under the portfolio; the slug is the last segment (0001). */
export const casePath = (slug: string) => `${PATHS.portfolio}/${slug}`;
