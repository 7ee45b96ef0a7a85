import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES, API_PATHS, RESET_LINK_TEXTS, SPEC_MESSAGES } from '@agency/shared';
import { startHarness, type Harness, type ReceivedMail } from './harness';

/**
 * Words and states a person reads (issue 23 item 5), at a phone's and a laptop's width: the tab's badge and a row's
 * dot go together when an enquiry opens, a status message leaves with its view, a used reset link says so in the
 * staff frame and offers a new one, and every mail this run sent reads at 375 px without scrolling sideways.
 */

const OWNER = { email: 'kemi.words@rendezvous.test', password: 'Words#Kemi2026' };
const WIDTHS = [
  { name: 'phone', viewport: { width: 375, height: 812 } },
  { name: 'laptop', viewport: { width: 1280, height: 800 } },
] as const;

let harness: Harness;
const mails: ReceivedMail[] = [];

async function takeMail(to: string): Promise<ReceivedMail> {
  const mail = await harness.waitForMail(to);
  mails.push(mail);
  return mail;
}

async function submitContact(name: string): Promise<void> {
  const response = await fetch(`${harness.baseUrl}${API_PATHS.SUBMIT_CONTACT}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', Origin: harness.baseUrl },
    body: JSON.stringify({
      name,
      email: `${name.split(' ')[0]?.toLowerCase()}@example.ng`,
      phone: '0803 555 1234',
      message: `Good morning, ${name} here: we would like a new website for our shop before the holidays, please.`,
    }),
  });
  expect(response.status).toBe(201);
}

async function signedInPage(viewport: { width: number; height: number }): Promise<Page> {
  const page = await harness.newPage({ viewport });
  const login = await page.request.post(API_PATHS.LOGIN, { data: OWNER, headers: { Origin: harness.baseUrl } });
  expect(login.status(), await login.text()).toBe(200);
  return page;
}

async function openContactTab(page: Page): Promise<void> {
  await page.goto('/dashboard?kind=contact');
  await page.getByRole('heading', { name: 'Messages Dashboard' }).waitFor();
  await page.getByText(SPEC_MESSAGES.LOADING_MESSAGES).first().waitFor({ state: 'detached' });
}

const unreadDot = (page: Page, name: string) =>
  page
    .locator('tr, li, .enquiry-row')
    .filter({ has: page.getByRole('link', { name, exact: true }) })
    .getByText('Unread:');

async function expectNoAxeViolations(page: Page): Promise<void> {
  const violations = await harness.axe(page);
  expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

async function resetLinkFor(email: string): Promise<string> {
  const asked = await fetch(`${harness.baseUrl}${API_PATHS.RESET_REQUEST}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', Origin: harness.baseUrl },
    body: JSON.stringify({ email }),
  });
  expect(asked.status).toBe(200);
  return nextResetLink(email);
}

async function nextResetLink(email: string): Promise<string> {
  // Other mails to the same address may come first (a staff notification); the reset mail is the next with its link.
  for (let mailsRead = 0; mailsRead < 4; mailsRead += 1) {
    const mail = await takeMail(email);
    const link = mail.links.find((candidate) => new URL(candidate).pathname === '/reset-password');
    if (link) return link;
  }
  throw new Error(`no reset mail to ${email}`);
}

beforeAll(async () => {
  // Two widths ask for four reset mails to one address; the limit of three an hour is tested elsewhere.
  harness = await startHarness({
    env: { ADMIN_SIGNUP_ALLOWLIST: '@rendezvous.test', FORM_RATE_LIMIT: 'off', RESET_MAIL_LIMIT: '10/1h' },
  });
  const form = new FormData();
  form.set('email', OWNER.email);
  form.set('password', OWNER.password);
  const registered = await fetch(`${harness.baseUrl}${API_PATHS.REGISTER}`, { method: 'POST', body: form });
  expect(registered.status).toBe(201);
  const mail = await takeMail(OWNER.email);
  const link = mail.links.find((candidate) => new URL(candidate).pathname === '/confirm-email');
  const token = link ? new URL(link).searchParams.get('token') : null;
  expect((await fetch(`${harness.baseUrl}${API_PATHS.CONFIRM_EMAIL}?token=${token}`)).status).toBe(200);
  for (const name of ['Ngozi Okafor', 'Tunde Bakare', 'Halima Musa', 'Chidi Eze']) await submitContact(name);
  // The staff notifications of the four enquiries, read for the mail check below.
  for (let index = 0; index < 4; index += 1) await takeMail(OWNER.email);
});

