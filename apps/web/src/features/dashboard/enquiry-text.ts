import {
  BRAND_NAME,
  FOLDER_LABELS,
  internationalPhoneOf,
  RETENTION_DAYS,
  STATUS_LABELS,
  type ContactChannel,
  type EnquiryDetail,
  type EnquiryStatus,
  type HistoryEvent,
  type InboxFolder,
  type StaffMember,
} from '@agency/shared';
import { assigneeName } from './dashboard-context';
import { formatLagosDate } from '@/lib/format-date';

/** A field's value as text: lists joined with commas, an unset value as "Not given". */
export function fieldText(value: unknown): string {
  if (Array.isArray(value)) return value.length > 0 ? value.join(', ') : 'Not given';
  if (value === null || value === undefined || value === '') return 'Not given';
  return String(value);
}

const SPAM_REASONS: Record<string, string> = {
  honeypot: 'filled in the hidden field that only robots see',
  'too-fast': 'sent faster than a person can type',
};

export const spamReasonText = (reason: string) => `Caught as spam: ${SPAM_REASONS[reason] ?? reason}.`;

export const trashText = (trashedAt: string) =>
  `Deleted ${formatLagosDate(trashedAt)}. Deleted enquiries are purged after ${RETENTION_DAYS.TRASH_AND_SPAM} days.`;

/** A tap on a one-tap answer is an attempt (issue 21): only a confirmation or a reply sent from the app answers. */
const CHANNEL_WORDS: Record<ContactChannel, string> = {
  whatsapp: 'tried WhatsApp',
  call: 'tried calling',
  email: 'opened an e-mail to them',
};

/** How a confirmed first answer is told in the history. */
const REACHED_WORDS: Record<string, string> = {
  whatsapp: 'reached them on WhatsApp',
  call: 'reached them by phone',
};

const statusLabel = (value: string | null) =>
  value && value in STATUS_LABELS ? STATUS_LABELS[value as EnquiryStatus] : (value ?? 'none');

const staffLabel = (staff: readonly StaffMember[], value: string | null) =>
  value === null || value === '' ? 'nobody' : assigneeName(staff, Number(value));

/** One history line in plain words: "Ada set the status from New to Contacted". */
export function historyText(event: HistoryEvent, staff: readonly StaffMember[]): string {
  const who = event.actorName;
  switch (event.action) {
    case 'status':
      return `${who} set the status from ${statusLabel(event.from)} to ${statusLabel(event.to)}`;
    case 'assignee':
      return event.to === null || event.to === ''
        ? `${who} unassigned it (it was ${staffLabel(staff, event.from)})`
        : `${who} assigned it to ${staffLabel(staff, event.to)}`;
    case 'note':
      return `${who} added a note`;
    case 'trash':
      return `${who} moved it to the trash`;
    case 'restore':
      return `${who} restored it from the trash`;
    case 'not-spam':
      return `${who} marked it as not spam`;
    case 'contacted':
      return `${who} ${CHANNEL_WORDS[event.to as ContactChannel] ?? `contacted them (${event.to ?? 'unknown'})`}`;
    case 'first-response':
      return `${who} ${REACHED_WORDS[event.to ?? ''] ?? `reached them (${event.to ?? 'unknown'})`}`;
    case 'snooze':
      if (event.to === null) return `${who} cleared the snooze`;
      return event.to === 'reply'
        ? `${who} snoozed it until they reply`
        : `${who} snoozed it until ${formatLagosDate(event.to)}`;
    case 'undo':
      return event.to !== null && event.to in FOLDER_LABELS
        ? `${who} undid the move: back to ${FOLDER_LABELS[event.to as InboxFolder]}`
        : `${who} undid the status change: back to ${statusLabel(event.to)}`;
  }
}

/** The first name to greet: a training's first name, or the first word of the name given. */
function firstNameOf(enquiry: EnquiryDetail): string {
  const given = enquiry.fields.firstname;
  if (typeof given === 'string' && given.trim()) return given.trim();
  return enquiry.name.trim().split(/\s+/)[0] ?? '';
}

export interface AnswerLinks {
  whatsapp: string | null;
  call: string | null;
  email: string;
}

/** The one-tap answers: WhatsApp and a call need a number that normalises; e-mail always works. */
export function answerLinksOf(enquiry: EnquiryDetail): AnswerLinks {
  const international = internationalPhoneOf(enquiry.phone);
  const greeting = `Hello ${firstNameOf(enquiry)}, this is ${BRAND_NAME} about your enquiry ${enquiry.reference}.`;
  const subject = `Re: your enquiry ${enquiry.reference}`;
  return {
    whatsapp: international ? `https://wa.me/${international}?text=${encodeURIComponent(greeting)}` : null,
    call: international ? `tel:+${international}` : null,
    email: `mailto:${enquiry.email}?subject=${encodeURIComponent(subject)}`,
  };
}
