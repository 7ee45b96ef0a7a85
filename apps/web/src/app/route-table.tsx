import type { ReactElement } from 'react';
import {
  BLOG_POST_SLUGS,
  blogPostPath,
  BRAND_NAME,
  CASE_ALIASES,
  CASE_SLUGS,
  casePath,
  PATH_ALIASES,
  PATHS,
  pathKey,
  type PageKey,
} from '@agency/shared';
import { BLOG_LINK, HOME_LINK, PORTFOLIO_LINK, SERVICES_LINK, TRAINING_LINK, type NavLink } from '@/content/navigation';
import type { ServicePage as ServicePageContent } from '@/content/services';
import { lazyPage, type LazyPage } from './lazy-page';

export type Chrome = 'site' | 'bare';

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
  options: Pick<PageRoute, 'head'> & { chrome?: Chrome; indexable?: boolean; under?: NavLink } = {},
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

export const PAGE_ROUTES: PageRoute[] = [
  route('home', 'home', HomePage, {}),
  route('services', 'services', ServicesPage, {}),
  serviceRoute('webDevelopment', 'web-development'),
  serviceRoute('mobileApps', 'mobile-apps'),
  serviceRoute('creativeDesign', 'creative-design'),
  serviceRoute('digitalMarketing', 'digital-marketing'),
  route('training', 'training', TrainingPage, {}),
  route('webTraining', 'web-training', TrainingCoursePage, { variant: 'web' }, { under: TRAINING_LINK }),
  route('creativeTraining', 'creative-training', TrainingCoursePage, { variant: 'creative' }, { under: TRAINING_LINK }),
  serviceRoute('ecommerce', 'ecommerce'),
  route('about', 'about', AboutPage, {}),
  route('portfolio', 'portfolio', PortfolioPage, {}),
  route('blog', 'blog', BlogPage, {}),
  route('contact', 'contact', ContactPage, {}),
  route('requestQuote', 'request-a-quote', RequestQuotePage, {}),
  route('privacy', 'privacy', PrivacyPage, {}),
  ...BLOG_POST_SLUGS.map<PageRoute>((slug) => ({
    id: `blog-${slug}`,
    path: blogPostPath(slug),
    aliases: [],
    element: <BlogPostPage slug={slug} />,
    preload: BlogPostPage.preload,
    source: BlogPostPage.source,
    chrome: 'site',
    indexable: true,
    trail: [HOME_LINK, BLOG_LINK],
  })),
  ...CASE_SLUGS.map<PageRoute>((slug) => ({
    id: `case-${slug}`,
    path: casePath(slug),
    aliases: CASE_ALIASES[slug],
    element: <CaseStudyPage slug={slug} />,
    preload: CaseStudyPage.preload,
    source: CaseStudyPage.source,
    chrome: 'site',
    indexable: true,
    trail: [HOME_LINK, PORTFOLIO_LINK],
  })),
  route('auth', 'auth', AuthPage, {}, staffOptions('bare', 'Admin Login')),
  route('dashboard', 'dashboard', DashboardPage, {}, staffOptions('bare', 'Messages Dashboard')),
  route('staffAccounts', 'staff-accounts', StaffAccountsPage, {}, staffOptions('bare', 'Staff')),
  route('auditLog', 'audit-log', AuditLogPage, {}, staffOptions('bare', 'Audit log')),
  route('dataRequests', 'data-requests', DataRequestsPage, {}, staffOptions('bare', 'Data requests')),
  route('businessHours', 'business-hours', BusinessHoursPage, {}, staffOptions('bare', 'Business hours')),
  route('savedReplies', 'saved-replies', SavedRepliesPage, {}, staffOptions('bare', 'Saved replies')),
  route('reports', 'reports', ReportsPage, {}, staffOptions('bare', 'Reports')),
  route('content', 'content', ContentPage, {}, staffOptions('bare', 'Content')),
  route('confirmEmail', 'confirm-email', ConfirmEmailPage, {}, staffOptions('site', 'Confirm your e-mail')),
  route('resetPassword', 'reset-password', ResetPasswordPage, {}, staffOptions('site', 'Set a new password')),
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

/** The route showing a path (main path or alias, any letter case), or the not-found route. */
export function findRoute(pathname: string): PageRoute {
  const wanted = pathKey(pathname);
  return (
    PAGE_ROUTES.find((entry) => [entry.path, ...entry.aliases].some((path) => pathKey(path) === wanted)) ??
    NOT_FOUND_ROUTE
  );
}
