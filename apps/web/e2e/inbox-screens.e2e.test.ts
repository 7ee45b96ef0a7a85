import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, MESSAGE_KIND_PATHS, SPEC_MESSAGES, TIMINGS, type MessageKind } from '@agency/shared';
import { INBOX_POLL_MS } from '@/features/dashboard/inbox-cache';
import { startHarness, type Harness } from './harness';

/**
 * The staff screens keep up (issue 17 item 6): the inbox polls and says "N new", its first enquiry is on the first
 * screen of a laptop and a phone, it keeps its place, a search covers the four kinds, an idle logout keeps a half-typed
 * note and signing in comes back to it, and no button breaks a word. The built server, SQLite, Chromium.
 */

const STAFF = { email: 'ngozi.obi@rendezvous.test', password: 'Screens#Ngozi2026' };
const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };
const SHOTS = process.env.INBOX_SCREENSHOTS;

let harness: Harness;

async function registerStaff(account: { email: string; password: string }, on: Harness = harness): Promise<void> {
  const form = new FormData();
  form.set('email', account.email);
  form.set('password', account.password);
  const registered = await fetch(`${on.baseUrl}${API_PATHS.REGISTER}`, { method: 'POST', body: form });
  expect(registered.status).toBe(201);
  const mail = await on.waitForMail(account.email);
  const link = mail.links.find((candidate) => new URL(candidate).pathname === '/confirm-email');
  const token = link ? new URL(link).searchParams.get('token') : null;
  expect(token).toBeTruthy();
  const confirmed = await fetch(`${on.baseUrl}${API_PATHS.CONFIRM_EMAIL}?token=${token}`);
  expect(confirmed.status).toBe(200);
}

const SUBMISSIONS: Record<MessageKind, (i: number) => Record<string, unknown>> = {
  contact: (i) => ({
    name: `Contact Visitor ${i}`,
    email: `contact${i}@example.ng`,
    phone: `0809 000 ${String(1000 + i)}`,
    message: `Enquiry number ${i}: we need a logo and a landing page for our bakery in Yaba.`,
  }),
  request_quote: (i) => ({
    name: `Quote Visitor ${i}`,
    email: `quote${i}@example.ng`,
    phone: `0809 100 ${String(1000 + i)}`,
    location: 'Lagos',
    projectDescription: `Quote number ${i}: an online shop for adire fabrics with Paystack.`,
    services: ['Web development'],
  }),
  web_dev: (i) => ({
    surname: 'Trainee',
    firstname: `Web ${i}`,
    email: `web${i}@example.ng`,
    phone: `0809200${String(1000 + i)}`,
    trainingType: 'Web Design & Development',
    schedule: 'Weekend',
    occupation: 'Student',
    state: 'Lagos',
    referral: 'Social Media',
  }),
  creative_design: (i) => ({
    surname: 'Designer',
    firstname: `Creative ${i}`,
    email: `creative${i}@example.ng`,
    phone: `0809300${String(1000 + i)}`,
    schedule: 'Weekend',
    occupation: 'Student',
    state: 'Lagos',
    referral: 'Social Media',
  }),
};

