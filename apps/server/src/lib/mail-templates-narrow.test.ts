import { describe, expect, it } from 'vitest';
import { PATHS } from '@agency/shared';
import { PHONE_WIDTH, usePhonePage } from '../test/phone-page';
import {
  accountApprovedMail,
  accountExistsMail,
  approvalWaitingMail,
  assignmentMail,
  autoReplyMail,
  confirmationMail,
  resetMail,
  staffNotificationMail,
} from './mail-templates';

/**
 * Every mail's HTML in the system Chromium at a phone's 375 px: nothing may push the page sideways (issue 17: the
 * confirmation and reset mails' fallback link did not wrap). Launched as apps/web/e2e/harness does.
 */

const APP_URL = 'https://www.rendezvousdigital.ng';
/** A 32-byte token in base64url as the server writes it: 43 characters, here without a `-` to wrap at. */
const TOKEN = 'q8ZtR3vLm0XkP4wN7yB2cH5jD9sF1gU6eA0iO3rT8uY';
const tokenLink = (pagePath: string) => `${APP_URL}${pagePath}?token=${TOKEN}`;

const MAILS: Array<{ name: string; html: string | undefined }> = [
  { name: 'confirmation', html: confirmationMail('ada@example.ng', tokenLink(PATHS.confirmEmail)).html },
  { name: 'password reset', html: resetMail('ada@example.ng', tokenLink(PATHS.resetPassword)).html },
  { name: 'account exists', html: accountExistsMail('ada@example.ng', `${APP_URL}${PATHS.auth}`).html },
  { name: 'account approved', html: accountApprovedMail('ada@example.ng', `${APP_URL}${PATHS.auth}`).html },
  {
    name: 'waiting for approval',
    html: approvalWaitingMail(
      'owner@example.ng',
      'chukwuemeka.adebayo-okonkwo@example.ng',
      `${APP_URL}/dashboard/staff`,
    ).html,
  },
  {
    name: 'staff notification',
    html: staffNotificationMail({
      to: 'staff@example.ng',
      kindTitle: 'contact message',
      reference: 'RD-26-00012',
      visitorName: 'Chukwuemeka Adebayo-Okonkwo',
      fields: [
        { label: 'E-mail', value: 'chukwuemeka.adebayo-okonkwo.consulting@example.ng', kind: 'email' },
        { label: 'Phone', value: '+234 803 555 1234', kind: 'phone' },
        { label: 'Message', value: `Please look at https://example.ng/${'a-very-long-path-segment'.repeat(6)}` },
      ],
      dashboardLink: `${APP_URL}/dashboard?kind=contact&enquiry=12345`,
    }).html,
  },
  {
    name: 'assignment',
    html: assignmentMail({
      to: 'staff@example.ng',
      assignerName: 'chukwuemeka.adebayo-okonkwo',
      kindTitle: 'web development training registration',
      reference: 'RD-26-00012',
      visitorName: 'Chukwuemeka Adebayo-Okonkwo',
      enquiryLink: `${APP_URL}/dashboard?kind=web_dev&enquiry=12345`,
      settingLink: `${APP_URL}${PATHS.dashboard}`,
    }).html,
  },
  {
    name: 'auto-reply',
    html: autoReplyMail({
      to: 'ada@example.ng',
      replyTo: 'hello@rendezvousdigital.ng',
      visitorName: 'Chukwuemeka Adebayo-Okonkwo',
      kindTitle: 'web development training registration',
      reference: 'RD-26-00012',
      promise: 'we reply within two working days',
    }).html,
  },
];

const phone = usePhonePage();

describe('every mail on a 375 px screen', () => {
  it('notices a page pushed sideways by a link that does not wrap (so the checks below can fail)', async () => {
    const link = tokenLink(PATHS.confirmEmail);
    expect(await phone.scrollWidthOf(`<!doctype html><body style="margin:0"><p>${link}</p></body>`)).toBeGreaterThan(
      PHONE_WIDTH,
    );
  });

  it.each(MAILS)('the $name mail fits without scrolling sideways', async ({ html }) => {
    expect(html).toBeDefined();
    expect(await phone.scrollWidthOf(html ?? '')).toBeLessThanOrEqual(PHONE_WIDTH);
  });
});
