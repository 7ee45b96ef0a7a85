import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, MESSAGE_KIND_LABELS, MESSAGE_KIND_PATHS, SPEC_MESSAGES } from '@agency/shared';
import { csvRecordsOf, rowsByHeader } from '@agency/testing';
import { startHarness, type Harness } from './harness';

/**
 * A staff member's day in the inbox (issue 11), on a 375 px phone: the built server, a fresh SQLite database, mails
 * from a real SMTP sink and Chromium. Two colleagues share one installation; the steps run in order.
 */

const AMAKA = { email: 'amaka.eze@rendezvous.test', password: 'Inbox#Amaka2026' };
const SEGUN = { email: 'segun.ade@rendezvous.test', password: 'Inbox#Segun2026' };
const CUSTOMER = {
  name: 'Ọlábísí Adéwálé',
  email: 'olabisi@example.ng',
  phone: '+234 803 555 1234',
  message: 'Good afternoon, we need a new website for our bakery in Surulere before Christmas.',
};
/** More than a page of other enquiries, so the customer is not on the first screen. */
const OTHERS = 55;
const PHONE = { width: 375, height: 812 };
const NOTE = 'Called her back: she wants a quote for five pages by Friday.';

let harness: Harness;
let customerReference = '';

/** Every dialog a page raises, accepted, in order. */
const dialogsByPage = new WeakMap<Page, string[]>();

async function signedInPage(account: { email: string; password: string }): Promise<Page> {
  const page = await harness.newPage({ viewport: PHONE });
  const dialogs: string[] = [];
  dialogsByPage.set(page, dialogs);
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  const login = await page.request.post(API_PATHS.LOGIN, { data: account, headers: { Origin: harness.baseUrl } });
  expect(login.status(), await login.text()).toBe(200);
  return page;
}

async function registerStaff(account: { email: string; password: string }): Promise<void> {
  const registered = await fetch(`${harness.baseUrl}${API_PATHS.REGISTER}`, {
    method: 'POST',
    body: (() => {
      const form = new FormData();
      form.set('email', account.email);
      form.set('password', account.password);
      return form;
    })(),
  });
  expect(registered.status).toBe(201);
  const mail = await harness.waitForMail(account.email);
  const link = mail.links.find((candidate) => new URL(candidate).pathname === '/confirm-email');
  const token = link ? new URL(link).searchParams.get('token') : null;
  expect(token).toBeTruthy();
  const confirmed = await fetch(`${harness.baseUrl}${API_PATHS.CONFIRM_EMAIL}?token=${token}`);
  expect(confirmed.status).toBe(200);
}

