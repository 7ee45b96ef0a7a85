import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES, API_PATHS, INBOX_PATHS, MESSAGE_KIND_PATHS, PATHS } from '@agency/shared';
import { startHarness, type Harness } from './harness';

/**
 * A day in the owner's life (issue 12): approve a colleague who then signs in, remove them and see their open
 * session end, export and erase a person's data and find nothing of it left, and read it all in the audit log. The
 * built server, a fresh SQLite database, mails from a real SMTP sink and Chromium; the steps run in order.
 */

const OWNER = { email: 'funke.owner@rendezvous.test', password: 'Owner#Funke2026' };
const COLLEAGUE = { email: 'tobi.new@rendezvous.test', password: 'Staff#Tobi2026' };
const PERSON = { name: 'Chidinma Okeke', email: 'chidinma.okeke@example.ng', phone: '0812 345 6789' };
const PERSON_DIGITS = '8123456789';

let harness: Harness;
const dialogsByPage = new WeakMap<Page, string[]>();

async function registerAndConfirm(account: { email: string; password: string }): Promise<void> {
  const form = new FormData();
  form.set('email', account.email);
  form.set('password', account.password);
  const registered = await fetch(`${harness.baseUrl}${API_PATHS.REGISTER}`, { method: 'POST', body: form });
  expect(registered.status).toBe(201);
  const mail = await harness.waitForMail(account.email);
  const link = mail.links.find((candidate) => new URL(candidate).pathname === PATHS.confirmEmail);
  const token = link ? new URL(link).searchParams.get('token') : null;
  expect(token).toBeTruthy();
  expect((await fetch(`${harness.baseUrl}${API_PATHS.CONFIRM_EMAIL}?token=${token}`)).status).toBe(200);
}

/** A page whose context is signed in as the account (or refused, for the test to look at). */
async function pageOf(account: { email: string; password: string }, expectedLogin = 200): Promise<Page> {
  const page = await harness.newPage();
  const dialogs: string[] = [];
  dialogsByPage.set(page, dialogs);
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  const login = await page.request.post(API_PATHS.LOGIN, { data: account, headers: { Origin: harness.baseUrl } });
  expect(login.status(), await login.text()).toBe(expectedLogin);
  return page;
}

