import { describe, expect, it } from 'vitest';
import { PHONE_WIDTH, usePhonePage } from '../../test/phone-page';
import { digestMail, type DigestContent } from './digest-mail';

/**
 * The digest's HTML in the system Chromium at a phone's 375 px (as lib/mail-templates-narrow.test.ts reads the other
 * mails): long names and links wrap, nothing a customer typed becomes markup. E2E_SCREENSHOTS=<dir> keeps a picture.
 */

const APP_URL = 'https://www.rendezvousdigital.ng';

const CONTENT: DigestContent = {
  dayLabel: 'Friday 27 November 2026',
  sections: [
    {
      title: 'Overdue',
      lines: [
        {
          reference: 'RD-26-00012',
          name: 'Chukwuemeka Adebayo-Okonkwo <script>alert(1)</script>',
          kindLabel: 'Request Quote',
          note: 'was due Thu 26 Nov 10:00',
          link: `${APP_URL}/dashboard?kind=request_quote&enquiry=12`,
        },
      ],
      more: 0,
    },
    {
      title: 'New and unassigned',
      lines: [
        {
          reference: 'RD-26-00013',
          name: 'Oluwaseyifunmi'.repeat(4),
          kindLabel: 'Web Development',
          note: 'arrived 06:12',
          link: `${APP_URL}/dashboard?kind=web_dev&enquiry=13`,
        },
      ],
      more: 30,
    },
  ],
  figures: {
    period: 'Friday 20 November to Sunday 22 November',
    lines: [
      'First answers: 7; median 42 min, 90th percentile 2 h 05 min (business time)',
      'Within target: 5 of 7 (71 %)',
      `New enquiries: 9 (${'a-very-long-campaign-name'.repeat(3)} 4, google.com 3, Direct 2)`,
      'Won or enrolled: 1 (google.com 1)',
    ],
  },
  dashboardLink: `${APP_URL}/dashboard`,
};

const phone = usePhonePage();

describe('the digest mail', () => {
  it('fits a 375 px screen, links every enquiry and keeps a name as text', async () => {
    const mail = digestMail('ada@agency.test', CONTENT);
    expect(mail.subject).toBe('Rendezvous Digital digest, Friday 27 November 2026: 32 enquiries waiting');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&#60;script&#62;');
    expect(await phone.scrollWidthOf(mail.html ?? '')).toBeLessThanOrEqual(PHONE_WIDTH);
    const page = phone.page();
    const links = (await page.evaluate(
      'Array.from(document.querySelectorAll("li a")).map((a) => a.textContent + " " + a.href)',
    )) as string[];
    expect(links).toEqual([
      `RD-26-00012 ${APP_URL}/dashboard?kind=request_quote&enquiry=12`,
      `RD-26-00013 ${APP_URL}/dashboard?kind=web_dev&enquiry=13`,
    ]);
    expect(mail.text).toContain('New and unassigned (31)\n- RD-26-00013');
    expect(mail.text).toContain('- and 30 more in the inbox');
    const dir = process.env.E2E_SCREENSHOTS;
    if (dir) await page.screenshot({ path: `${dir}/digest-mail-375.png`, fullPage: true });
  });
});
