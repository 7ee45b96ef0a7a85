import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, MESSAGE_KIND_PATHS, PATHS, dashboardEnquiryPath } from '@agency/shared';
import { startHarness, type Harness } from './harness';
import { registerAndConfirm } from './harness/accounts';
import { saveScreenshot } from './harness/page-helpers';

/**
 * Issue 21 items 2 and 3: on a phone (375 px, no hovering pointer), a staff member taps WhatsApp on an enquiry, comes back to
 * the page, is asked "Did you reach <name>?" in a labelled region, and answers Yes by keyboard: the first answer is
 * recorded on WhatsApp, the enquiry says so, axe finds nothing. An owner changes a first-response target on the Business
hours page at 375 and 1280 px. E2E_SCREENSHOTS=<dir> keeps screenshots.
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
      name: 'Amaka Eze',
      email: 'amaka@example.ng',
      phone: '0803 555 0199',
      message: 'Please call me about a website for my bakery in Yaba.',
    }),
  });
  expect(submitted.status, await submitted.clone().text()).toBeLessThan(300);
  const rows = await harness.query<{ id: number }>('select id from enquiries order by id desc limit 1');
  enquiryId = Number(rows[0]?.id);
});

afterAll(async () => {
  await harness?.close();
});

describe('the first answer on WhatsApp', () => {
  it('a tap, back on the page, "Did you reach Amaka Eze?", Yes by keyboard: answered on WhatsApp at 375 px', async () => {
    const page = await harness.newPage({ viewport: { width: 375, height: 812 } });
    // A phone's pointer: no hover, so the question waits for the staff member to come back.
    await page.addInitScript(() => {
      const original = window.matchMedia.bind(window);
      const ignore = () => undefined;
      window.matchMedia = (query: string) =>
        query.includes('hover: hover')
          ? ({
              matches: false,
              media: query,
              onchange: null,
              addEventListener: ignore,
              removeEventListener: ignore,
              addListener: ignore,
              removeListener: ignore,
              dispatchEvent: () => false,
            } as MediaQueryList)
          : original(query);
    });
    await page.context().route(/wa\.me/, (route) => route.fulfill({ status: 200, body: 'WhatsApp' }));
    const login = await page.request.post(API_PATHS.LOGIN, { data: OWNER, headers: { Origin: harness.baseUrl } });
    expect(login.status(), await login.text()).toBe(200);
    await page.goto(dashboardEnquiryPath('contact', enquiryId));
    await page.getByRole('heading', { name: 'Amaka Eze' }).waitFor();

    const popup = page.waitForEvent('popup');
    await page.getByRole('link', { name: /WhatsApp/ }).click();
    await (await popup).close();
    const question = page.getByRole('region', { name: 'Did you reach Amaka Eze?' });
    // The tap is recorded as an attempt; no question while the staff member is away.
    await page.getByText(/tried WhatsApp/).waitFor();
    expect(await question.count()).toBe(0);
    const stored = async () =>
      (
        await harness.query<{ first_response_channel: string | null }>(
          'select first_response_channel from enquiries where id = ?',
          [enquiryId],
        )
      )[0]?.first_response_channel;
    expect(await stored()).toBeNull();

    await page.bringToFront();
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await question.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Did you reach Amaka Eze?');
    expect(await harness.axe(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await saveScreenshot(page, 'first-response-question-375');

    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Yes, on WhatsApp');
    await page.keyboard.press('Enter');
    await page.getByText(/^Answered on WhatsApp by tunde\.owner after \d+ business (minute|hour)/).waitFor();
    expect(await question.count()).toBe(0);
    expect(await stored()).toBe('whatsapp');
    await page.getByText(/reached them on WhatsApp/).waitFor();
    expect(await harness.axe(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await saveScreenshot(page, 'first-response-answered-375');
    expect(harness.consoleErrors(page)).toEqual([]);
    await page.close();
  });

  for (const width of [375, 1280]) {
    it(`an owner sets the contact target by keyboard (14 refused, then saved) at ${width} px, axe finds nothing`, async () => {
      const page = await harness.newPage({ viewport: { width, height: 900 } });
      const login = await page.request.post(API_PATHS.LOGIN, { data: OWNER, headers: { Origin: harness.baseUrl } });
      expect(login.status(), await login.text()).toBe(200);
      await page.goto(PATHS.businessHours);
      await page.getByRole('heading', { name: 'First-response targets' }).waitFor();
      const contact = page.getByRole('textbox', { name: /^Contact \(business minutes\)/ });
      await contact.fill('');
      await contact.press('1');
      await contact.press('4');
      await contact.press('Enter');
      await page
        .getByText('A target is a whole number of business minutes from 15 to 2400 (40 hours).')
        .first()
        .waitFor();
      expect(await contact.getAttribute('aria-invalid')).toBe('true');
      await contact.fill(width === 375 ? '90' : '75');
      await contact.press('Enter');
      await page.getByText('The first-response targets are saved.').waitFor();
      const rows = await harness.query<{ target_minutes: number }>(
        "select target_minutes from response_targets where kind = 'contact'",
      );
      expect(Number(rows[0]?.target_minutes)).toBe(width === 375 ? 90 : 75);
      expect(await harness.axe(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.getByRole('heading', { name: 'First-response targets' }).scrollIntoViewIfNeeded();
      await saveScreenshot(page, `response-targets-${width}`);
      expect(harness.consoleErrors(page)).toEqual([]);
      await page.close();
    });
  }
});
