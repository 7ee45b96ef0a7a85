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
