import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, MESSAGE_KIND_PATHS, PATHS, SPEC_MESSAGES } from '@agency/shared';
import { startHarness, type Harness } from './harness';
import { registerAndConfirm } from './harness/accounts';
import { recordAlerts, saveScreenshot } from './harness/page-helpers';

/**
 * Issue 23 item 1: a staff member selects three enquiries, is asked "Delete 3 enquiries?", confirms, and takes it
 * back with the Undo beside the status line, by keyboard, at a phone's width and a laptop's; the three are listed
 * again, stored in the inbox, and the audit entry is marked undone; axe finds nothing. The same for one enquiry
 * deleted from its own view: the list it goes back to offers the Undo. E2E_SCREENSHOTS=<dir> keeps screenshots.
 */

const OWNER = { email: 'kemi.owner@rendezvous.test', password: 'Owner#Kemi2026' };
const PEOPLE = ['Ngozi Eze', 'Tunde Bello', 'Amaka Obi'];

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ env: { FORM_RATE_LIMIT: 'off' } });
  await registerAndConfirm(harness, OWNER);
  for (const [index, name] of PEOPLE.entries()) {
    const submitted = await fetch(`${harness.baseUrl}${MESSAGE_KIND_PATHS.contact.submit}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', Origin: harness.baseUrl },
      body: JSON.stringify({
        name,
        email: `person${index}@example.ng`,
        phone: `0803 555 010${index}`,
        message: 'Could you redesign the website of my pharmacy in Enugu?',
      }),
    });
    expect(submitted.status, await submitted.clone().text()).toBeLessThan(300);
  }
});

afterAll(async () => {
  await harness?.close();
});

/** The three contact enquiries are in the inbox again, and the last move to the trash is marked undone by the owner. */
async function expectAllBackUndoneByOwner() {
  const folders = await harness.query<{ folder: string }>("select folder from enquiries where kind = 'contact'");
  expect(folders.map((row) => row.folder)).toEqual(['inbox', 'inbox', 'inbox']);
  const audit = await harness.query<{ undone_by: string | null }>(
    "select undone_by from audit_log where action = 'enquiry.trash' order by id desc limit 1",
  );
  expect(audit).toEqual([{ undone_by: OWNER.email }]);
}

describe('undo of a bulk delete', () => {
  for (const width of [375, 1280]) {
    it(`asks "Delete 3 enquiries?", deletes them and brings the three back with Undo at ${width} px`, async () => {
      const page = await harness.newPage({ viewport: { width, height: 900 } });
      const login = await page.request.post(API_PATHS.LOGIN, { data: OWNER, headers: { Origin: harness.baseUrl } });
      expect(login.status(), await login.text()).toBe(200);
      await page.goto(`${PATHS.dashboard}?kind=contact`);
      for (const name of PEOPLE) await page.getByRole('link', { name, exact: true }).waitFor();

      // One by one, as a phone shows them (the page's select-all is a table header, not drawn on a phone).
      for (const name of PEOPLE) await page.getByRole('checkbox', { name: `Select the enquiry from ${name}` }).check();
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      const question = page.getByRole('dialog', { name: 'Delete 3 enquiries?' });
      await question.waitFor();
      expect(await harness.axe(page)).toEqual([]);
      await saveScreenshot(page, `undo-question-${width}`);
      await question.getByRole('button', { name: 'Delete 3 enquiries' }).click();

      const status = page.getByRole('status').filter({ hasText: 'Moved 3 enquiries to the trash.' });
      await status.waitFor();
      const undo = status.getByRole('button', { name: 'Undo' });
      // The toolbar that acted went away with the selection: the keyboard is on Undo, the next thing to do.
      await expect.poll(() => undo.evaluate((button) => button === document.activeElement)).toBe(true);
      for (const name of PEOPLE) expect(await page.getByRole('link', { name, exact: true }).count()).toBe(0);
      expect(await harness.axe(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await saveScreenshot(page, `undo-offered-${width}`);

      await page.keyboard.press('Enter');
      await page.getByText('Undone: 3 enquiries are back as before.').waitFor();
      for (const name of PEOPLE) await page.getByRole('link', { name, exact: true }).waitFor();
      await expectAllBackUndoneByOwner();
      expect(await harness.axe(page)).toEqual([]);
      await saveScreenshot(page, `undo-done-${width}`);
      await page.close();
    });
  }
});

describe('undo of a Delete in the enquiry view', () => {
  for (const [index, width] of [375, 1280].entries()) {
    const name = PEOPLE[index] ?? '';
    it(`goes back to the list, which offers Undo, and Undo brings ${name} back at ${width} px`, async () => {
      const page = await harness.newPage({ viewport: { width, height: 900 } });
      const dialogs = recordAlerts(page);
      const login = await page.request.post(API_PATHS.LOGIN, { data: OWNER, headers: { Origin: harness.baseUrl } });
      expect(login.status(), await login.text()).toBe(200);
      await page.goto(`${PATHS.dashboard}?kind=contact`);
      await page.getByRole('link', { name, exact: true }).click();
      await page.getByRole('heading', { name, exact: true }).waitFor();
      await page.getByRole('button', { name: 'Delete', exact: true }).click();

      const status = page.getByRole('status').filter({ hasText: 'Moved to the trash.' });
      await status.waitFor();
      expect(dialogs).toEqual([SPEC_MESSAGES.DELETE_CONFIRM]);
      expect(new URL(page.url()).searchParams.get('enquiry')).toBeNull();
      const undo = status.getByRole('button', { name: 'Undo' });
      // The Delete that acted went with the view: the keyboard is on Undo, in the list the view went back to.
      await expect.poll(() => undo.evaluate((button) => button === document.activeElement)).toBe(true);
      expect(await page.getByRole('link', { name, exact: true }).count()).toBe(0);
      expect(await harness.axe(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await saveScreenshot(page, `undo-view-offered-${width}`);

      await page.keyboard.press('Enter');
      await page.getByText('Undone: 1 enquiry is back as before.').waitFor();
      await page.getByRole('link', { name, exact: true }).waitFor();
      await expectAllBackUndoneByOwner();
      expect(await harness.axe(page)).toEqual([]);
      await saveScreenshot(page, `undo-view-done-${width}`);
      await page.close();
    });
  }
});
