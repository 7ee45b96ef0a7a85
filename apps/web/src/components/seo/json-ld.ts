import { PATHS } from '@agency/shared';
import { BRAND } from '@/content/brand';
import { SERVICES_MENU, type NavLink } from '@/content/navigation';
import { absoluteUrl } from './site-url';

const SCHEMA_ORG = 'https://schema.org';

/**
 * The agency as schema.org ProfessionalService (an Organization), on every page. Its @id lets the other nodes of
 * any page refer to the same organisation.
 */
export function organizationJsonLd(): object {
  return {
    '@context': SCHEMA_ORG,
    '@type': 'ProfessionalService',
    '@id': absoluteUrl('/#organization'),
    name: BRAND.name,
    slogan: BRAND.tagline,
    description: BRAND.shortDescription,
    url: absoluteUrl(PATHS.home),
    logo: absoluteUrl(BRAND.logo.src),
    image: absoluteUrl('/og/home.png'),
    telephone: BRAND.phones.office.e164,
    email: BRAND.emails.business,
    address: {
      '@type': 'PostalAddress',
      streetAddress: BRAND.address.street,
      addressLocality: BRAND.address.locality,
      addressRegion: BRAND.address.region,
      postalCode: BRAND.address.postalCode,
      addressCountry: BRAND.address.country,
    },
    areaServed: 'NG',
    sameAs: BRAND.social.map((link) => link.url),
    hasOfferCatalog: {
      '@type': 'OfferCatalog',
      name: 'Services',
      itemListElement: SERVICES_MENU.map((item) => ({
        '@type': 'Offer',
        itemOffered: { '@type': 'Service', name: item.label, description: item.blurb, url: absoluteUrl(item.to) },
      })),
    },
  };
}

/** schema.org BreadcrumbList of a page: the pages above it, home first, and the page itself last. */
export function breadcrumbJsonLd(trail: readonly NavLink[]): object {
  return {
    '@context': SCHEMA_ORG,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.label,
      item: absoluteUrl(crumb.to),
    })),
  };
}

export interface ArticleFacts {
  headline: string;
  description: string;
  /** The article's own path; its canonical address. */
  path: string;
  /** YYYY-MM-DD */
  datePublished: string;
  section: string;
  wordCount: number;
  imagePath: string;
}

/** schema.org Article of a blog post, written and published by the agency (the organisation node of every page). */
export function articleJsonLd(article: ArticleFacts): object {
  const organization = { '@id': absoluteUrl('/#organization') };
  return {
    '@context': SCHEMA_ORG,
    '@type': 'Article',
    headline: article.headline,
    description: article.description,
    url: absoluteUrl(article.path),
    mainEntityOfPage: absoluteUrl(article.path),
    image: absoluteUrl(article.imagePath),
    datePublished: article.datePublished,
    dateModified: article.datePublished,
    inLanguage: 'en-NG',
    articleSection: article.section,
    wordCount: article.wordCount,
    author: { ...organization, '@type': 'Organization', name: BRAND.name, url: absoluteUrl(PATHS.home) },
    publisher: organization,
  };
}
