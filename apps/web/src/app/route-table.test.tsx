import { describe, expect, it } from 'vitest';
import { BLOG } from '@/content/blog';
import { CASE_STUDIES } from '@/content/case-studies';
import { findRoute, NOT_FOUND_ROUTE, PAGE_ROUTES } from './route-table';

/** The routes table of docs/decisions/0001-architecture.md: main path, then its aliases. */
const CONTRACT: [string, ...string[]][] = [
  ['/', '/home-11178622', '/home'],
  ['/services'],
  ['/webdevelopment-0123456', '/webdevelopment'],
  ['/mobileapps-1234567', '/mobileapps'],
  ['/creativedesign-2345678', '/creativedesign'],
  ['/digitalmarketing-3456789', '/digitalmarketing'],
  ['/training-4567890', '/training'],
  ['/webdevelopment-training', '/webdevelopment-training-5678901'],
  ['/Creativegraphicdesign-training', '/creativegraphicdesign-training', '/creativegraphicdesign-training-6789012'],
  ['/ecommerce-7890123', '/ecommerce'],
  ['/about-8901234', '/about'],
  ['/portfolio-9012345', '/portfolio'],
  ['/blog', '/blog-30875200'],
  ['/contact-7709327', '/contact'],
  ['/request-a-quote-0163863', '/request-a-quote'],
  ['/privacy'],
  ['/blog/why-your-website-feels-slow-on-mobile-data'],
  ['/blog/five-things-to-settle-before-you-hire-a-designer'],
  ['/blog/getting-found-on-google-maps-lagos'],
  ['/portfolio-9012345/planetlaundromat', '/planetlaundromat', '/planetlaundromat-0987654'],
  ['/portfolio-9012345/acelubricant', '/acelubricant', '/acelubricant-9876543'],
  ['/portfolio-9012345/marvelmarts', '/marvelmarts', '/marvelmarts-8765432'],
  ['/portfolio-9012345/myduduke', '/myduduke', '/myduduke-7654321'],
  ['/portfolio-9012345/moplimoservices', '/moplimoservices', '/moplimoservices-6543210'],
  ['/portfolio-9012345/follyslobyng-1093563', '/follyslobyng-1093563', '/follyslobyng'],
  ['/portfolio-9012345/stpaulwithststephen', '/stpaulwithststephen', '/stpaulwithststephen-5432109'],
  ['/portfolio-9012345/elfrenllc', '/elfrenllc', '/elfrenllc-4076453'],
  ['/portfolio-9012345/hoperisecharity', '/hoperisecharity', '/hoperisecharity-7023198'],
  ['/auth'],
  ['/dashboard'],
  ['/dashboard/staff'],
  ['/dashboard/audit-log'],
  ['/dashboard/data-requests'],
  ['/dashboard/business-hours'],
  ['/dashboard/saved-replies'],
  ['/dashboard/reports'],
  ['/dashboard/content'],
  ['/dashboard/profile'],
  ['/confirm-email'],
  ['/reset-password'],
  ['/awaiting-approval'],
  ['/new-confirmation-link'],
  ['/new-confirmation-link/sent'],
];

describe('the route table', () => {
  it.each(CONTRACT)('shows the page of %s at its main path and at every alias', (mainPath, ...aliases) => {
    for (const path of [mainPath, ...aliases]) {
      expect(findRoute(path).path).toBe(mainPath);
    }
  });

  it('holds exactly the pages of the contract, no more', () => {
    expect(PAGE_ROUTES.map((route) => route.path).sort()).toEqual(CONTRACT.map(([mainPath]) => mainPath).sort());
  });

  it('matches paths whatever their letter case and with a trailing slash', () => {
    expect(findRoute('/ABOUT-8901234/').path).toBe('/about-8901234');
    expect(findRoute('/Portfolio-9012345/PlanetLaundromat').path).toBe('/portfolio-9012345/planetlaundromat');
  });

  it('shows the not-found page for an unknown path or slug', () => {
    expect(findRoute('/no-such-page')).toBe(NOT_FOUND_ROUTE);
    expect(findRoute('/portfolio-9012345/unknown-client')).toBe(NOT_FOUND_ROUTE);
    expect(findRoute('/about-8901234/extra')).toBe(NOT_FOUND_ROUTE);
  });

  it('keeps the staff screens out of search engines and the rest in', () => {
    const hidden = PAGE_ROUTES.filter((route) => !route.indexable).map((route) => route.path);
    expect(hidden.sort()).toEqual([
      '/auth',
      '/awaiting-approval',
      '/confirm-email',
      '/dashboard',
      '/dashboard/audit-log',
      '/dashboard/business-hours',
      '/dashboard/content',
      '/dashboard/data-requests',
      '/dashboard/profile',
      '/dashboard/reports',
      '/dashboard/saved-replies',
      '/dashboard/staff',
      '/new-confirmation-link',
      '/new-confirmation-link/sent',
      '/reset-password',
    ]);
  });

  it('renders /auth, the staff area and the reset and confirmation links outside the shared layout, every other page inside it', () => {
    const bare = PAGE_ROUTES.filter((route) => route.chrome === 'bare').map((route) => route.path);
    expect(bare.sort()).toEqual([
      '/auth',
      '/confirm-email',
      '/dashboard',
      '/dashboard/audit-log',
      '/dashboard/business-hours',
      '/dashboard/content',
      '/dashboard/data-requests',
      '/dashboard/profile',
      '/dashboard/reports',
      '/dashboard/saved-replies',
      '/dashboard/staff',
      '/reset-password',
    ]);
  });

  it('has a case study to show for every case page, and a case page for every case study', () => {
    const casePaths = PAGE_ROUTES.filter((route) => route.id.startsWith('case-')).map((route) => route.path);
    expect(casePaths).toEqual(CASE_STUDIES.map((caseStudy) => caseStudy.mainPath));
  });

  it('has an article page for every article the blog lists, under the blog in its breadcrumbs', () => {
    const articles = PAGE_ROUTES.filter((route) => route.id.startsWith('blog-'));
    expect(articles.map((route) => route.path)).toEqual(BLOG.posts.map((post) => `/blog/${post.slug}`));
    for (const article of articles) {
      expect(article.indexable).toBe(true);
      expect(article.trail.map((crumb) => crumb.to)).toEqual(['/', '/blog']);
    }
  });

  it('gives every page a distinct id, used for its og:image file', () => {
    const ids = PAGE_ROUTES.map((route) => route.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
