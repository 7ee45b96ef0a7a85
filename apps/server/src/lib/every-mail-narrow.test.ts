import { describe, expect, it } from 'vitest';
import { PATHS } from '@agency/shared';
import { replyNotificationMail } from '../modules/conversations/inbound.service';
import { replyHtmlOf } from '../modules/conversations/replies';
import { digestMail } from '../modules/digest/digest-mail';
import { responseEscalationMail, responseReminderMail } from '../modules/reminders/reminder-mails';
import { PHONE_WIDTH, usePhonePage } from '../test/phone-page';
import {
  accountApprovedMail,
  accountExistsMail,
  approvalWaitingMail,
  autoReplyMail,
  confirmationMail,
  resetMail,
} from './mail-templates';

/**
 * Every mail the product sends, the ones outside mail-templates.ts included (the digest, the reminders, a staff
 * reply, the note that a customer replied): each declares a viewport, so a phone lays it out at its own width instead
 * of a 980 px desktop page, and at 375 px in the system Chromium nothing pushes it sideways (issue 23 item 5).
 */
const APP_URL = 'https://www.rendezvousdigital.ng';
const LONG_LINK = `${APP_URL}/dashboard?kind=web_dev&enquiry=12345&from=${'abcdefghij'.repeat(8)}`;
const LONG_NAME = 'Chukwuemeka Adebayo-Okonkwo-Oluwaseun';
const LONG_WORD = 'https://example.ng/' + 'a-very-long-path-segment-without-any-space'.repeat(4);
const VIEWPORT = '<meta name="viewport" content="width=device-width, initial-scale=1">';

const reminder = {
  to: 'staff@example.ng',
  kindLabel: 'Web Development',
  reference: 'RD-26-00012',
  enquiryName: LONG_NAME,
  waitedMs: 3 * 60 * 60 * 1000,
  targetMs: 4 * 60 * 60 * 1000,
  link: LONG_LINK,
};

const MAILS: Array<{ name: string; html: string | undefined }> = [
  { name: 'confirmation', html: confirmationMail('ada@example.ng', `${APP_URL}${PATHS.confirmEmail}?token=x`).html },
  { name: 'password reset', html: resetMail('ada@example.ng', `${APP_URL}${PATHS.resetPassword}?token=x`).html },
  { name: 'account exists', html: accountExistsMail('ada@example.ng', `${APP_URL}${PATHS.auth}`).html },
  { name: 'account approved', html: accountApprovedMail('ada@example.ng', `${APP_URL}${PATHS.auth}`).html },
  { name: 'waiting for approval', html: approvalWaitingMail('o@example.ng', 'a@example.ng', LONG_LINK).html },
  {
    name: 'auto-reply',
    html: autoReplyMail({
      to: 'ada@example.ng',
      replyTo: 'hello@rendezvousdigital.ng',
      visitorName: LONG_NAME,
      kindTitle: 'web development training registration',
      reference: 'RD-26-00012',
      promise: 'we reply within two working days',
    }).html,
  },
  {
    name: 'digest',
    html: digestMail('staff@example.ng', {
      dayLabel: 'Friday 27 November 2026',
      sections: [
        {
          title: 'Waiting for a first answer',
          lines: [
            {
              reference: 'RD-26-00012',
              name: LONG_NAME,
              kindLabel: 'Web Development',
              note: 'due 10:30',
              link: LONG_LINK,
            },
            { reference: 'RD-26-00013', name: LONG_WORD, kindLabel: 'Contact', note: '', link: LONG_LINK },
          ],
          more: 4,
        },
      ],
      figures: { period: 'last week', lines: ['Median first answer: 2 h 5 min', `Busiest source: ${LONG_WORD}`] },
      dashboardLink: LONG_LINK,
    }).html,
  },
  { name: 'response reminder', html: responseReminderMail(reminder).html },
  { name: 'response escalation', html: responseEscalationMail(reminder).html },
  {
    name: 'staff reply',
    html: replyHtmlOf(
      `Hello ${LONG_NAME},\n\nThank you. Here is the brief: ${LONG_WORD}\nKind regards`,
      'Re: RD-26-00012',
    ),
  },
  {
    name: 'customer replied',
    html: replyNotificationMail({
      to: 'staff@example.ng',
      reference: 'RD-26-00012',
      enquiryName: LONG_NAME,
      mail: {
        fromAddress: 'chukwuemeka.adebayo-okonkwo.consulting@example.ng',
        fromName: LONG_NAME,
        subject: `Re: your enquiry ${LONG_WORD}`,
        textBody: `Thanks!\n\n${LONG_WORD}\n\n> quoted line that is rather long and goes on and on ${LONG_WORD}`,
      },
      link: LONG_LINK,
    }).html,
  },
];

const phone = usePhonePage({ isMobile: true });

describe('every mail on a 375 px phone', () => {
  it('notices a mail without a viewport, which a phone lays out 980 px wide (so the checks below can fail)', async () => {
    expect(await phone.scrollWidthOf('<!doctype html><html><body><p>Hello</p></body></html>')).toBeGreaterThan(
      PHONE_WIDTH,
    );
  });

  it.each(MAILS)('the $name mail declares a viewport and fits without scrolling sideways', async ({ html }) => {
    expect(html).toBeDefined();
    expect(html).toContain(VIEWPORT);
    expect(await phone.scrollWidthOf(html ?? '')).toBeLessThanOrEqual(PHONE_WIDTH);
  });
});
