import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, PATHS, PROFILE_COPY, PROFILE_MESSAGES, PROFILE_PATHS } from '@agency/shared';
import { startHarness, type Harness } from './harness';
import { registerAndConfirm } from './harness/accounts';

/**
 * Issue 23 item 3 in Chromium, at a phone's width and a laptop's: a staff member opens their profile from the welcome
 * line, sets the name they go by and is welcomed by it, changes their password (a wrong current one is refused at its
 * field), and their session in another browser ends while this one stays. axe finds nothing on the profile.
 * Screenshots go to E2E_SCREENSHOTS=<dir> (or /tmp/profile-e2e).
 */

const EMAIL = 'adaeze@rendezvous.test';
/** The password changes at each width: from the first to the second, then back. */
const PASSWORDS = ['Adaeze#Start2026', 'Adaeze#Next2026!'] as const;

let harness: Harness;

async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS ?? '/tmp/profile-e2e';
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

async function signedIn(width: number, password: string): Promise<Page> {
  const page = await harness.newPage({ viewport: { width, height: 900 } });
  const login = await page.request.post(API_PATHS.LOGIN, {
    data: { email: EMAIL, password },
    headers: { Origin: harness.baseUrl },
  });
  expect(login.status(), await login.text()).toBe(200);
  return page;
}

beforeAll(async () => {
  harness = await startHarness();
  await registerAndConfirm(harness, { email: EMAIL, password: PASSWORDS[0] });
});

afterAll(async () => {
  await harness?.close();
});

describe('the profile', () => {
  [375, 1280].forEach((width, round) => {
    const current = PASSWORDS[round % 2] ?? PASSWORDS[0];
    const next = PASSWORDS[(round + 1) % 2] ?? PASSWORDS[1];
    const name = width === 375 ? 'Adaeze Okafor' : 'Adaeze Okafor-Nwosu';

    it(`at ${width} px: sets the name, is welcomed by it, changes the password and ends the other session`, async () => {
      const page = await signedIn(width, current);
      const elsewhere = await signedIn(1280, current);
      expect((await elsewhere.request.get(PROFILE_PATHS.PROFILE)).status()).toBe(200);

      await page.goto(PATHS.dashboard);
      const welcome = page.locator('.dashboard__greeting');
      await welcome.getByRole('link').click();
      await page.getByRole('heading', { level: 1, name: PROFILE_COPY.TITLE }).waitFor();
      expect(new URL(page.url()).pathname).toBe(PATHS.profile);

      const nameField = page.getByRole('textbox', { name: PROFILE_COPY.NAME_LABEL });
      await nameField.fill(name);
      await page.getByRole('button', { name: 'Save name' }).click();
      await page.getByText(PROFILE_MESSAGES.NAME_SAVED).waitFor();
      expect(await harness.axe(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `profile-${width}`);

      await page.getByRole('link', { name: 'Back to the inbox' }).click();
      await page.getByText(`Welcome, ${name}`).waitFor();
      await screenshot(page, `profile-welcome-${width}`);

      await welcome.getByRole('link').click();
      const currentField = page.getByLabel(PROFILE_COPY.CURRENT_PASSWORD_LABEL, { exact: true });
      await currentField.fill('Not!TheRight1');
      await page.getByLabel(PROFILE_COPY.NEW_PASSWORD_LABEL, { exact: true }).fill(next);
      await page.getByLabel(PROFILE_COPY.CONFIRM_PASSWORD_LABEL, { exact: true }).fill(next);
      await page.getByRole('button', { name: 'Change password' }).click();
      const summary = page.getByRole('alert');
      await summary
        .getByRole('link', {
          name: `${PROFILE_COPY.CURRENT_PASSWORD_LABEL}: ${PROFILE_MESSAGES.CURRENT_PASSWORD_WRONG}`,
        })
        .waitFor();
      expect(await currentField.getAttribute('aria-invalid')).toBe('true');
      expect(await harness.axe(page)).toEqual([]);
      await screenshot(page, `profile-wrong-password-${width}`);

      await currentField.fill(current);
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByText(PROFILE_MESSAGES.PASSWORD_CHANGED).waitFor();
      await screenshot(page, `profile-password-changed-${width}`);

      // The other browser is signed out: its next request is refused and its inbox sends it to sign in.
      expect((await elsewhere.request.get(PROFILE_PATHS.PROFILE)).status()).toBe(401);
      await elsewhere.goto(PATHS.dashboard);
      await elsewhere.waitForURL((url) => url.pathname === PATHS.auth);
      // This one stays, and signs in with the new password only.
      expect((await page.request.get(PROFILE_PATHS.PROFILE)).status()).toBe(200);
      const old = await page.request.post(API_PATHS.LOGIN, {
        data: { email: EMAIL, password: current },
        headers: { Origin: harness.baseUrl },
      });
      expect(old.status()).toBe(401);
      expect(harness.consoleErrors(page).filter((line) => !line.includes('401') && !line.includes('400'))).toEqual([]);
      await page.close();
      await elsewhere.close();
    });
  });
});
