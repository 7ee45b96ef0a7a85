import type { OutgoingMail } from '../../lib/mailer';
import { layoutHtml, signature } from '../../lib/mail-templates';

/** Business time as people say it: `45 min`, `1 h`, `2 h 5 min`. */
export function businessDurationText(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

export interface ReminderMailInput {
  to: string;
  /** The kind as the dashboard's tab names it ("Contact"). */
  kindLabel: string;
  reference: string;
  enquiryName: string;
  /** Business time since it arrived. */
  waitedMs: number;
  /** The kind's target in business time. */
  targetMs: number;
  /** The enquiry's own address in the dashboard (dashboardEnquiryPath). */
  link: string;
}

/** To the assignee (or every staff member) at 75 % of the target: short, which enquiry, how long, the link. */
export function responseReminderMail(input: ReminderMailInput): OutgoingMail {
  const waited = businessDurationText(input.waitedMs);
  const target = businessDurationText(input.targetMs);
  const lines = [
    `${input.kindLabel} enquiry ${input.reference} from ${input.enquiryName} has waited ${waited} of business time for a first answer.`,
    `Its target is ${target}. Answer it, or snooze it if it has to wait.`,
  ];
  return {
    to: input.to,
    subject: `Reminder: ${input.reference} from ${input.enquiryName} waits for an answer (${waited})`,
    text: `${lines.join('\n\n')}\n\nOpen it: ${input.link}${signature()}`,
    html: layoutHtml(`Reminder: ${input.reference}`, lines, { label: 'Open this enquiry', href: input.link }),
  };
}

/** To the owners when the target is reached without an answer. */
export function responseEscalationMail(input: ReminderMailInput): OutgoingMail {
  const waited = businessDurationText(input.waitedMs);
  const target = businessDurationText(input.targetMs);
  const lines = [
    `${input.kindLabel} enquiry ${input.reference} from ${input.enquiryName} has waited ${waited} of business time without a first answer: past its target of ${target}.`,
  ];
  return {
    to: input.to,
    subject: `Overdue: ${input.reference} from ${input.enquiryName} has no answer after ${waited}`,
    text: `${lines.join('\n\n')}\n\nOpen it: ${input.link}${signature()}`,
    html: layoutHtml(`Overdue: ${input.reference}`, lines, { label: 'Open this enquiry', href: input.link }),
  };
}