async function submitContact(data: Record<string, string>): Promise<string> {
  const response = await fetch(`${harness.baseUrl}${API_PATHS.SUBMIT_CONTACT}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', Origin: harness.baseUrl },
    body: JSON.stringify(data),
  });
  const answer = (await response.json()) as { reference: string };
  expect(response.status).toBe(201);
  return answer.reference;
}

/** The list of the Contact tab, after its first page has loaded. */
async function openContactTab(page: Page, query = ''): Promise<void> {
  await page.goto(`/dashboard?kind=contact${query}`);
  await page.getByRole('heading', { name: 'Messages Dashboard' }).waitFor();
  await page.getByText(SPEC_MESSAGES.LOADING_MESSAGES).first().waitFor({ state: 'detached' });
}

async function noSidewaysScrolling(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
}

beforeAll(async () => {
  harness = await startHarness({
    env: { ADMIN_SIGNUP_ALLOWLIST: '@rendezvous.test', FORM_RATE_LIMIT: 'off' },
  });
  await registerStaff(AMAKA);
  await registerStaff(SEGUN);
  customerReference = await submitContact(CUSTOMER);
  for (let i = 1; i <= OTHERS; i += 1) {
    await submitContact({
      name: `Visitor ${i}`,
      email: `visitor${i}@example.ng`,
      phone: `0809 000 ${String(1000 + i)}`,
      message: `Enquiry number ${i} about a logo.`,
    });
  }
});

afterAll(async () => {
  await harness?.close();
});

describe("a staff member's day in the inbox, on a phone", () => {
  it('shows the newest page with the count of unread enquiries in the tab name, and pages on', async () => {
    const page = await signedInPage(AMAKA);
    await openContactTab(page);
    await page.getByRole('tab', { name: new RegExp(`${MESSAGE_KIND_LABELS.contact}.*${OTHERS + 1} unread`) }).waitFor();
    await page.getByText(`${OTHERS + 1} enquiries`).waitFor();
    await page.getByRole('link', { name: `Visitor ${OTHERS}`, exact: true }).waitFor();
    expect(await page.getByRole('link', { name: CUSTOMER.name }).count()).toBe(0);

    await page.getByRole('link', { name: /Older/ }).click();
    await page.getByRole('link', { name: CUSTOMER.name }).waitFor();
    expect(new URL(page.url()).searchParams.get('after')).toBeTruthy();
    await noSidewaysScrolling(page);
    await page.goBack();
    await page.getByRole('link', { name: `Visitor ${OTHERS}`, exact: true }).waitFor();
  });

  it('finds the customer by her phone number written another way, and opens her enquiry', async () => {
    const page = await signedInPage(AMAKA);
    await openContactTab(page);
    await page.getByLabel('Search').fill('0803 555 1234');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('1 enquiry', { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe('0803 555 1234');

    await page.getByRole('link', { name: CUSTOMER.name }).click();
    await page.getByRole('heading', { name: CUSTOMER.name }).waitFor();
    await page.getByText(customerReference).first().waitFor();
    // What they sent (the timeline's first entry repeats it).
    await page.getByRole('region', { name: 'What they sent' }).getByText(CUSTOMER.message).waitFor();
    await noSidewaysScrolling(page);
    expect(await harness.axe(page)).toEqual([]);
  });

  it('answers her on WhatsApp with one tap, which marks her contacted', async () => {
    const page = await signedInPage(AMAKA);
    await openContactTab(page, '&q=0803+555+1234');
    await page.getByRole('link', { name: CUSTOMER.name }).click();
    const whatsapp = page.getByRole('link', { name: /WhatsApp/ });
    const href = (await whatsapp.getAttribute('href')) ?? '';
    const link = new URL(href);
    expect(`${link.origin}${link.pathname}`).toBe('https://wa.me/2348035551234');
    expect(link.searchParams.get('text')).toContain(customerReference);
    expect(await page.getByRole('link', { name: 'Call' }).getAttribute('href')).toBe('tel:+2348035551234');
    const mailto = (await page.getByRole('link', { name: 'E-mail' }).getAttribute('href')) ?? '';
    expect(mailto.startsWith(`mailto:${CUSTOMER.email}?`)).toBe(true);
    expect(decodeURIComponent(mailto)).toContain(customerReference);

    // No request may leave the machine: WhatsApp's page is answered here.
    await page
      .context()
      .route('https://wa.me/**', (route) => route.fulfill({ body: 'WhatsApp', contentType: 'text/plain' }));
    const popup = page.waitForEvent('popup');
    await whatsapp.click();
    await (await popup).close();
    await expect.poll(() => page.getByLabel('Status').inputValue()).toBe('contacted');
  });

  it('leaves a note and marks the lead won; a colleague sees both on his phone', async () => {
    const page = await signedInPage(AMAKA);
    await openContactTab(page, '&q=0803+555+1234');
    await page.getByRole('link', { name: CUSTOMER.name }).click();
    await page.getByLabel('Add a note').fill(NOTE);
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.getByText(NOTE).waitFor();
    await page.getByLabel('Status').selectOption('won');
    await page.getByText('Status set to Won.').waitFor();

    const colleague = await signedInPage(SEGUN);
    await openContactTab(colleague, '&q=Adéwálé');
    await colleague.getByRole('link', { name: CUSTOMER.name }).click();
    await colleague.getByText(NOTE).waitFor();
    expect(await colleague.getByLabel('Status').inputValue()).toBe('won');
    // The note names its author; the history says who changed the status.
    const notes = colleague.getByRole('list', { name: /Notes/ });
    expect(await notes.textContent()).toContain('amaka.eze');
    await colleague
      .getByText(/amaka\.eze.*Won/)
      .first()
      .waitFor();
    expect(await harness.axe(colleague)).toEqual([]);
  });

  it('exports the filtered view as CSV that Excel opens with her name intact', async () => {
    const page = await signedInPage(AMAKA);
    await openContactTab(page, '&status=won');
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    // The won lead only: her row, read as strictly as a spreadsheet splits rows, with the note she got.
    const rows = rowsByHeader(csvRecordsOf(await readFile(file)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ Name: CUSTOMER.name, Reference: customerReference });
    expect(rows[0]?.Notes).toContain(NOTE);
  });

  it('sets the status of several enquiries at once, moves two to the trash and restores them', async () => {
    const page = await signedInPage(AMAKA);
    await openContactTab(page);
    await page.getByLabel('Select the enquiry from Visitor 55').check();
    await page.getByLabel('Select the enquiry from Visitor 54').check();
    await page.getByLabel('Set status').selectOption('lost');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Set 2 enquiries to Lost.').waitFor();
    const lost = await harness.query<{ name: string }>(
      "select name from enquiries where kind = 'contact' and status = 'lost' order by name",
    );
    expect(lost.map((row) => row.name)).toEqual(['Visitor 54', 'Visitor 55']);

    await page.getByLabel('Select the enquiry from Visitor 53').check();
    await page.getByLabel('Select the enquiry from Visitor 52').check();
    await page.getByRole('group', { name: 'Selected enquiries' }).getByRole('button', { name: 'Delete' }).click();
    // The bulk question names the count in the page's own dialog (issue 23, docs/decisions/0044).
    const question = page.getByRole('dialog', { name: 'Delete 2 enquiries?' });
    await question.getByRole('button', { name: 'Delete 2 enquiries' }).click();
    await page.getByRole('link', { name: 'Visitor 53', exact: true }).waitFor({ state: 'detached' });
    expect(dialogsByPage.get(page) ?? []).toEqual([]);
    const spec = await page.request.get(MESSAGE_KIND_PATHS.contact.list);
    const listed = ((await spec.json()) as { messages: Array<{ name: string }> }).messages.map((row) => row.name);
    expect(listed).not.toContain('Visitor 53');

    await page.getByRole('link', { name: /Trash/ }).click();
    await page.getByRole('link', { name: 'Visitor 53', exact: true }).waitFor();
    await page.getByLabel('Select the enquiry from Visitor 53').check();
    await page.getByLabel('Select the enquiry from Visitor 52').check();
    await page.getByRole('group', { name: 'Selected enquiries' }).getByRole('button', { name: 'Restore' }).click();
    await page.getByText('The trash is empty.').waitFor();
    const trashed = await harness.query("select id from enquiries where kind = 'contact' and folder = 'trash'");
    expect(trashed).toEqual([]);
    await noSidewaysScrolling(page);
    expect(await harness.axe(page)).toEqual([]);
  });
});
