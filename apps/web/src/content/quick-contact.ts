import { BRAND_NAME } from '@agency/shared';

/** The phone-only WhatsApp and call buttons (issue 10, item 10). */
export const QUICK_CONTACT = {
  label: 'Quick contact',
  whatsapp: 'Chat with us on WhatsApp (opens in a new tab)',
  call: 'Call us on',
  /** What the home page is called in the greeting; other pages go by their title. */
  homeName: 'home',
} as const;

/** The message WhatsApp opens with: it names the page, so whoever answers knows what the visitor was reading. */
export const whatsappGreeting = (pageName: string) =>
  `Hello ${BRAND_NAME}, I am on your ${pageName} page and would like to ask about...`;