async function submitContact(message: string): Promise<string> {
  const response = await fetch(`${harness.baseUrl}${API_PATHS.SUBMIT_CONTACT}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', Origin: harness.baseUrl },
    body: JSON.stringify({ ...PERSON, message }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { reference: string }).reference;
}

/** Every row of every table, as text: where a trace of the person would show. */
async function everyStoredRow(): Promise<string[]> {
  const tables = await harness.query<{ name: string }>(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%'",
  );
  const rows: string[] = [];
  for (const { name } of tables) {
    for (const row of await harness.query(`select * from "${name}"`)) rows.push(`${name}: ${JSON.stringify(row)}`);
  }
  return rows;
}

beforeAll(async () => {
  harness = await startHarness({ env: { FORM_RATE_LIMIT: 'off' } });
  await registerAndConfirm(OWNER);
});

afterAll(async () => {
  await harness?.close();
});

describe("a day in the owner's life", () => {
  it('approves a colleague, who can then sign in at once and gets a mail saying so', async () => {
    await registerAndConfirm(COLLEAGUE);
    await pageOf(COLLEAGUE, 403);

    const owner = await pageOf(OWNER);
    await owner.goto(PATHS.staffAccounts);
    await owner.getByRole('heading', { name: 'Waiting for approval' }).waitFor();
    await owner.getByRole('button', { name: `Approve ${COLLEAGUE.email}` }).click();
    await owner.getByText(`${COLLEAGUE.email} is approved`).waitFor();

    const mail = await harness.waitForMail(COLLEAGUE.email);
    expect(`${mail.subject}\n${mail.text}`).toMatch(/approved|sign in/i);
    const colleague = await pageOf(COLLEAGUE);
    await colleague.goto(PATHS.dashboard);
    await colleague.getByRole('heading', { name: 'Messages Dashboard' }).waitFor();
    expect(await harness.axe(owner)).toEqual([]);
  });

  it('removes the colleague: their open session ends at once and they cannot sign in again', async () => {
    const colleague = await pageOf(COLLEAGUE);
    await colleague.goto(PATHS.dashboard);
    await colleague.getByRole('heading', { name: 'Messages Dashboard' }).waitFor();

    const owner = await pageOf(OWNER);
    await owner.goto(PATHS.staffAccounts);
    await owner.getByRole('button', { name: `Remove ${COLLEAGUE.email}` }).click();
    // The question names the colleague (issue 17: a <dialog>, no longer the browser's confirm).
    await owner
      .getByRole('dialog', { name: `Remove ${COLLEAGUE.email}?` })
      .getByRole('button', { name: 'Remove' })
      .click();
    await owner.getByText(`${COLLEAGUE.email} is removed`).waitFor();

    const list = await colleague.request.get(INBOX_PATHS.list('contact'));
    expect(list.status()).toBe(401);
    await colleague.reload();
    await colleague.waitForURL('**/auth');
    const again = await colleague.request.post(API_PATHS.LOGIN, {
      data: COLLEAGUE,
      headers: { Origin: harness.baseUrl },
    });
    expect(again.status()).toBe(403);
    expect(((await again.json()) as { message: string }).message).toBe(API_MESSAGES.LOGIN_AWAITING_APPROVAL);
  });

  it("exports a person's data, erases all of it after a confirmation naming the count, and nothing is left", async () => {
    const first = await submitContact('Please call me about a website for my boutique in Lekki.');
    const second = await submitContact('Following up on my earlier message about the boutique.');
    const owner = await pageOf(OWNER);
    // A colleague's note on one of her enquiries, and one deleted to the trash: both must go too.
    const [firstRow] = (
      (await (await owner.request.get(`${INBOX_PATHS.list('contact')}?q=${first}`)).json()) as {
        enquiries: Array<{ id: number }>;
      }
    ).enquiries;
    expect(firstRow).toBeDefined();
    const note = await owner.request.post(INBOX_PATHS.notes('contact', firstRow?.id ?? 0), {
      data: { body: `Spoke to ${PERSON.name} on ${PERSON.phone}.` },
      headers: { Origin: harness.baseUrl },
    });
    expect(note.status()).toBe(201);
    const secondId = (
      (await (await owner.request.get(`${INBOX_PATHS.list('contact')}?q=${second}`)).json()) as {
        enquiries: Array<{ id: number }>;
      }
    ).enquiries[0]?.id;
    expect((await owner.request.delete(`${MESSAGE_KIND_PATHS.contact.delete}?id=${secondId}`)).status()).toBe(200);
    expect((await everyStoredRow()).some((row) => row.includes(PERSON.email))).toBe(true);

    await owner.goto(PATHS.dataRequests);
    await owner.getByLabel('E-mail address').fill(PERSON.email);
    await owner.getByRole('button', { name: 'Find' }).click();
    const counts = owner.getByText(/2 enquiries, 1 note, \d+ mail records — \d+ records/).first();
    await counts.waitFor();
    const total = Number(/— (\d+) records/.exec((await counts.textContent()) ?? '')?.[1]);
    expect(total).toBeGreaterThanOrEqual(3);

    const download = owner.waitForEvent('download');
    await owner.getByRole('link', { name: 'Download JSON' }).click();
    const exported = await readFile(await (await download).path(), 'utf8');
    expect(exported).toContain(first);
    expect(exported).toContain(second);
    expect(exported).toContain(PERSON.name);

    await owner.getByRole('button', { name: `Erase all ${total} records` }).click();
    await owner
      .getByText(/erased/i)
      .first()
      .waitFor();
    expect(dialogsByPage.get(owner)?.at(-1)).toContain(`Erase all ${total} records`);

    await owner.getByRole('button', { name: 'Find' }).click();
    await owner.getByText('No enquiry, note or mail record.').waitFor();
    const traces = (await everyStoredRow()).filter(
      (row) => row.includes(PERSON.email) || row.includes(PERSON_DIGITS) || row.includes(PERSON.name),
    );
    // The audit log keeps that a request was made, never who it was about.
    expect(traces).toEqual([]);
    expect(await harness.axe(owner)).toEqual([]);
  });

  it('reads every step of the day in the audit log', async () => {
    const owner = await pageOf(OWNER);
    await owner.goto(PATHS.auditLog);
    for (const label of ['Approved an account', 'Removed an account', 'Deleted an enquiry', "Erased a person's data"]) {
      // The action filter's options carry the same words; the entries are what is shown.
      await owner.getByText(label).filter({ visible: true }).first().waitFor();
    }
    const changed = await owner.request.fetch('/api/audit-log', {
      method: 'DELETE',
      headers: { Origin: harness.baseUrl },
    });
    expect([404, 405]).toContain(changed.status());
    expect(await harness.axe(owner)).toEqual([]);
  });
});
