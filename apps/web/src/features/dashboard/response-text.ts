import type { EnquiryDetail, ResponseDue } from '@agency/shared';

/** Words for issue 21's first-response state, as the enquiry view and the list rows show it (Lagos time). */

const CHANNEL_WORDS = { email: 'by e-mail', whatsapp: 'on WhatsApp', call: 'by phone' } as const;

const LAGOS_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' });
const LAGOS_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const LAGOS_DATE = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Lagos', day: 'numeric', month: 'short' });

/** "10:30 today", "10:30 tomorrow", or "10:30 on 3 Dec": a due time against now, in Lagos. */
export function dueTimeText(iso: string, now: Date, bare = false): string {
  const due = new Date(iso);
  const time = LAGOS_TIME.format(due);
  const day = LAGOS_DAY.format(due);
  if (day === LAGOS_DAY.format(now)) return bare ? time : `${time} today`;
  if (day === LAGOS_DAY.format(new Date(now.getTime() + 86_400_000))) return `${time} tomorrow`;
  return `${time} on ${LAGOS_DATE.format(due)}`;
}

/** Business time in words: "42 business minutes", "1 business hour", "3 business hours 5 minutes". */
export function businessDurationText(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `${minutes} business ${minutes === 1 ? 'minute' : 'minutes'}`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const hourText = `${hours} business ${hours === 1 ? 'hour' : 'hours'}`;
  return rest === 0 ? hourText : `${hourText} ${rest} ${rest === 1 ? 'minute' : 'minutes'}`;
}

/**
 * The enquiry's first-response line: "Answered on WhatsApp by amaka after 42 business minutes", "Overdue: due 10:30
 * today", "Due soon: 10:30", "Answer due by 10:30 today"; null where nothing is due (spam, trash, older enquiries).
 */
export function responseText(
  enquiry: Pick<EnquiryDetail, 'firstResponse' | 'responseDueAt' | 'responseState'>,
  now: Date,
): string | null {
  const { firstResponse, responseDueAt } = enquiry;
  switch (enquiry.responseState) {
    case 'answered':
      return firstResponse
        ? `Answered ${CHANNEL_WORDS[firstResponse.channel]} by ${firstResponse.byName} after ${businessDurationText(firstResponse.businessMs)}`
        : 'Answered';
    case 'overdue':
      return responseDueAt ? `Overdue: due ${dueTimeText(responseDueAt, now)}` : 'Overdue';
    case 'due-soon':
      return responseDueAt ? `Due soon: ${dueTimeText(responseDueAt, now, true)}` : 'Due soon';
    case 'open':
      return responseDueAt ? `First answer due by ${dueTimeText(responseDueAt, now)}` : null;
    case 'spam':
    case 'trash':
    case 'no-target':
      return null;
  }
}

/** A list row's badge: "Overdue" or "Due soon", and "due 10:30 today" for screen readers and a tooltip; or null. */
export function dueBadgeOf(due: ResponseDue, now: Date): { label: string; description: string } | null {
  if (!due) return null;
  return due.state === 'overdue'
    ? { label: 'Overdue', description: `due ${dueTimeText(due.at, now)}` }
    : { label: 'Due soon', description: `due ${dueTimeText(due.at, now)}` };
}