async function submit(kind: MessageKind, values: Record<string, unknown>, on: Harness = harness): Promise<string> {
  const response = await fetch(`${on.baseUrl}${MESSAGE_KIND_PATHS[kind].submit}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', Origin: on.baseUrl },
    body: JSON.stringify(values),
  });
  const text = await response.text();
  expect(response.status, text).toBeLessThan(300);
  return (JSON.parse(text) as { reference?: string }).reference ?? '';
}

async function signedInPage(viewport: { width: number; height: number }, on: Harness = harness): Promise<Page> {
  const page = await on.newPage({ viewport });
  page.on('dialog', (dialog) => void dialog.accept());
  const login = await page.request.post(API_PATHS.LOGIN, { data: STAFF, headers: { Origin: on.baseUrl } });
  expect(login.status(), await login.text()).toBe(200);
  return page;
}

async function openInbox(page: Page, query = ''): Promise<void> {
  await page.goto(`/dashboard${query}`);
  await page.getByRole('heading', { name: 'Messages Dashboard' }).waitFor();
  await page.getByText(SPEC_MESSAGES.LOADING_MESSAGES).first().waitFor({ state: 'detached' });
}

beforeAll(async () => {
  harness = await startHarness({ env: { ADMIN_SIGNUP_ALLOWLIST: '@rendezvous.test', FORM_RATE_LIMIT: 'off' } });
  await registerStaff(STAFF);
  for (let i = 1; i <= 12; i += 1) await submit('contact', SUBMISSIONS.contact(i));
  for (let i = 1; i <= 3; i += 1) await submit('request_quote', SUBMISSIONS.request_quote(i));
  for (let i = 1; i <= 4; i += 1) await submit('web_dev', SUBMISSIONS.web_dev(i));
  await submit('creative_design', SUBMISSIONS.creative_design(1));
});

afterAll(async () => {
  await harness?.close();
});

/** The Lagos references are unique; the enquiry's id is what the dashboard's address names. */
async function idOf(reference: string): Promise<number> {
  const rows = await harness.query<{ id: number }>('select id from enquiries where reference = ?', [reference]);
  expect(rows).toHaveLength(1);
  return Number(rows[0]?.id);
}

async function signIn(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
  await page.getByLabel('E-mail').fill(STAFF.email);
  await page.getByLabel('Password', { exact: true }).fill(STAFF.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** WCAG's contrast ratio of two rgb()/rgba() colours (alpha ignored; the backgrounds read here are opaque). */
function contrastOf(foreground: string, background: string): number {
  const luminance = (colour: string) => {
    const [r, g, b] = (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
      const channel = Number(part) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
  };
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

describe('the inbox keeps up', () => {
  it('shows a new urgent enquiry as "1 new" within the poll interval, without a reload or moving the rows', async () => {
    const page = await signedInPage(LAPTOP);
    await page.clock.install();
    await openInbox(page, '?kind=contact');
    const firstBefore = await page.locator('.enquiry-row__name a').first().textContent();
    const reference = await submit('contact', { ...SUBMISSIONS.contact(90), name: 'Urgent Uchenna' });
    expect(reference).toBeTruthy();
    expect(await page.getByText('1 new enquiry').count()).toBe(0);

    await page.clock.fastForward(INBOX_POLL_MS);
    await page.getByText('1 new enquiry').waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/inbox-laptop-new.png` });
    expect(await page.locator('.enquiry-row__name a').first().textContent()).toBe(firstBefore);
    await page.getByRole('tab', { name: /Contact \(13 unread\)/ }).waitFor();
    await page.getByRole('button', { name: 'Show 1 new' }).click();
    await page.getByRole('link', { name: 'Urgent Uchenna' }).waitFor();
    expect(await page.locator('.enquiry-row__name a').first().textContent()).toBe('Urgent Uchenna');
    expect(harness.consoleErrors(page)).toEqual([]);
  });

  it('shows the first enquiry without scrolling on a 1280x800 laptop and a 375x812 phone', async () => {
    for (const viewport of [LAPTOP, PHONE]) {
      const page = await signedInPage(viewport);
      await openInbox(page, '?kind=contact');
      const box = await page.locator('.enquiries tbody tr').first().boundingBox();
      expect(box).not.toBeNull();
      console.info(`first enquiry at ${viewport.width}x${viewport.height}: top ${box?.y} px`);
      // Its top and its name are on the first screen.
      expect(box?.y ?? Infinity).toBeLessThan(viewport.height - 60);
      await noSidewaysScrolling(page);
    }
  });

  it('keeps its place on a phone when an enquiry is opened and closed', async () => {
    const page = await signedInPage(PHONE);
    await openInbox(page, '?kind=contact');
    const link = page.getByRole('link', { name: 'Contact Visitor 3', exact: true });
    await link.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(1000);
    await link.click();
    await page.getByRole('heading', { name: 'Contact Visitor 3' }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByRole('link', { name: /Back to the list/ }).click();
    await page.getByRole('link', { name: 'Contact Visitor 3', exact: true }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Contact Visitor 3');
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThanOrEqual(2);
  });

  it('searches the four kinds: the tab shows its matches, links name the others, and a tab switch keeps the search', async () => {
    const page = await signedInPage(LAPTOP);
    await openInbox(page, '?kind=contact');
    await page.getByLabel('Search').fill('0809');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const hint = page.getByRole('navigation', { name: 'Matches in the other tabs' });
    await hint.waitFor();
    expect(await hint.getByRole('link').allTextContents()).toEqual([
      '4 more in Web Development',
      '1 more in Creative Design',
      '3 more in Request Quote',
    ]);
    await hint.getByRole('link', { name: '3 more in Request Quote' }).click();
    await page.getByText('3 enquiries', { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe('0809');
    expect(await page.getByLabel('Search').inputValue()).toBe('0809');

    await page.getByRole('tab', { name: /Web Development/ }).click();
    await page.getByText('4 enquiries', { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe('0809');
    await page.getByRole('link', { name: /more in Contact$/ }).waitFor();
    expect(await harness.axe(page)).toEqual([]);
  });

  it("opens the notification mail's enquiry through sign-in, and after an idle logout keeps the half-typed note and returns to it", async () => {
    const reference = await submit('contact', { ...SUBMISSIONS.contact(91), name: 'Mail Link Mariam' });
    let mail = await harness.waitForMail(STAFF.email);
    while (!mail.subject.includes(reference)) mail = await harness.waitForMail(STAFF.email);
    const id = await idOf(reference);
    const link = /https?:\/\/\S+\/dashboard\?\S+/.exec(mail.text)?.[0];
    expect(link).toBe(`${harness.baseUrl}/dashboard?kind=contact&enquiry=${id}`);

    const page = await harness.newPage({ viewport: PHONE });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await page.clock.install();
    await page.goto(link ?? '');
    await signIn(page);
    await page.getByRole('heading', { name: 'Mail Link Mariam' }).waitFor();
    expect(new URL(page.url()).searchParams.get('enquiry')).toBe(String(id));

    const half = 'Called her at 10; she wants the price of';
    await page.getByLabel('Add a note').fill(half);
    await page.clock.fastForward(TIMINGS.INACTIVITY_LOGOUT_MS);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(dialogs).toEqual([SPEC_MESSAGES.INACTIVITY_LOGOUT]);
    expect(new URL(page.url()).pathname).toBe('/auth');
    const session = await page.request.get(API_PATHS.SESSION_CHECK);
    expect(((await session.json()) as { success: boolean }).success).toBe(false);

    await signIn(page);
    await page.getByRole('heading', { name: 'Mail Link Mariam' }).waitFor();
    expect(await page.getByLabel('Add a note').inputValue()).toBe(half);
    expect(harness.consoleErrors(page).filter((error) => !error.includes('401'))).toEqual([]);
  });

  it('never breaks a word inside a button at 1024, 1440 and 1920 px, and hover keeps the staff links readable', async () => {
    for (const width of [1024, 1440, 1920]) {
      const page = await signedInPage({ width, height: 900 });
      await openInbox(page, '?kind=contact');
      // A word broken over two lines has two boxes: each word of each button's text must have one.
      const broken = await page.evaluate(() => {
        const found: string[] = [];
        for (const button of document.querySelectorAll<HTMLElement>('.dashboard button, .dashboard .btn')) {
          if (button.offsetParent === null) continue;
          const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent ?? '';
            for (const match of text.matchAll(/\S+/g)) {
              const range = document.createRange();
              range.setStart(node, match.index);
              range.setEnd(node, match.index + match[0].length);
              if (range.getClientRects().length > 1) found.push(`${match[0]} in "${button.textContent}"`);
            }
          }
        }
        return found;
      });
      expect(broken, `at ${width} px`).toEqual([]);
      const deleteButton = page.locator('.enquiry-row__delete').first();
      const lines = await deleteButton.evaluate((button) => {
        const range = document.createRange();
        range.selectNodeContents(button);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      });
      expect(lines, `Delete at ${width} px`).toBe(1);
    }

    const page = await signedInPage(LAPTOP);
    await openInbox(page, '?kind=contact');
    const links = page.locator('.staff-page__header nav a, .inbox-folders__link');
    for (let index = 0; index < (await links.count()); index += 1) {
      const link = links.nth(index);
      await link.hover();
      const colours = await link.evaluate((element) => {
        let background = 'rgba(0, 0, 0, 0)';
        for (let node: Element | null = element; node; node = node.parentElement) {
          const colour = getComputedStyle(node).backgroundColor;
          if (!colour.startsWith('rgba(0, 0, 0, 0)') && colour !== 'transparent') {
            background = colour;
            break;
          }
        }
        return { text: element.textContent, colour: getComputedStyle(element).color, background };
      });
      expect(contrastOf(colours.colour, colours.background), `${colours.text} on hover`).toBeGreaterThanOrEqual(4.5);
    }
  });
});

/** MariaDB is what a production install may use: the poll and the search across kinds run there too (TEST_MYSQL_URL, CI). */
const RUN_ON_MYSQL = Boolean(process.env.TEST_MYSQL_URL) || process.env.CI === 'true';

if (RUN_ON_MYSQL) {
  describe('the inbox keeps up on MariaDB', () => {
    let mysql: Harness;

    beforeAll(async () => {
      mysql = await startHarness({
        database: 'mysql',
        env: { ADMIN_SIGNUP_ALLOWLIST: '@rendezvous.test', FORM_RATE_LIMIT: 'off' },
      });
      await registerStaff(STAFF, mysql);
      for (let i = 1; i <= 2; i += 1) await submit('contact', SUBMISSIONS.contact(i), mysql);
      await submit('web_dev', SUBMISSIONS.web_dev(1), mysql);
    });

    afterAll(async () => {
      await mysql?.close();
    });

    it('says "1 new" within the poll interval and names the search\'s matches in the other tabs', async () => {
      const page = await signedInPage(LAPTOP, mysql);
      await page.clock.install();
      await page.goto('/dashboard?kind=contact&q=0809');
      await page.getByRole('link', { name: '1 more in Web Development' }).waitFor();
      await submit('contact', { ...SUBMISSIONS.contact(3), name: 'Urgent Uchenna' }, mysql);
      await page.clock.fastForward(INBOX_POLL_MS);
      await page.getByRole('button', { name: 'Show 1 new' }).click();
      await page.getByRole('link', { name: 'Urgent Uchenna' }).waitFor();
      expect(mysql.consoleErrors(page)).toEqual([]);
    });
  });
}

async function noSidewaysScrolling(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
}

// Screenshots only when asked for (INBOX_SCREENSHOTS=dir), for a person to look at; never a test of their own in CI.
if (SHOTS) {
  describe('screenshots of the inbox', () => {
    it('are taken at 1280x800 and 375x812', async () => {
      for (const [name, viewport] of [
        ['laptop', LAPTOP],
        ['phone', PHONE],
      ] as const) {
        const page = await signedInPage(viewport);
        await openInbox(page, '?kind=contact');
        await page.screenshot({ path: `${SHOTS}/inbox-${name}.png` });
        await page.screenshot({ path: `${SHOTS}/inbox-${name}-full.png`, fullPage: true });
        await openInbox(page, '?kind=contact&q=0809');
        await page.getByRole('navigation', { name: 'Matches in the other tabs' }).waitFor();
        await page.screenshot({ path: `${SHOTS}/inbox-${name}-search.png` });
        await openInbox(page, '?kind=all');
        await page.screenshot({ path: `${SHOTS}/inbox-${name}-all.png` });
        // The small controls (form kit fields): the bulk toolbar's status, and an enquiry's status, assignee and note.
        await openInbox(page, '?kind=contact');
        const rows = await page.getByRole('checkbox', { name: /^Select the enquiry from/ }).all();
        for (const checkbox of rows.slice(0, 2)) await checkbox.check();
        await page.getByRole('group', { name: 'Selected enquiries' }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/inbox-${name}-bulk.png` });
        await page.locator('.enquiry-row__name a').first().click();
        await page.getByLabel('Add a note').waitFor();
        await page.screenshot({ path: `${SHOTS}/inbox-${name}-enquiry.png`, fullPage: true });
      }
    });
  });
}
