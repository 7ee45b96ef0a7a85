import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, BusinessCalendarAnswerSchema, PATHS } from '@agency/shared';
import { startHarness, type Harness } from './harness';
import { registerAndConfirm } from './harness/accounts';
import { saveScreenshot } from './harness/page-helpers';

/**
 * Issue 21: an owner opens on Saturdays and closes a day on the Business hours page, with the keyboard-reachable,
 * labelled controls axe checks, at a phone's width and a desktop's. E2E_SCREENSHOTS=<dir> keeps screenshots of both.
 */

const OWNER = { email: 'bisi.owner@rendezvous.test', password: 'Owner#Bisi2026' };

let harness: Harness;

async function ownerPage(width: number): Promise<Page> {
  const page = await harness.newPage({ viewport: { width, height: 900 } });
  const login = await page.request.post(API_PATHS.LOGIN, { data: OWNER, headers: { Origin: harness.baseUrl } });
  expect(login.status(), await login.text()).toBe(200);
  return page;
}

/** A Lagos day some days from now, YYYY-MM-DD. */
const lagosDayIn = (days: number) =>
  new Date(Date.now() + 60 * 60 * 1000 + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

beforeAll(async () => {
  harness = await startHarness();
  await registerAndConfirm(harness, OWNER);
});

afterAll(async () => {
  await harness?.close();
});

describe('the Business hours page', () => {
  it('lets an owner open on Saturdays and add a closed day, and axe finds nothing', async () => {
    const page = await ownerPage(375);
    await page.goto(PATHS.businessHours);
    await page.getByRole('heading', { level: 1, name: 'Business hours' }).waitFor();
    const saturday = page.getByRole('group', { name: 'Saturday' });
    await saturday.waitFor();
    expect(await harness.axe(page)).toEqual([]);
    // Nothing wider than the phone: no sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await saveScreenshot(page, 'business-hours-375');

    // By keyboard: Tab to Saturday's radios, arrow to Open (radios move with the arrows).
    await saturday.getByRole('radio', { name: 'Closed' }).focus();
    await page.keyboard.press('ArrowLeft');
    expect(await saturday.getByRole('radio', { name: 'Open' }).isChecked()).toBe(true);
    await page.getByLabel('Opens (Saturday)').fill('10:00');
    await page.getByLabel('Closes (Saturday)').fill('14:00');

    const closedDay = lagosDayIn(10);
    await page.getByLabel('Closed day', { exact: true }).fill(closedDay);
    await page.getByLabel('What it is (optional)').fill('Staff retreat');
    await page.getByRole('button', { name: 'Add closed day' }).click();
    await page.getByText('added as a closed day').waitFor();
    await page.getByRole('button', { name: 'Save business hours' }).first().click();
    await page.getByText('The business hours are saved.').waitFor();
    expect(await harness.axe(page)).toEqual([]);

    const saved = BusinessCalendarAnswerSchema.parse(
      await (await page.request.get(API_PATHS.BUSINESS_CALENDAR)).json(),
    );
    expect(saved.calendar.hours.saturday).toEqual([{ start: '10:00', end: '14:00' }]);
    expect(saved.calendar.addedDays).toEqual([{ date: closedDay, name: 'Staff retreat' }]);
    expect(saved.holidays).toContainEqual({ date: closedDay, name: 'Staff retreat', origin: 'added' });
    const audit = await harness.query<{ action: string }>(
      "select action from audit_log where action = 'business-calendar.change'",
    );
    expect(audit).toHaveLength(1);

    // After a reload the page shows what was saved.
    await page.reload();
    await page.getByLabel('Opens (Saturday)').waitFor();
    expect(await page.getByLabel('Opens (Saturday)').inputValue()).toBe('10:00');
    await page.getByRole('button', { name: /^Remove the closed day / }).waitFor();
    expect(harness.consoleErrors(page)).toEqual([]);
  });

  it('reads well at 1280 px, and axe finds nothing', async () => {
    const page = await ownerPage(1280);
    await page.goto(PATHS.businessHours);
    await page.getByRole('group', { name: 'Saturday' }).waitFor();
    expect(await harness.axe(page)).toEqual([]);
    await saveScreenshot(page, 'business-hours-1280');
  });
});
