import { PATHS } from '@agency/shared';
import { BRAND } from '@/content/brand';
import { SERVICES_MENU } from '@/content/navigation';
import { absoluteUrl } from './site-url';

/** schema.org ProfessionalService for the agency, shown on the home and contact pages. */
export function businessJsonLd(): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
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
