import { BRAND_COLOURS, BRAND_NAME, BRAND_PHONES, BRAND_TAGLINE, type PhoneNumber } from '@agency/shared';

export type { PhoneNumber } from '@agency/shared';
export { WHATSAPP_URL } from '@agency/shared';

/**
 * The agency's identity: the one module to edit for a new address or e-mail. Every page, the footer, the JSON-LD
 * and the og:images read from here; the name, tagline, colours and phones come from @agency/shared, which the
 * server's mails use too.
 */

export interface SocialLink {
  network: 'facebook' | 'instagram' | 'x' | 'tiktok' | 'youtube';
  label: string;
  url: string;
}

export const BRAND = {
  name: BRAND_NAME,
  tagline: BRAND_TAGLINE,
  shortDescription:
    'A Lagos digital agency building websites, apps, brands and campaigns for Nigerian businesses, and training the next generation of designers and developers.',
  logo: { src: '/images/logo.svg', width: 180, height: 40, alt: BRAND_NAME },
  colours: BRAND_COLOURS,
  phones: BRAND_PHONES,
  emails: {
    business: 'hello@rendezvousdigital.ng',
    training: 'training@rendezvousdigital.ng',
  },
  address: {
    street: '21 Acme Road, Ogba',
    locality: 'Ikeja',
    region: 'Lagos',
    postalCode: '100218',
    country: 'NG',
    countryName: 'Nigeria',
  },
  openingHours: 'Monday to Friday, 8:30am to 5:30pm; Saturday, 10am to 2pm',
  social: [
    { network: 'facebook', label: 'Facebook', url: 'https://www.facebook.com/rendezvousdigital' },
    { network: 'instagram', label: 'Instagram', url: 'https://www.instagram.com/rendezvousdigital' },
    { network: 'x', label: 'X', url: 'https://x.com/rendezvousdgtl' },
    { network: 'tiktok', label: 'TikTok', url: 'https://www.tiktok.com/@rendezvousdigital' },
    { network: 'youtube', label: 'YouTube', url: 'https://www.youtube.com/@rendezvousdigital' },
  ] satisfies SocialLink[],
} as const;

/** The full postal address on one line, as printed in the footer and on the contact page. */
export const FULL_ADDRESS = `${BRAND.address.street}, ${BRAND.address.locality}, ${BRAND.address.region}, ${BRAND.address.countryName}`;

export const telUrl = (phone: PhoneNumber) => `tel:${phone.e164}`;
export const mailUrl = (address: string) => `mailto:${address}`;
