import type { ReactElement } from 'react';
import { BRAND_NAME, CASE_ALIASES, CONTENT_SLUG, PATH_ALIASES, PATHS, pathKey, type PageKey } from '@agency/shared';
import { BUNDLED_SITE_CONTENT, type SiteContent } from '@/components/content/site-content';
import { BLOG_LINK, HOME_LINK, PORTFOLIO_LINK, SERVICES_LINK, TRAINING_LINK, type NavLink } from '@/content/navigation';
import type { ServicePage as ServicePageContent } from '@/content/services';
import { lazyPage, type LazyPage } from './lazy-page';

export type Chrome = 'site' | 'bare';

/**
 * How much of a page is drawn from the content staff edit (docs/decisions/0043): 'page', all of its `<main>` (the
 * browser keeps the server's); 'parts', some of it (ServerRenderedIsland). Links to either load the page from the
 * server, since the browser's bundle does not hold the published content.
 */
export type ContentUse = 'page' | 'parts';

export interface PageRoute {
  /** Stable id: names the og:image file and the prerendered file of the main path. */
  id: string;
  path: string;
  aliases: readonly string[];
  element: ReactElement;
  preload: () => Promise<unknown>;
  /** The page module's source path, to find its CSS and chunks in Vite's build manifest. */
  source: string;
  /** 'site' renders inside the header/footer layout; 'bare' is the staff area's own screen. */
  chrome: Chrome;
  /** Indexable pages go into sitemap.xml; staff screens are noindex. */
  indexable: boolean;
  /** Head of screens that do not declare their own <PageHead> (the staff area). */
  head?: { title: string; description: string };
  /** The pages above this one, home first, for its breadcrumbs; empty on the home page and unindexed screens. */
  trail: readonly NavLink[];
  /** Whether the page shows content staff edit; absent on the others. */
  content?: ContentUse;
}

const HomePage = lazyPage('src/app/routes/home.tsx', () => import('./routes/home'));
const ServicesPage = lazyPage('src/app/routes/services.tsx', () => import('./routes/services'));
const ServicePage = lazyPage('src/app/routes/service.tsx', () => import('./routes/service'));
const TrainingPage = lazyPage('src/app/routes/training.tsx', () => import('./routes/training'));
const TrainingCoursePage = lazyPage('src/app/routes/training-course.tsx', () => import('./routes/training-course'));
const AboutPage = lazyPage('src/app/routes/about.tsx', () => import('./routes/about'));
const PortfolioPage = lazyPage('src/app/routes/portfolio.tsx', () => import('./routes/portfolio'));
const CaseStudyPage = lazyPage('src/app/routes/case-study.tsx', () => import('./routes/case-study'));
const BlogPage = lazyPage('src/app/routes/blog.tsx', () => import('./routes/blog'));
const BlogPostPage = lazyPage('src/app/routes/blog-post.tsx', () => import('./routes/blog-post'));
const ContactPage = lazyPage('src/app/routes/contact.tsx', () => import('./routes/contact'));
const RequestQuotePage = lazyPage('src/app/routes/request-a-quote.tsx', () => import('./routes/request-a-quote'));
const PrivacyPage = lazyPage('src/app/routes/privacy.tsx', () => import('./routes/privacy'));
export const NotFoundPage = lazyPage('src/app/routes/not-found.tsx', () => import('./routes/not-found'));

const AuthPage = lazyPage('src/app/routes/auth.tsx', () => import('./routes/auth'));
const DashboardPage = lazyPage('src/app/routes/dashboard.tsx', () => import('./routes/dashboard'));
const StaffAccountsPage = lazyPage('src/app/routes/staff-accounts.tsx', () => import('./routes/staff-accounts'));
const AuditLogPage = lazyPage('src/app/routes/audit-log.tsx', () => import('./routes/audit-log'));
const DataRequestsPage = lazyPage('src/app/routes/data-requests.tsx', () => import('./routes/data-requests'));
const BusinessHoursPage = lazyPage('src/app/routes/business-hours.tsx', () => import('./routes/business-hours'));
const SavedRepliesPage = lazyPage('src/app/routes/saved-replies.tsx', () => import('./routes/saved-replies'));
const ReportsPage = lazyPage('src/app/routes/reports.tsx', () => import('./routes/reports'));
const ContentPage = lazyPage('src/app/routes/content.tsx', () => import('./routes/content'));
const ProfilePage = lazyPage('src/app/routes/profile.tsx', () => import('./routes/profile'));
const ConfirmEmailPage = lazyPage('src/app/routes/confirm-email.tsx', () => import('./routes/confirm-email'));
const ResetPasswordPage = lazyPage('src/app/routes/reset-password.tsx', () => import('./routes/reset-password'));
const AwaitingApprovalPage = lazyPage(
  'src/app/routes/awaiting-approval.tsx',
  () => import('./routes/awaiting-approval'),
);
const NewConfirmationLinkPage = lazyPage(
  'src/app/routes/new-confirmation-link.tsx',
  () => import('./routes/new-confirmation-link'),
);
const NewConfirmationLinkSentPage = lazyPage(
  'src/app/routes/new-confirmation-link-sent.tsx',
  () => import('./routes/new-confirmation-link-sent'),
);

