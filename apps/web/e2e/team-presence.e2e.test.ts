import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, ASSIGNMENT_MAIL_COPY, ASSIGNMENT_MAIL_PATH, PATHS, STAFF_MAIL_COPY } from '@agency/shared';
import { startHarness, type Harness } from './harness';
import { registerAndConfirm } from './harness/accounts';

/**
 * Issue 23 item 4 (docs/decisions/0046): two staff members in two browsers, at a phone's width and a laptop's. Each
 * opens a new enquiry from the link of the new-enquiry mail; Tunde sees "Chidi is viewing" when Chidi has it open,
 * and "Chidi is writing a reply" once Chidi types in the reply box; axe finds nothing. Screenshots under
 * /tmp/team-presence (or E2E_SCREENSHOTS).
 */

const OWNER = { email: 'tunde.owner@rendezvous.test', password: 'Owner#Tunde2026' };
const CHIDI = { email: 'chidi.staff@rendezvous.test', password: 'Staff#Chidi2026' };
const CUSTOMER = { name: 'Funke Adeyemi', email: 'funke@bakery.example.ng', phone: '08031234567' };
const SCREENSHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/team-presence';

let harness: Harness;

async function signedInPage(account: { email: string; password: string }, width: number): Promise<Page> {
  const page = await harness.newPage({ viewport: { width, height: 900 } });
  const login = await page.request.post(API_PATHS.LOGIN, { data: account, headers: { Origin: harness.baseUrl } });
  expect(login.status(), await login.text()).toBe(200);
  return page;
}

/** The link of the new-enquiry mail to this person about this reference: the one it tells them to open. */
async function enquiryLinkMailedTo(to: string, reference: string): Promise<string> {
  for (;;) {
    const mail = await harness.waitForMail(to);
    if (!mail.subject.includes(reference)) continue;
    expect(mail.text).toContain(STAFF_MAIL_COPY.ANSWER_IN_APP);
    const line = mail.text.split('\n').find((text) => text.startsWith(`${STAFF_MAIL_COPY.OPEN}: `));
    return String(line?.slice(`${STAFF_MAIL_COPY.OPEN}: `.length));
  }
}

beforeAll(async () => {
  harness = await startHarness();
  await registerAndConfirm(harness, OWNER);
  await registerAndConfirm(harness, CHIDI);
  // The owner approves Chidi, who chose a display name on their profile.
  await harness.query("UPDATE users SET role = 'staff', display_name = 'Chidi' WHERE email = ?", [CHIDI.email]);
});

afterAll(async () => {
  await harness?.close();
});

describe('who else is on an enquiry', () => {
  for (const width of [375, 1280]) {
    it(`shows Tunde that Chidi is viewing, then writing a reply, at ${width} px; axe finds nothing`, async () => {
      const submitted = await fetch(`${harness.baseUrl}${API_PATHS.SUBMIT_CONTACT}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', Origin: harness.baseUrl },
        body: JSON.stringify({ ...CUSTOMER, message: `We need a website for our bakery (seen at ${width} px).` }),
      });
      expect(submitted.status).toBe(201);
      const { reference } = (await submitted.json()) as { reference: string };
      const chidiLink = await enquiryLinkMailedTo(CHIDI.email, reference);
      const tundeLink = await enquiryLinkMailedTo(OWNER.email, reference);
      expect(chidiLink).toBe(tundeLink);

      const tunde = await signedInPage(OWNER, width);
      await tunde.goto(tundeLink);
      // The link opens this enquiry itself, not the inbox.
      await tunde.getByRole('heading', { name: CUSTOMER.name, level: 2 }).waitFor();
      await tunde.getByText(reference, { exact: true }).waitFor();
      const status = tunde.locator('.enquiry-presence');
      expect(await status.getAttribute('role')).toBe('status');
      expect(await status.textContent()).toBe('');
      const heightEmpty = (await status.boundingBox())?.height ?? 0;
      const below = tunde.locator('.enquiry__meta').first();
      const belowTop = (await below.boundingBox())?.y;

      const chidi = await signedInPage(CHIDI, width);
      await chidi.goto(chidiLink);
      await chidi.getByRole('heading', { name: CUSTOMER.name, level: 2 }).waitFor();
      // Chidi sees Tunde, never themselves.
      await chidi.getByText('tunde.owner is viewing').waitFor({ timeout: 15_000 });
      expect(await chidi.getByText(/Chidi is/).count()).toBe(0);

      await tunde.getByText('Chidi is viewing').waitFor({ timeout: 15_000 });
      // The line had its room already: nothing under it moved.
      expect((await status.boundingBox())?.height).toBe(heightEmpty);
      expect((await below.boundingBox())?.y).toBe(belowTop);
      expect(await harness.axe(tunde)).toEqual([]);
      await tunde.screenshot({ path: `${SCREENSHOTS}/viewing-${width}.png` });

      await chidi.getByLabel(`Your reply to ${CUSTOMER.email}`).fill('Good afternoon Funke, thank you for writing.');
      await tunde.getByText('Chidi is writing a reply').waitFor({ timeout: 15_000 });
      expect(await harness.axe(tunde)).toEqual([]);
      await tunde.screenshot({ path: `${SCREENSHOTS}/writing-${width}.png` });
      expect(await tunde.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      // Chidi goes back to the list: Tunde no longer sees them.
      await chidi.getByRole('link', { name: 'Back to the list' }).click();
      await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe('');
      expect(harness.consoleErrors(tunde)).toEqual([]);
      // Only the inbox's owner check, which a colleague who is not an owner is refused (403) by design.
      const ownerCheck = /\(Forbidden\): .*\/api\/staff\/accounts$/;
      expect(harness.consoleErrors(chidi).filter((error) => !ownerCheck.test(error))).toEqual([]);
      await chidi.close();
      await tunde.close();
    });
  }
});

describe('the assignment mail switch on the profile', () => {
  for (const width of [375, 1280]) {
    it(`turns assignment mails off and on by keyboard at ${width} px; axe finds nothing`, async () => {
      const page = await signedInPage(CHIDI, width);
      await page.goto(PATHS.profile);
      const toggle = page.getByRole('switch', { name: ASSIGNMENT_MAIL_COPY.SWITCH });
      await toggle.waitFor();
      expect(await toggle.isChecked()).toBe(true);
      await page.getByText(ASSIGNMENT_MAIL_COPY.ON).waitFor();
      expect(await harness.axe(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await toggle.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOTS}/profile-switch-${width}.png` });

      await toggle.press('Space');
      await page.getByText(ASSIGNMENT_MAIL_COPY.OFF).waitFor();
      expect(await (await page.request.get(ASSIGNMENT_MAIL_PATH)).json()).toEqual({ success: true, enabled: false });
      await toggle.press('Space');
      await page.getByText(ASSIGNMENT_MAIL_COPY.ON).waitFor();
      expect(await (await page.request.get(ASSIGNMENT_MAIL_PATH)).json()).toEqual({ success: true, enabled: true });
      await page.close();
    });
  }
});
