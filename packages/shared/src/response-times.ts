/**
 * Issue 21: first-response targets per kind, the channels a first answer can take, and where an enquiry came from.
 * docs/decisions/0038-0042 explain them; the columns are migration 0017's.
 */
import type { MessageKind } from './enquiry-kinds';

/** Business minutes to the first human answer, by default: an hour for contact and quote, four for trainings. */
export const DEFAULT_RESPONSE_TARGET_MINUTES: Record<MessageKind, number> = {
  contact: 60,
  request_quote: 60,
  web_dev: 240,
  creative_design: 240,
};

/** The reminder goes to the assignee (or every staff member) at this share of the target; owners at breach. */
export const REMINDER_SHARE = 0.75;

/** The ways a first answer reaches a customer: an e-mail sent from the app, or a WhatsApp message or call confirmed. */
export const FIRST_RESPONSE_CHANNELS = ['email', 'whatsapp', 'call'] as const;
export type FirstResponseChannel = (typeof FIRST_RESPONSE_CHANNELS)[number];

/** The class of the site a visitor came from: a search engine, a social network, another site, or none. */
export const SOURCE_CLASSES = ['search', 'social', 'site', 'direct'] as const;
export type SourceClass = (typeof SOURCE_CLASSES)[number];