function route<P extends object>(
  key: PageKey,
  id: string,
  Page: LazyPage<P>,
  props: NoInfer<P>,
  options: Pick<PageRoute, 'head' | 'content'> & { chrome?: Chrome; indexable?: boolean; under?: NavLink } = {},
): PageRoute {
  const indexable = options.indexable ?? true;
  return {
    id,
    path: PATHS[key],
    aliases: PATH_ALIASES[key] ?? [],
    element: <Page {...props} />,
    preload: Page.preload,
    source: Page.source,
    chrome: options.chrome ?? 'site',
    indexable,
    head: options.head,
    trail: key === 'home' || !indexable ? [] : [HOME_LINK, ...(options.under ? [options.under] : [])],
    ...(options.content && { content: options.content }),
  };
}

/** The five service pages share one module and sit under the services overview. */
const serviceRoute = (key: ServicePageContent['id'], id: string) =>
  route(key, id, ServicePage, { serviceId: key }, { under: SERVICES_LINK });

const staffOptions = (chrome: Chrome, title: string) => ({
  chrome,
  indexable: false,
  head: { title, description: `The staff area of the ${BRAND_NAME} website.` },
});

const trainingOptions = { under: TRAINING_LINK, content: 'parts' } as const;

/** The public pages that are not one of the content's items. */
const SITE_ROUTES: PageRoute[] = [
  route('home', 'home', HomePage, {}, { content: 'parts' }),
  route('services', 'services', ServicesPage, {}),
  serviceRoute('webDevelopment', 'web-development'),
  serviceRoute('mobileApps', 'mobile-apps'),
  serviceRoute('creativeDesign', 'creative-design'),
  serviceRoute('digitalMarketing', 'digital-marketing'),
  route('training', 'training', TrainingPage, {}, { content: 'page' }),
  route('webTraining', 'web-training', TrainingCoursePage, { variant: 'web' }, trainingOptions),
  route('creativeTraining', 'creative-training', TrainingCoursePage, { variant: 'creative' }, trainingOptions),
  serviceRoute('ecommerce', 'ecommerce'),
  route('about', 'about', AboutPage, {}),
  route('portfolio', 'portfolio', PortfolioPage, {}, { content: 'page' }),
  route('blog', 'blog', BlogPage, {}, { content: 'page' }),
  route('contact', 'contact', ContactPage, {}),
  route('requestQuote', 'request-a-quote', RequestQuotePage, {}),
  route('privacy', 'privacy', PrivacyPage, {}),
];

/** A case study's page, under the portfolio; the seed's case studies keep their former addresses (0001). */
function caseStudyRoute(slug: string): PageRoute {
  return {
    id: `case-${slug}`,
    path: `${PATHS.portfolio}/${slug}`,
    aliases: Object.hasOwn(CASE_ALIASES, slug) ? CASE_ALIASES[slug as keyof typeof CASE_ALIASES] : [],
    element: <CaseStudyPage slug={slug} />,
    preload: CaseStudyPage.preload,
    source: CaseStudyPage.source,
    chrome: 'site',
    indexable: true,
    trail: [HOME_LINK, PORTFOLIO_LINK],
    content: 'page',
  };
}

function blogPostRoute(slug: string): PageRoute {
  return {
    id: `blog-${slug}`,
    path: `${PATHS.blog}/${slug}`,
    aliases: [],
    element: <BlogPostPage slug={slug} />,
    preload: BlogPostPage.preload,
    source: BlogPostPage.source,
    chrome: 'site',
    indexable: true,
    trail: [HOME_LINK, BLOG_LINK],
    content: 'page',
  };
}

