/**
 * The agency's name, tagline and colours: the web pages, their link previews and every mail read them here.
 * The colours repeat apps/web/src/styles/tokens.css for what cannot read CSS (mails, drawn images, inline SVG).
 */
export const BRAND_NAME = 'Rendezvous Digital';
export const BRAND_TAGLINE = 'Your Digital Tech Rendezvous.';

export const BRAND_COLOURS = {
  brand: '#1b1fa8',
  brandDark: '#12157a',
  accent: '#ff6600',
  accentText: '#c2410c',
  surface: '#f8f8f8',
  text: '#161616',
} as const;

export interface PhoneNumber {
  /** As people read it on the page. */
  display: string;
  /** E.164 form for tel: links and JSON-LD. */
  e164: string;
}

/** The agency's phones: the pages show them and the visitor's auto-reply names them. */
export const BRAND_PHONES = {
  office: { display: '+234 813 700 4521', e164: '+2348137004521' },
  whatsapp: { display: '+234 902 118 6430', e164: '+2349021186430' },
} as const satisfies Record<string, PhoneNumber>;

/** wa.me links take the number without the plus sign. */
export const WHATSAPP_URL = `https://wa.me/${BRAND_PHONES.whatsapp.e164.replace('+', '')}`;
