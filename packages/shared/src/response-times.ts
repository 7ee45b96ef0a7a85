/**
 * Issue 21: first-response targets per kind, the channels a first answer can take, and where an enquiry came from.
 * docs/decisions/0038-0042 explain them; the columns are migration 0017's.
 */
import { ENQUIRY_KINDS, MESSAGE_KINDS, type MessageKind } from './enquiry-kinds';

/**
 * Business minutes to the first human answer, by default, from each kind's definition: an hour for contact and quote,
 * four for trainings.
 */
export const DEFAULT_RESPONSE_TARGET_MINUTES = Object.fromEntries(
  MESSAGE_KINDS.map((kind) => [kind, ENQUIRY_KINDS[kind].inbox.responseTargetMinutes]),
) as Record<MessageKind, number>;

/**
 * The statuses in which an enquiry still waits for its first answer, when none is recorded. Contacted is one: a tap
 * on WhatsApp or Call moves New to Contacted by itself, and a tap is an attempt, not an answer, so the reminders, the
 * overdue mark and the digest keep counting it until someone records the answer (or snoozes it). Won, Lost, Enrolled
 * and Declined are decisions: nobody is reminded of them.
 */
export const AWAITING_ANSWER_STATUSES = ['new', 'contacted'] as const;

/** Whether an enquiry in this status still waits for a first answer when none is recorded. */
export function awaitsAnswer(status: string): boolean {
  return (AWAITING_ANSWER_STATUSES as readonly string[]).includes(status);
}

/** The reminder goes to the assignee (or every staff member) at this share of the target; owners at breach. */
export const REMINDER_SHARE = 0.75;

/** The ways a first answer reaches a customer: an e-mail sent from the app, or a WhatsApp message or call confirmed. */
export const FIRST_RESPONSE_CHANNELS = ['email', 'whatsapp', 'call'] as const;
export type FirstResponseChannel = (typeof FIRST_RESPONSE_CHANNELS)[number];

/** The class of the site a visitor came from: a search engine, a social network, another site, or none. */
export const SOURCE_CLASSES = ['search', 'social', 'site', 'direct'] as const;
export type SourceClass = (typeof SOURCE_CLASSES)[number];

/** What an enquiry's first touch says, as columns keep it (migration 0017). */
export interface FirstTouchSource {
  sourceClass: SourceClass | null;
  sourceHost: string | null;
  utmSource: string | null;
}

/**
 * The one name a report, a digest and an export give a source: the campaign's `utm_source` when the link had one,
 * else the referring site without `www.` ("google.com", "nairaland.com"), else "Direct", or "Not recorded" for
 * enquiries that carried nothing (older clients, enquiries from before the upgrade).
 */
export function sourceLabelOf(source: FirstTouchSource): string {
  const campaign = source.utmSource?.trim();
  if (campaign) return campaign.toLowerCase();
  if (source.sourceHost) return source.sourceHost.replace(/^www\./, '');
  if (source.sourceClass === 'direct') return 'Direct';
  return 'Not recorded';
}