const STAFF_ROUTES: PageRoute[] = [
  route('auth', 'auth', AuthPage, {}, staffOptions('bare', 'Admin Login')),
  route('dashboard', 'dashboard', DashboardPage, {}, staffOptions('bare', 'Messages Dashboard')),
  route('staffAccounts', 'staff-accounts', StaffAccountsPage, {}, staffOptions('bare', 'Staff')),
  route('auditLog', 'audit-log', AuditLogPage, {}, staffOptions('bare', 'Audit log')),
  route('dataRequests', 'data-requests', DataRequestsPage, {}, staffOptions('bare', 'Data requests')),
  route('businessHours', 'business-hours', BusinessHoursPage, {}, staffOptions('bare', 'Business hours')),
  route('savedReplies', 'saved-replies', SavedRepliesPage, {}, staffOptions('bare', 'Saved replies')),
  route('reports', 'reports', ReportsPage, {}, staffOptions('bare', 'Reports')),
  route('content', 'content', ContentPage, {}, staffOptions('bare', 'Content')),
  route('profile', 'profile', ProfilePage, {}, staffOptions('bare', 'Your profile')),
  route('confirmEmail', 'confirm-email', ConfirmEmailPage, {}, staffOptions('bare', 'Confirm your e-mail')),
  route('resetPassword', 'reset-password', ResetPasswordPage, {}, staffOptions('bare', 'Set a new password')),
  route(
    'awaitingApproval',
    'awaiting-approval',
    AwaitingApprovalPage,
    {},
    staffOptions('site', 'Your account is waiting for approval'),
  ),
  route(
    'newConfirmationLink',
    'new-confirmation-link',
    NewConfirmationLinkPage,
    {},
    staffOptions('site', 'Request a new confirmation link'),
  ),
  route(
    'newConfirmationLinkSent',
    'new-confirmation-link-sent',
    NewConfirmationLinkSentPage,
    {},
    staffOptions('site', 'Check your inbox'),
  ),
];

const routesByContent = new WeakMap<SiteContent, PageRoute[]>();

/**
 * The public pages of the site with this content, in the sitemap's order: the site's own, then a page per published
 * blog post and case study (an unpublished or deleted one has none).
 */
export function publicRoutes(content: SiteContent): PageRoute[] {
  let routes = routesByContent.get(content);
  if (!routes) {
    routes = [
      ...SITE_ROUTES,
      ...content.blogPosts.map((post) => blogPostRoute(post.slug)),
      ...content.caseStudies.map((caseStudy) => caseStudyRoute(caseStudy.slug)),
    ];
    routesByContent.set(content, routes);
  }
  return routes;
}

/** Every page the build prerenders, from the seed: the public pages and the staff screens. */
export const PAGE_ROUTES: PageRoute[] = BUNDLED_SITE_CONTENT
  ? [...publicRoutes(BUNDLED_SITE_CONTENT), ...STAFF_ROUTES]
  : [...SITE_ROUTES, ...STAFF_ROUTES];

export const NOT_FOUND_ROUTE: PageRoute = {
  id: 'not-found',
  path: '',
  aliases: [],
  element: <NotFoundPage />,
  preload: NotFoundPage.preload,
  source: NotFoundPage.source,
  chrome: 'site',
  indexable: false,
  trail: [],
};

const shows = (wanted: string) => (entry: PageRoute) =>
  [entry.path, ...entry.aliases].some((path) => pathKey(path) === wanted);

/** The slug of a path one segment below `parent` (any letter case), if it can be one. */
function slugUnder(parent: string, wanted: string): string | undefined {
  const prefix = `${pathKey(parent)}/`;
  const slug = wanted.startsWith(prefix) ? wanted.slice(prefix.length) : '';
  return CONTENT_SLUG.test(slug) ? slug : undefined;
}

/**
 * The page of an item the browser's bundle has never heard of (it holds no content): the page it hydrates is the
 * server's, so any slug under the portfolio or the blog is a case study or a blog post, and the seed's former
 * addresses of case studies are theirs.
 */
function contentRouteByPath(wanted: string): PageRoute | undefined {
  const aliased = Object.entries(CASE_ALIASES).find(([, aliases]) => aliases.some((path) => pathKey(path) === wanted));
  if (aliased) return caseStudyRoute(aliased[0]);
  const caseSlug = slugUnder(PATHS.portfolio, wanted);
  if (caseSlug) return caseStudyRoute(caseSlug);
  const postSlug = slugUnder(PATHS.blog, wanted);
  return postSlug ? blogPostRoute(postSlug) : undefined;
}

/**
 * The route showing a path (main path or alias, any letter case), or the not-found route. With the content (the
 * server, the build, development and tests), its items' pages are those it publishes; without it (the browser's
 * production bundle), by their paths.
 */
export function findRoute(pathname: string, content: SiteContent | null = BUNDLED_SITE_CONTENT): PageRoute {
  const wanted = pathKey(pathname);
  const found =
    SITE_ROUTES.find(shows(wanted)) ??
    STAFF_ROUTES.find(shows(wanted)) ??
    (content ? publicRoutes(content).slice(SITE_ROUTES.length).find(shows(wanted)) : contentRouteByPath(wanted));
  return found ?? NOT_FOUND_ROUTE;
}
