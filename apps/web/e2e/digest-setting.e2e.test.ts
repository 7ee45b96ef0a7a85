import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, DIGEST_COPY, DIGEST_PATH, PATHS } from '@agency/shared';
import { startHarness, type Harness } from './harness';
import { registerAndConfirm } from './harness/accounts';
import { saveScreenshot } from './harness/page-helpers';

/**
 * Issue 21 item 4: a staff member turns their daily digest off and on again with the labelled switch on their profile,
 * at a phone's width and a desktop's, and axe finds nothing. E2E_SCREENSHOTS=<dir> keeps screenshots of both.
 */

const OWNER = { email: 'tunde.owner@rendezvous.test', password: 'Owner#Tunde2026' };

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
  await registerAndConfirm(harness, OWNER);
});

afterAll(async () => {
  await harness?.close();
});

describe('the daily digest switch', () => {
  for (const width of [375, 1280]) {
    it(`turns the digest off and on at ${width} px, and axe finds nothing`, async () => {
      const page = await harness.newPage({ viewport: { width, height: 900 } });
      const login = await page.request.post(API_PATHS.LOGIN, { data: OWNER, headers: { Origin: harness.baseUrl } });
      expect(login.status(), await login.text()).toBe(200);
      // On the profile since issue 23 (item 3): the person's notification choices are kept there.
      await page.goto(PATHS.profile);
      const toggle = page.getByRole('switch', { name: DIGEST_COPY.SWITCH });
      await toggle.waitFor();
      expect(await toggle.isChecked()).toBe(true);
      await page.getByText(DIGEST_COPY.ON).waitFor();
      expect(await harness.axe(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await toggle.scrollIntoViewIfNeeded();
      await saveScreenshot(page, `digest-setting-${width}`);

      await toggle.press('Space');
      await page.getByText(DIGEST_COPY.OFF).waitFor();
      const stored = await page.request.get(DIGEST_PATH);
      expect(await stored.json()).toEqual({ success: true, enabled: false });
      await page.getByText(DIGEST_COPY.SWITCH).click();
      await page.getByText(DIGEST_COPY.ON).waitFor();
      expect(await (await page.request.get(DIGEST_PATH)).json()).toEqual({ success: true, enabled: true });
      await page.close();
    });
  }
});
