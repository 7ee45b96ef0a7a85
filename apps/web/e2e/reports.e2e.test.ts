import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, PATHS, REPORTS_PATH, ReportAnswerSchema, reportCsvPath } from '@agency/shared';
import { startHarness, type Harness } from './harness';
import { registerAndConfirm } from './harness/accounts';
import { saveScreenshot } from './harness/page-helpers';

/**
 * Issue 21 item 6: an owner reads the week's report on a phone (375 px): how fast enquiries were answered per kind and
 * per person (WhatsApp and calls included), what was won and from which source, each chart's table, a CSV; no
 * sideways scroll and axe finds nothing. E2E_SCREENSHOTS=<dir> keeps screenshots at 375 and 1280 px.
 */

const OWNER = { email: 'ngozi.owner@rendezvous.test', password: 'Owner#Ngozi2026' };
const HOUR_MS = 3_600_000;

let harness: Harness;

async function ownerPage(width: number): Promise<Page> {
  const page = await harness.newPage({ viewport: { width, height: 812 } });
  const login = await page.request.post(API_PATHS.LOGIN, { data: OWNER, headers: { Origin: harness.baseUrl } });
  expect(login.status(), await login.text()).toBe(200);
  return page;
}

/** The start of this Lagos week (Monday 00:00 Lagos), in UTC milliseconds. */
function mondayStartMs(now: number): number {
  const lagos = new Date(now + HOUR_MS);
  const weekday = (lagos.getUTCDay() + 6) % 7;
  return Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth(), lagos.getUTCDate() - weekday) - HOUR_MS;
}

interface Row {
  kind: string;
  minutes: number | null;
  channel?: string;
  status?: string;
  folder?: string;
  host?: string | null;
  utm?: string | null;
}

/**
 * This week's enquiries, written as the other parts of issue 21 write them: two contact enquiries answered by e-mail
 * within the hour, one quote answered on WhatsApp and won, a training answered by call and enrolled, one still
 * waiting, one spam.
 */
const ROWS: Row[] = [
  { kind: 'contact', minutes: 20, channel: 'email', status: 'contacted', host: 'www.google.com' },
  { kind: 'contact', minutes: 40, channel: 'email', status: 'contacted', host: 'www.google.com' },
  { kind: 'request_quote', minutes: 90, channel: 'whatsapp', status: 'won', host: 'www.instagram.com' },
  { kind: 'web_dev', minutes: 150, channel: 'call', status: 'enrolled', utm: 'nairaland' },
  { kind: 'contact', minutes: null, host: null },
  { kind: 'contact', minutes: null, folder: 'spam', host: null },
];

async function insertWeek(ownerId: number): Promise<void> {
  const monday = mondayStartMs(Date.now());
  for (const [index, row] of ROWS.entries()) {
    const createdAt = monday + (index + 1) * 60_000;
    const answeredAt = row.minutes === null ? null : createdAt + row.minutes * 60_000;
    await harness.query(
      `insert into enquiries (kind, reference, name, email, phone, phone_key, preview, search_text, status, folder,
        human_check, created_at, response_due_at, first_response_at, first_response_channel, first_response_by,
        first_response_business_ms, source_class, source_host, utm_source)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        row.kind,
        `RD-E2E-${index}`,
        `Customer ${index}`,
        `customer${index}@example.ng`,
        '+2348031234567',
        '8031234567',
        'A question',
        'a question',
        row.status ?? 'new',
        row.folder ?? 'inbox',
        'verified',
        createdAt,
        row.folder === 'spam' ? null : createdAt + (row.kind === 'web_dev' ? 240 : 60) * 60_000,
        answeredAt,
        row.channel ?? null,
        row.minutes === null ? null : ownerId,
        row.minutes === null ? null : row.minutes * 60_000,
        row.host || row.utm ? 'search' : 'direct',
        row.host ?? null,
        row.utm ?? null,
      ],
    );
  }
}

beforeAll(async () => {
  harness = await startHarness();
  await registerAndConfirm(harness, OWNER);
  const [owner] = await harness.query<{ id: number }>('select id from users where email = ?', [OWNER.email]);
  await insertWeek(Number(owner?.id));
});

afterAll(async () => {
  await harness?.close();
});

describe('the reports page', () => {
  it("lets an owner read the week's report on a phone, and axe finds nothing", async () => {
    const page = await ownerPage(375);
    // The way in: the link under the inbox.
    await page.goto(PATHS.dashboard);
    await page.getByRole('link', { name: 'Reports: response times, wins and sources by week' }).click();
    await page.waitForURL((url) => url.pathname === PATHS.reports);
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    const glance = page.getByRole('region', { name: 'At a glance' });
    await glance.getByText('Median first answer').waitFor();
    // Four answers of 20, 40, 90 and 150 minutes: the median (nearest rank) is 40 min, 9 in 10 within 2 h 30.
    expect(await glance.locator('dd').allTextContents()).toEqual(['40 min', '2 h 30 min', '60 %', '2']);

    const byKind = page.getByRole('region', { name: 'How fast, by kind' });
    expect(await byKind.locator('.bar-chart__row', { hasText: 'Contact' }).textContent()).toContain('Median 20 min');
    const byChannel = page.getByRole('region', { name: 'How fast, by channel' });
    expect(await byChannel.locator('.bar-chart__row', { hasText: 'WhatsApp' }).textContent()).toContain('1 h 30 min');
    expect(await byChannel.locator('.bar-chart__row', { hasText: 'Call' }).textContent()).toContain('2 h 30 min');

    // The table under the person chart, opened by its summary.
    const byPerson = page.getByRole('region', { name: 'How fast, by person' });
    await byPerson.getByText('The figures as a table').click();
    const ngozi = byPerson.getByRole('row', { name: /ngozi\.owner/ });
    expect(await ngozi.getByRole('cell').allTextContents()).toEqual(['4', '40 min', '2 h 30 min', '75 % (3 of 4)']);

    const bySource = page.getByRole('region', { name: 'Won, by source' });
    expect(await bySource.locator('.bar-chart__label').allTextContents()).toEqual([
      'google.com',
      'Direct',
      'instagram.com',
      'nairaland',
    ]);

    expect(await harness.axe(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await saveScreenshot(page, 'reports-375');

    // The week's CSV, through the link the page gives.
    const href = await page.getByRole('link', { name: 'Download response times (CSV)' }).getAttribute('href');
    expect(href?.startsWith(`${reportCsvPath('response-times')}?from=`)).toBe(true);
    const csv = await page.request.get(href ?? '');
    expect(csv.status()).toBe(200);
    expect(await csv.text()).toContain('Channel,WhatsApp,1,90.0,90.0,0,1,0.0');

    // The week before: nothing arrived, said in words.
    await page.getByRole('button', { name: 'Previous week' }).click();
    await page.getByText('No first answers in this week.').first().waitFor();
    expect(await harness.axe(page)).toEqual([]);
    expect(harness.consoleErrors(page)).toEqual([]);
  });

  it('reads well at 1280 px, and axe finds nothing', async () => {
    const page = await ownerPage(1280);
    await page.goto(PATHS.reports);
    await page.getByRole('region', { name: 'At a glance' }).getByText('40 min').waitFor();
    expect(await harness.axe(page)).toEqual([]);
    const answer = ReportAnswerSchema.parse(await (await page.request.get(REPORTS_PATH)).json());
    expect(answer.scope).toBe('everyone');
    expect(JSON.stringify(answer).length).toBeLessThan(50_000);
    await saveScreenshot(page, 'reports-1280');
  });
});
