import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, MESSAGE_KIND_PATHS, PATHS, SNOOZE_COPY, dashboardEnquiryPath } from '@agency/shared';
import { startHarness, type Harness } from './harness';
import { registerAndConfirm } from './harness/accounts';
import { saveScreenshot } from './harness/page-helpers';

/**
 * Issue 21 item 3: a staff member snoozes an enquiry until the customer replies from its Snooze control, by keyboard,
 * at a phone's width and a desktop's; the list marks the row; axe finds nothing. E2E_SCREENSHOTS=<dir> keeps
 * screenshots of both.
 */

const OWNER = { email: 'tunde.owner@rendezvous.test', password: 'Owner#Tunde2026' };

let harness: Harness;
let enquiryId: number;

beforeAll(async () => {
  harness = await startHarness({ env: { FORM_RATE_LIMIT: 'off' } });
  await registerAndConfirm(harness, OWNER);
  const submitted = await fetch(`${harness.baseUrl}${MESSAGE_KIND_PATHS.contact.submit}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', Origin: harness.baseUrl },
    body: JSON.stringify({
      name: 'Ngozi Eze',
      email: 'ngozi@example.ng',
      phone: '0803 555 0101',
      message: 'Could you redesign the website of my pharmacy in Enugu?',
    }),
  });
  expect(submitted.status, await submitted.clone().text()).toBeLessThan(300);
  const rows = await harness.query<{ id: number }>('select id from enquiries order by id desc limit 1');
  enquiryId = Number(rows[0]?.id);
});

afterAll(async () => {
  await harness?.close();
});

describe('the Snooze control', () => {
  for (const width of [375, 1280]) {
    it(`snoozes an enquiry until they reply by keyboard at ${width} px, the list marks it, axe finds nothing`, async () => {
      const page = await harness.newPage({ viewport: { width, height: 900 } });
      const login = await page.request.post(API_PATHS.LOGIN, { data: OWNER, headers: { Origin: harness.baseUrl } });
      expect(login.status(), await login.text()).toBe(200);
      await page.goto(dashboardEnquiryPath('contact', enquiryId));
      await page.getByRole('heading', { name: SNOOZE_COPY.HEADING }).waitFor();
      await page.getByText(SNOOZE_COPY.NONE).waitFor();

      const untilReply = page.getByRole('button', { name: SNOOZE_COPY.UNTIL_THEY_REPLY });
      await untilReply.focus();
      await untilReply.press('Enter');
      await page.getByText(SNOOZE_COPY.UNTIL_REPLY).waitFor();
      expect(await untilReply.getAttribute('aria-pressed')).toBe('true');
      expect(await harness.axe(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.getByRole('heading', { name: SNOOZE_COPY.HEADING }).scrollIntoViewIfNeeded();
      await saveScreenshot(page, `snooze-control-${width}`);

      await page.goto(`${PATHS.dashboard}?kind=contact`);
      await page.getByText(SNOOZE_COPY.ROW_UNTIL_REPLY).first().waitFor();
      expect(await harness.axe(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await saveScreenshot(page, `snooze-list-${width}`);

      // Cleared again for the next width.
      const cleared = await page.request.delete(`/api/enquiries/contact/${enquiryId}/snooze`, {
        headers: { Origin: harness.baseUrl },
      });
      expect(cleared.status()).toBe(200);
      await page.close();
    });
  }
});
