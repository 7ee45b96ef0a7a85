import {
  ASSIGNMENT_MAIL_COPY,
  BRAND_COLOURS,
  BRAND_NAME,
  BRAND_PHONES,
  BRAND_TAGLINE,
  escapeHtml,
  internationalPhoneOf,
  STAFF_MAIL_COPY,
  WHATSAPP_URL,
} from '@agency/shared';
import type { OutgoingMail } from './mailer';

/**
 * A link whose address is its text (the fallback under a button): an address has no spaces to wrap at, so it may
 * break anywhere rather than push a 375 px screen sideways (issue 17).
 */
function wrappingLinkHtml(href: string): string {
  return `<a href="${escapeHtml(href)}" style="color:${BRAND_COLOURS.brand};word-break:break-all;overflow-wrap:anywhere">${escapeHtml(href)}</a>`;
}

/**
 * Every mail's page: one column at most 560 px wide and never wider than the screen, no fixed-width table, text that
 * wraps even inside long words a visitor typed, so each mail fits a 375 px phone (tested in Chromium).
 */
export function layoutHtml(
  title: string,
  paragraphs: string[],
  action?: { label: string; href: string },
  extraHtml = '',
): string {
  const body = paragraphs.map((text) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`).join('') + extraHtml;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.href)}" style="display:inline-block;max-width:100%;box-sizing:border-box;background:${BRAND_COLOURS.accent};color:#111;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:14px">If the button does not work, copy this address into your browser:<br>${wrappingLinkHtml(action.href)}</p>`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:${BRAND_COLOURS.surface};font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1.5">
<div style="width:100%;max-width:560px;box-sizing:border-box;margin:0 auto;padding:24px;overflow-wrap:anywhere;word-break:break-word">
<h1 style="color:${BRAND_COLOURS.brand};font-size:22px;margin:0 0 16px">${escapeHtml(BRAND_NAME)}</h1>
${body}${button}
<p style="margin:32px 0 0;font-size:13px;color:#444">${escapeHtml(BRAND_NAME)}: ${escapeHtml(BRAND_TAGLINE)}</p>
</div></body></html>`;
}

export function signature(): string {
  return `\n\n${BRAND_NAME}\n${BRAND_TAGLINE}\n`;
}

export function confirmationMail(to: string, link: string): OutgoingMail {
  const lines = [
    `Thank you for registering for the ${BRAND_NAME} staff area.`,
    'Please confirm your e-mail address with the link below. It is valid for 24 hours.',
    'If you did not register, you can ignore this e-mail.',
  ];
  return {
    to,
    subject: `Confirm your e-mail address for ${BRAND_NAME}`,
    text: `Hello,\n\n${lines.join('\n\n')}\n\n${link}${signature()}`,
    html: layoutHtml('Confirm your e-mail address', ['Hello,', ...lines], { label: 'Confirm my e-mail', href: link }),
    link,
  };
}

export function resetMail(to: string, link: string): OutgoingMail {
  const lines = [
    `Someone asked to reset the password of your ${BRAND_NAME} staff account.`,
    'Choose a new password with the link below. It is valid for 1 hour and works once.',
    'If you did not ask for this, you can ignore this e-mail; your password stays as it is.',
  ];
  return {
    to,
    subject: `Reset your ${BRAND_NAME} password`,
    text: `Hello,\n\n${lines.join('\n\n')}\n\n${link}${signature()}`,
    html: layoutHtml('Reset your password', ['Hello,', ...lines], { label: 'Choose a new password', href: link }),
    link,
  };
}

export function accountExistsMail(to: string, signInLink: string): OutgoingMail {
  const lines = [
    `Someone just tried to register a ${BRAND_NAME} staff account with this e-mail address, which already has one.`,
    'If it was you, sign in with the link below; if you forgot your password, choose "Forgot password? Reset" there.',
    'If it was not you, you can ignore this e-mail; nothing has changed.',
  ];
  return {
    to,
    subject: `You already have a ${BRAND_NAME} staff account`,
    text: `Hello,\n\n${lines.join('\n\n')}\n\n${signInLink}${signature()}`,
    html: layoutHtml('You already have an account', ['Hello,', ...lines], { label: 'Sign in', href: signInLink }),
  };
}

/** An owner approved the account (issue 12): it can sign in now, no restart or second mail needed. */
export function accountApprovedMail(to: string, signInLink: string): OutgoingMail {
  const lines = [
    `Your ${BRAND_NAME} staff account has been approved.`,
    'You can now sign in with your e-mail address and password and read the enquiries.',
  ];
  return {
    to,
    subject: `Your ${BRAND_NAME} staff account is approved`,
    text: `Hello,\n\n${lines.join('\n\n')}\n\n${signInLink}${signature()}`,
    html: layoutHtml('Your account is approved', ['Hello,', ...lines], { label: 'Sign in', href: signInLink }),
  };
}

/** A registered account confirmed its address and waits for an owner (issue 17): one mail to each owner. */
export function approvalWaitingMail(to: string, applicant: string, staffLink: string): OutgoingMail {
  const lines = [
    `${applicant} has confirmed their e-mail address and is waiting for approval to use the ${BRAND_NAME} staff area.`,
    'Approve or refuse them on the Staff page. Until you do, they cannot read any enquiry.',
  ];
  return {
    to,
    subject: `${applicant} is waiting for approval`,
    text: `Hello,\n\n${lines.join('\n\n')}\n\n${staffLink}${signature()}`,
    html: layoutHtml('Someone is waiting for approval', ['Hello,', ...lines], {
      label: 'Open the Staff page',
      href: staffLink,
    }),
  };
}

/** One field of an enquiry under its human label; e-mail and phone values become tappable links. */
export interface NotifiedField {
  label: string;
  value: string;
  kind?: 'email' | 'phone';
}

/**
 * A phone number as a tel: link: a Nigerian number (stored as `0803…` since issue 17) with its country code, so it
 * dials from abroad too; anything else as its digits and a leading plus.
 */
export function telHref(phone: string): string {
  const international = internationalPhoneOf(phone);
  if (international) return `tel:+${international}`;
  const trimmed = phone.trim();
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/\D/g, '')}`;
}

function fieldHtml({ label, value, kind }: NotifiedField): string {
  // The visitor's line breaks survive: escaped text, then each newline a <br>.
  const text = escapeHtml(value).replace(/\r?\n/g, '<br>');
  const href = kind === 'email' ? `mailto:${value.trim()}` : kind === 'phone' ? telHref(value) : undefined;
  const shown = href ? `<a href="${escapeHtml(href)}" style="color:${BRAND_COLOURS.brand}">${text}</a>` : text;
  return (
    `<p style="margin:0 0 4px;font-size:13px;font-weight:600;color:#444">${escapeHtml(label)}</p>` +
    `<p style="margin:0 0 16px">${shown}</p>`
  );
}

/**
 * A new enquiry for the staff: the subject names the kind and the visitor, every field stands under its label, and
 * the mail sends them to the enquiry in the dashboard to answer it there (issue 23), where colleagues see who has it
 * and who is answering. No Reply-To: a reply from a mail program would bypass the enquiry's conversation.
 */
export function staffNotificationMail(input: {
  to: string;
  kindTitle: string;
  reference: string;
  visitorName: string;
  fields: NotifiedField[];
  /** The enquiry's own address in the dashboard (dashboardEnquiryPath), not the dashboard's. */
  dashboardLink: string;
}): OutgoingMail {
  const { kindTitle, reference, visitorName, fields, dashboardLink } = input;
  const intro = `A new ${kindTitle} (${reference}) from ${visitorName} has arrived on the website. ${STAFF_MAIL_COPY.ANSWER_IN_APP}`;
  const textFields = fields.map(({ label, value }) => `${label}:\n${value.replace(/^/gm, '  ')}`).join('\n\n');
  return {
    to: input.to,
    subject: `New ${kindTitle} ${reference} from ${visitorName}`,
    text: `${intro}\n\n${STAFF_MAIL_COPY.OPEN}: ${dashboardLink}\n\n${textFields}${signature()}`,
    html: layoutHtml(
      `New ${kindTitle}`,
      [intro],
      { label: STAFF_MAIL_COPY.OPEN, href: dashboardLink },
      fields.map(fieldHtml).join(''),
    ),
  };
}

/**
 * A colleague assigned an enquiry to this person (issue 23, docs/decisions/0046): who, which enquiry, the link that
 * opens it, and where to turn these mails off.
 */
export function assignmentMail(input: {
  to: string;
  assignerName: string;
  kindTitle: string;
  reference: string;
  visitorName: string;
  /** The enquiry's own address in the dashboard (dashboardEnquiryPath). */
  enquiryLink: string;
  /** Where the person's choice is shown. */
  settingLink: string;
}): OutgoingMail {
  const { assignerName, kindTitle, reference, visitorName, enquiryLink, settingLink } = input;
  const lines = [
    `${assignerName} assigned you the ${kindTitle} ${reference} from ${visitorName}.`,
    STAFF_MAIL_COPY.ANSWER_IN_APP,
  ];
  const footer = `You get this mail because "${ASSIGNMENT_MAIL_COPY.SWITCH}" is on. Turn it off in the staff dashboard: ${settingLink}`;
  return {
    to: input.to,
    subject: `${reference} is assigned to you: ${kindTitle} from ${visitorName}`,
    text: `Hello,\n\n${lines.join('\n\n')}\n\n${STAFF_MAIL_COPY.OPEN}: ${enquiryLink}\n\n${footer}${signature()}`,
    html: layoutHtml(
      `${reference} is assigned to you`,
      ['Hello,', ...lines],
      { label: STAFF_MAIL_COPY.OPEN, href: enquiryLink },
      `<p style="margin:0 0 16px;font-size:14px">${escapeHtml(`You get this mail because "${ASSIGNMENT_MAIL_COPY.SWITCH}" is on. Turn it off in the `)}<a href="${escapeHtml(settingLink)}" style="color:${BRAND_COLOURS.brand}">staff dashboard</a>.</p>`,
    ),
  };
}

/**
 * The visitor's receipt (issues 10 and 17): the reference in the subject, what happens next as the form's page
 * promises it, and how to reach the agency sooner. It repeats nothing the visitor typed but their name (null when it
 * looked like an address), so it can carry no one's link to whatever address was typed. Replies go to
 * REPLY_TO_ADDRESS, and the copy invites them.
 */
export function autoReplyMail(input: {
  to: string;
  replyTo: string;
  visitorName: string | null;
  kindTitle: string;
  reference: string;
  /** The kind's reply promise: "we reply within one working day". */
  promise: string;
}): OutgoingMail {
  const { visitorName, kindTitle, reference, promise } = input;
  const greeting = visitorName === null ? 'Hello,' : `Hello ${visitorName},`;
  const lines = [
    `Thank you for your ${kindTitle}. We have received it, and its reference is ${reference}.`,
    `What happens next: ${promise}.`,
    `If you want to add something or ask a question, reply to this e-mail and quote your reference ${reference}.`,
    `If it is urgent, call us on ${BRAND_PHONES.office.display} or send a WhatsApp message to ${BRAND_PHONES.whatsapp.display}.`,
  ];
  const contactHtml =
    `<p style="margin:0 0 16px">Call <a href="${escapeHtml(telHref(BRAND_PHONES.office.e164))}">${escapeHtml(BRAND_PHONES.office.display)}</a>` +
    ` or WhatsApp <a href="${escapeHtml(WHATSAPP_URL)}">${escapeHtml(BRAND_PHONES.whatsapp.display)}</a>.</p>`;
  return {
    to: input.to,
    replyTo: input.replyTo,
    subject: `We have your ${kindTitle}: reference ${reference}`,
    text: `${greeting}\n\n${lines.join('\n\n')}${signature()}`,
    html: layoutHtml(`Your reference is ${reference}`, [greeting, ...lines], undefined, contactHtml),
  };
}
