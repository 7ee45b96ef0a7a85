import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, INBOX_PATHS, PATHS, SPEC_MESSAGES } from '@agency/shared';
import { csvRecordsOf, rowsByHeader } from '@agency/testing';
import { startHarness, type Harness } from './harness';
import { registerAndConfirm } from './harness/accounts';

/**
 * The exports as an owner gets them from the screens (issue 17, docs/decisions/0026): the files Chromium downloads
 * from the inbox and the data-request page, read back as a strict CSV reader, a spreadsheet and an unzipper would.
 */

const OWNER = { email: 'ngozi.owner@rendezvous.test', password: 'Exports#Ngozi2026' };
const PERSON = { name: 'Tèmítọ́pẹ́ Bello', email: 'temitope.bello@example.ng', phone: '0803 123 4567' };
const MESSAGE = 'line one\n=1+1';
const NOTE = 'Called back.\n@SUM(A1) is not a formula here';

let harness: Harness;
let page: Page;

async function downloaded(name: string): Promise<Buffer> {
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name }).click();
  return readFile(await (await download).path());
}

beforeAll(async () => {
  harness = await startHarness({ env: { FORM_RATE_LIMIT: 'off' } });
  await registerAndConfirm(harness, OWNER);

  const submitted = await fetch(`${harness.baseUrl}${API_PATHS.SUBMIT_CONTACT}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', Origin: harness.baseUrl },
    body: JSON.stringify({ ...PERSON, message: MESSAGE }),
  });
  expect(submitted.status).toBe(201);

  page = await harness.newPage({ viewport: { width: 1280, height: 800 } });
  const login = await page.request.post(API_PATHS.LOGIN, { data: OWNER, headers: { Origin: harness.baseUrl } });
  expect(login.status(), await login.text()).toBe(200);
  const list = (await (await page.request.get(INBOX_PATHS.list('contact'))).json()) as {
    enquiries: Array<{ id: number }>;
  };
  const note = await page.request.post(INBOX_PATHS.notes('contact', list.enquiries[0]?.id ?? 0), {
    data: { body: NOTE },
    headers: { Origin: harness.baseUrl },
  });
  expect(note.status()).toBe(201);
});

afterAll(async () => {
  await harness?.close();
});

describe('the exports an owner downloads', () => {
  it('from the inbox: a CSV with the message and note in one row each, and an Excel file with the phone as text', async () => {
    await page.goto('/dashboard?kind=contact');
    await page.getByText(SPEC_MESSAGES.LOADING_MESSAGES).first().waitFor({ state: 'detached' });

    const rows = rowsByHeader(csvRecordsOf(await downloaded('Export CSV')));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.Name).toBe(PERSON.name);
    expect(rows[0]?.Message).toBe("line one\n'=1+1");
    expect(rows[0]?.Notes).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d, ngozi\.owner:\nCalled back\.\n'@SUM\(A1\) is not/);
    expect(rows[0]?.Phone).toMatch(/^0803/);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await downloaded('Export Excel')) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Contact');
    const header = (sheet?.getRow(1).values as unknown[]).map(String);
    const cell = (name: string) => sheet?.getRow(2).getCell(header.indexOf(name));
    expect(cell('Phone')?.type).toBe(ExcelJS.ValueType.String);
    expect(String(cell('Phone')?.value)).toMatch(/^0803/);
    expect(cell('Received in Lagos (UTC+1)')?.type).toBe(ExcelJS.ValueType.Date);
    expect(cell('Message')?.value).toBe(MESSAGE);
  });

  it("from a data request: a ZIP of one CSV per table, the person's phone and the assignee column intact", async () => {
    await page.goto(PATHS.dataRequests);
    await page.getByLabel('E-mail address').fill(PERSON.email);
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('link', { name: 'Download CSV files (ZIP)' }).waitFor();

    const files = unzipSync(await downloaded('Download CSV files (ZIP)'));
    expect(Object.keys(files)).toContain('contact-enquiries.csv');
    expect(Object.keys(files)).toContain('notes.csv');
    const [contact] = rowsByHeader(csvRecordsOf(files['contact-enquiries.csv'] ?? new Uint8Array()));
    expect(contact).toMatchObject({ Name: PERSON.name, Assignee: 'Unassigned', Message: "line one\n'=1+1" });
    expect(rowsByHeader(csvRecordsOf(files['notes.csv'] ?? new Uint8Array()))).toHaveLength(1);
    expect(await harness.axe(page)).toEqual([]);
  });
});