afterAll(async () => {
  await harness?.close();
});

describe.each(WIDTHS)('on a $name', ({ name, viewport }) => {
  it("opening an enquiry takes one off the tab's badge and the row's dot at once", async () => {
    const page = await signedInPage(viewport);
    await openContactTab(page);
    const person = name === 'phone' ? 'Ngozi Okafor' : 'Tunde Bakare';
    // The phone opens one and, in the next test, Halima's; the laptop finds the other two unread.
    const before = name === 'phone' ? 4 : 2;
    await page.getByRole('tab', { name: `Contact (${before} unread)` }).waitFor();
    await unreadDot(page, person).waitFor();
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: person, exact: true }).click();
    await page.getByRole('heading', { name: person }).waitFor();
    await page.getByRole('tab', { name: `Contact (${before - 1} unread)` }).waitFor();
    await page.getByRole('link', { name: /Back to the list/ }).click();
    await page.getByRole('link', { name: person, exact: true }).waitFor();
    expect(await unreadDot(page, person).count()).toBe(0);
    expect(await page.getByRole('tab', { name: `Contact (${before - 1} unread)` }).count()).toBe(1);
    await page.close();
  });

  it('a status message leaves when the person moves to another tab', async () => {
    const page = await signedInPage(viewport);
    await openContactTab(page);
    await page.getByRole('link', { name: 'Halima Musa', exact: true }).click();
    const status = name === 'phone' ? 'Contacted' : 'Won';
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: status });
    const message = page.getByRole('status').filter({ hasText: `Status set to ${status}.` });
    await message.waitFor();
    await page.getByRole('tab', { name: /^Web Development/ }).click();
    await page.getByText(SPEC_MESSAGES.LOADING_MESSAGES).first().waitFor({ state: 'detached' });
    expect(await page.getByText(`Status set to ${status}.`).count()).toBe(0);
    await page.getByRole('tab', { name: /^Contact/ }).click();
    await page.getByText(SPEC_MESSAGES.LOADING_MESSAGES).first().waitFor({ state: 'detached' });
    expect(await page.getByText(`Status set to ${status}.`).count()).toBe(0);
    await page.close();
  });

  it('a used reset link says so in the staff frame and mails a new one', async () => {
    const link = await resetLinkFor(OWNER.email);
    const token = new URL(link).searchParams.get('token');
    const used = await fetch(`${harness.baseUrl}${API_PATHS.UPDATE_PASSWORD}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', Origin: harness.baseUrl },
      body: JSON.stringify({ token, password: OWNER.password }),
    });
    expect(used.status, await used.text()).toBe(200);

    const page = await harness.newPage({ viewport });
    await page.goto(`${new URL(link).pathname}${new URL(link).search}`);
    await page.getByRole('heading', { name: RESET_LINK_TEXTS.used }).waitFor();
    expect(await page.getByLabel('New password').count()).toBe(0);
    // The staff frame, as /auth: its brand header and nothing of the public site's navigation.
    expect(await page.locator('.staff-page__header').count()).toBe(1);
    expect(await page.getByRole('banner').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Request a Quote' }).count()).toBe(0);
    await expectNoAxeViolations(page);
    if (process.env.SHOTS)
      await page.screenshot({ path: `${process.env.SHOTS}/reset-used-${name}.png`, fullPage: true });

    await page.getByLabel('E-mail address').fill(OWNER.email);
    await page.getByRole('button', { name: RESET_LINK_TEXTS.send }).click();
    await page.getByText(API_MESSAGES.RESET_REQUESTED).waitFor();
    expect(new URL(await nextResetLink(OWNER.email)).searchParams.get('token')).not.toBe(token);
    await page.close();
  });
});

describe('every mail this run sent, on a 375 px phone', () => {
  it('declares a viewport and does not scroll sideways', async () => {
    expect(mails.length).toBeGreaterThanOrEqual(8);
    const page = await harness.newPage({ viewport: { width: 375, height: 812 } });
    await page.route('**/*', (route) => route.abort());
    for (const mail of mails) {
      expect(mail.html, mail.subject).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
      await page.setContent(mail.html);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, mail.subject).toBeLessThanOrEqual(375);
    }
    await page.close();
  });
});
