import { BRAND_COLOURS, BRAND_NAME, BRAND_TAGLINE, escapeHtml } from '@agency/shared';
import type { OutgoingMail } from './mailer';

function layoutHtml(title: string, paragraphs: string[], action?: { label: string; href: string }): string {
  const body = paragraphs.map((text) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.href)}" style="background:${BRAND_COLOURS.accent};color:#111;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:14px">If the button does not work, copy this address into your browser:<br>${escapeHtml(action.href)}</p>`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:${BRAND_COLOURS.surface};font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1.5">
<div style="max-width:560px;margin:0 auto;padding:24px">
<h1 style="color:${BRAND_COLOURS.brand};font-size:22px;margin:0 0 16px">${escapeHtml(BRAND_NAME)}</h1>
${body}${button}
<p style="margin:32px 0 0;font-size:13px;color:#444">${escapeHtml(BRAND_NAME)}: ${escapeHtml(BRAND_TAGLINE)}</p>
</div></body></html>`;
}

function signature(): string {
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

export function staffNotificationMail(
  to: string,
  kindTitle: string,
  fields: Array<[label: string, value: string]>,
  dashboardLink: string,
): OutgoingMail {
  const intro = `A new ${kindTitle} has arrived on the website.`;
  const textFields = fields.map(([label, value]) => `${label}: ${value}`).join('\n');
  const htmlFields = fields.map(([label, value]) => `${label}: ${value}`);
  return {
    to,
    subject: `New ${kindTitle} on the ${BRAND_NAME} website`,
    text: `${intro}\n\n${textFields}\n\nRead it in the staff dashboard: ${dashboardLink}${signature()}`,
    html: layoutHtml(`New ${kindTitle}`, [intro, ...htmlFields], { label: 'Open the dashboard', href: dashboardLink }),
  };
}
