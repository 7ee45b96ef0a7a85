import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, CONTENT_PATHS, PATHS } from '@agency/shared';
import { startHarness, type Harness } from './harness';
import { registerAndConfirm } from './harness/accounts';

/**
 * Issue 22 item 7, the publishing an editor does after writing: through the Content screen in Chromium, an editor
 * schedules a new case study (a time a little ahead on the server's real clock: the e2e server has no injected clock,
 * so the test waits for the scheduler's tick, bounded) and finds it on /portfolio, its own page and the sitemap;
 * changes the creative training's weekday fee on a phone (375 px) and sees the new fee, and not the old one, on the
 * public page loaded without JavaScript; rolls the training back to version 1 and sees the old fee again; unpublishes
 * the case study (404, gone from /portfolio and /sitemap.xml). The W3C checker finds 0 errors and axe nothing on the
 * regenerated training page and the new case study page.
 */

const OWNER = { email: 'ada.owner@rendezvous.test', password: 'Owner#Ada2026' };
const EDITOR = { email: 'femi.editor@rendezvous.test', password: 'Editor#Femi2026' };
const CASE_TITLE = 'A pharmacy that takes orders on WhatsApp';
const CASE_SLUG = 'pharmacy-orders-on-whatsapp';
/** A new case study's card on /portfolio names its client (the seed's cards keep their drawn short names). */
const CASE_CLIENT = 'Adaeze Pharmacy';
const TRAINING_TITLE = 'Creative Graphic Design Training';
const OLD_FEE = 'N200,000';
const NEW_FEE_NAIRA = 235_000;
const NEW_FEE = 'N235,000';
/** How long a publish may take to reach the public pages (the budget is 10 s; the machine is busy). */
const LIVE_WITHIN_MS = 30_000;
/** The scheduler looks for due schedules every 10 s (SCHEDULE_TICK_MS). */
const SCHEDULER_TICK_MS = 10_000;
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

let harness: Harness;
let casePath = '';
let trainingPath = '';

const origin = () => ({ Origin: harness.baseUrl });

/** Registers and confirms `account`; its user id. */
async function registerUser(account: { email: string; password: string }): Promise<number> {
  await registerAndConfirm(harness, account);
  const [user] = await harness.query<{ id: number }>('select id from users where email = ?', [account.email]);
  return Number(user?.id);
}

async function signedIn(account: { email: string; password: string }, width: number): Promise<Page> {
  const page = await harness.newPage({ viewport: { width, height: 812 } });
  const login = await page.request.post(API_PATHS.LOGIN, { data: account, headers: origin() });
  expect(login.status(), await login.text()).toBe(200);
  return page;
}

/** Whether the portfolio's HTML has the new case study's card: a link to its page and its client's name. */
const onPortfolio = (html: string) => html.includes(`href="${casePath}"`) || html.includes(`>${CASE_CLIENT}<`);

/** A public page as a visitor's plain request gets it: status and HTML. */
async function visit(pathname: string): Promise<{ status: number; html: string }> {
  const answer = await fetch(`${harness.baseUrl}${pathname}`);
  return { status: answer.status, html: await answer.text() };
}

/** Polls `check` until it holds, at most `withinMs`; the last failure's reason is the error. */
async function eventually(what: string, withinMs: number, check: () => Promise<string | null>): Promise<void> {
  const deadline = Date.now() + withinMs;
  let reason: string | null = 'not checked';
  while (Date.now() < deadline) {
    reason = await check();
    if (reason === null) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${what} did not happen within ${withinMs / 1000} s: ${reason}`);
}

/** The visible text of a public page loaded in a browser without JavaScript. */
async function textWithoutJavaScript(pathname: string): Promise<string> {
  const page = await harness.newPage({ viewport: { width: 375, height: 812 }, javaScriptEnabled: false });
  try {
    const answer = await page.goto(pathname);
    expect(answer?.status()).toBe(200);
    return await page.locator('body').innerText();
  } finally {
    await page.context().close();
  }
}

/** A Lagos datetime-local value ("2026-11-27T09:31") for an instant. */
const lagosLocal = (at: number) => new Date(at + LAGOS_OFFSET_MS).toISOString().slice(0, 16);

// ---- the W3C checker (vnu.jar with the system's Java, as html-validity.e2e does for the build's pages) ----

interface VnuMessage {
  type: string;
  url?: string;
  lastLine?: number;
  message: string;
}

const workDir = mkdtempSync(path.join(tmpdir(), 'rd-publishing-vnu-'));

function htmlErrors(pages: Record<string, string>): Promise<VnuMessage[]> {
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (java.error || java.status !== 0) throw new Error('Java is missing, so the HTML checker cannot run.');
  const jar = String(createRequire(import.meta.url)('vnu-jar'));
  const files = Object.entries(pages).map(([name, html]) => {
    const file = path.join(workDir, `${name}.html`);
    writeFileSync(file, html);
    return file;
  });
  return new Promise((resolve, reject) => {
    execFile(
      'java',
      ['-jar', jar, '--errors-only', '--exit-zero-always', '--format', 'json', '--stdout', ...files],
      { timeout: 120_000, killSignal: 'SIGKILL', maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`The HTML checker failed: ${error.message}\n${stderr}`));
        try {
          resolve((JSON.parse(stdout) as { messages: VnuMessage[] }).messages);
        } catch {
          reject(new Error(`The HTML checker's output is not its JSON report:\n${stdout}\n${stderr}`));
        }
      },
    );
  });
}

beforeAll(async () => {
  harness = await startHarness();
  await registerUser(OWNER);
  const editorId = await registerUser(EDITOR);
  await harness.query("update users set role = 'staff' where id = ?", [editorId]);
  const owner = await signedIn(OWNER, 1280);
  const named = await owner.request.put(CONTENT_PATHS.editor(editorId), { data: { editor: true }, headers: origin() });
  expect(named.status(), await named.text()).toBe(200);
  await owner.context().close();

  // The case study's draft, from a published one's data (its images exist); the schedule is the screen's part.
  const editor = await signedIn(EDITOR, 1280);
  const list = await editor.request.get(`${CONTENT_PATHS.ITEMS}?type=case_study`);
  expect(list.status()).toBe(200);
  const [first] = ((await list.json()) as { items: Array<{ id: number }> }).items;
  const source = await editor.request.get(CONTENT_PATHS.item(first?.id ?? 0));
  expect(source.status()).toBe(200);
  const { data } = ((await source.json()) as { item: { data: Record<string, unknown> } }).item;
  const created = await editor.request.post(CONTENT_PATHS.ITEMS, {
    data: {
      type: 'case_study',
      slug: CASE_SLUG,
      data: { ...data, title: CASE_TITLE, client: CASE_CLIENT, summary: 'Orders by WhatsApp, paid on delivery.' },
    },
    headers: origin(),
  });
  expect(created.status(), await created.text()).toBe(201);
  await editor.context().close();
});

afterAll(async () => {
  await harness?.close();
  rmSync(workDir, { recursive: true, force: true });
});

describe('publishing through the Content screen', () => {
  it('schedules a case study, which the scheduler publishes to /portfolio, its page and the sitemap', async () => {
    const page = await signedIn(EDITOR, 1280);
    await page.goto(`${PATHS.content}?type=case_study`);
    await page.getByRole('button', { name: CASE_TITLE, exact: true }).click();
    await page.getByRole('heading', { name: `Case study: ${CASE_TITLE}` }).waitFor();

    // The next whole minute at least 20 s away (the control takes minutes).
    const at = Math.ceil((Date.now() + 20_000) / 60_000) * 60_000;
    await page.getByLabel('Publish at (Lagos time)').fill(lagosLocal(at));
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Scheduled "${CASE_TITLE}" for` })
      .waitFor();
    const [row] = await harness.query<{ scheduled_version: number | null; published_version: number | null }>(
      'select scheduled_version, published_version from content_items where slug = ?',
      [CASE_SLUG],
    );
    expect(row).toEqual({ scheduled_version: 1, published_version: null });
    const item = await itemOf(page, CASE_SLUG);
    expect(Date.parse(item.publishAt ?? '')).toBe(at);
    casePath = item.path ?? '';
    expect(casePath).toContain(CASE_SLUG);
    // Not on the site before its time.
    expect((await visit(casePath)).status).toBe(404);
    expect(onPortfolio((await visit(PATHS.portfolio)).html)).toBe(false);

    const waitMs = at - Date.now() + SCHEDULER_TICK_MS + LIVE_WITHIN_MS;
    await eventually('the scheduled case study reaching its page', waitMs, async () => {
      const own = await visit(casePath);
      return own.status === 200 && own.html.includes(CASE_TITLE) ? null : `its page answered ${own.status}`;
    });
    expect(Date.now()).toBeGreaterThanOrEqual(at);
    await eventually('the case study on /portfolio and the sitemap', LIVE_WITHIN_MS, async () => {
      if (!onPortfolio((await visit(PATHS.portfolio)).html)) return 'no card on /portfolio';
      return (await visit('/sitemap.xml')).html.includes(casePath) ? null : 'not in /sitemap.xml';
    });

    await page.reload();
    await page.getByText('Version 1 (on the site)').waitFor();
    const [audit] = await harness.query<{ n: number }>(
      "select count(*) as n from audit_log where action = 'content.published' and actor_email like 'the scheduler%'",
    );
    expect(Number(audit?.n)).toBe(1);
  }, 180_000);

  it('changes the creative training’s weekday fee on a phone; the page without JavaScript shows the new fee only', async () => {
    const page = await signedIn(EDITOR, 375);
    await page.goto(`${PATHS.content}?type=training`);
    await page.getByRole('button', { name: TRAINING_TITLE, exact: true }).click();
    await page.getByRole('heading', { name: `Training: ${TRAINING_TITLE}` }).waitFor();

    const weekday = page.getByRole('group', { name: 'Fee 1', exact: true });
    expect(await weekday.getByRole('combobox', { name: 'Schedule' }).inputValue()).toBe('Weekday');
    const fee = weekday.getByRole('spinbutton', { name: 'Fee in naira' });
    expect(await fee.inputValue()).toBe('200000');
    await fee.fill(String(NEW_FEE_NAIRA));
    // The search description still names the old fee: publishing is refused at that field, so the page's head and
    // search results cannot keep a fee that is gone.
    await page.getByRole('button', { name: 'Publish now' }).click();
    const description = page.getByRole('textbox', { name: 'Search description' });
    await page.getByText(`This still names ${OLD_FEE}, which is not one of the fees`).first().waitFor();
    expect(await description.getAttribute('aria-invalid')).toBe('true');
    await description.fill((await description.inputValue()).replace(OLD_FEE, NEW_FEE));
    await page.getByRole('button', { name: 'Publish now' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Published "${TRAINING_TITLE}": it is on the site now.` })
      .waitFor();
    await page.getByText('Version 2 (on the site)').waitFor();
    expect(await harness.axe(page)).toEqual([]);

    const item = await itemOf(page, 'creative');
    trainingPath = item.path ?? '';
    expect(trainingPath).not.toBe('');
    await eventually('the new fee on the training page', LIVE_WITHIN_MS, async () => {
      const { html } = await visit(trainingPath);
      return html.includes(NEW_FEE) ? null : 'the page does not show the new fee yet';
    });
    const text = await textWithoutJavaScript(trainingPath);
    expect(text).toContain(NEW_FEE);
    expect(text).toContain('N100,000');
    expect(text).not.toContain(OLD_FEE);
    // The served page, its head included (the search description the editor rewrote), has only the new fee.
    const { html } = await visit(trainingPath);
    expect(html).toContain(NEW_FEE);
    expect(html).not.toContain(OLD_FEE);
  });

  it('finds no HTML errors and nothing for axe on the regenerated training page and the new case study page', async () => {
    const training = await visit(trainingPath);
    const caseStudy = await visit(casePath);
    expect([training.status, caseStudy.status]).toEqual([200, 200]);
    expect(training.html).toContain(NEW_FEE);
    expect(caseStudy.html).toContain(CASE_TITLE);
    const errors = await htmlErrors({ training: training.html, 'case-study': caseStudy.html });
    // Errors only (--errors-only); a page with a planted error below shows that the checker really reads its files.
    expect(errors.filter((message) => message.type === 'error' || message.type === 'non-document-error')).toEqual([]);
    const control = await htmlErrors({
      control:
        '<!doctype html><html lang="en"><head><title>x</title></head><body><p aria-label="x">x</p></body></html>',
    });
    expect(control.length).toBeGreaterThan(0);

    for (const pathname of [trainingPath, casePath]) {
      const page = await harness.newPage({ viewport: { width: 375, height: 812 } });
      await page.goto(pathname);
      expect(await harness.axe(page), pathname).toEqual([]);
      await page.context().close();
    }
  }, 150_000);

  it('rolls the training back to version 1 from the versions list; the old fee is back without JavaScript', async () => {
    const page = await signedIn(EDITOR, 1280);
    await page.goto(`${PATHS.content}?type=training`);
    await page.getByRole('button', { name: TRAINING_TITLE, exact: true }).click();
    await page.getByText('Version 2 (on the site)').waitFor();
    await page.getByRole('button', { name: 'Roll back to this version (1)' }).click();
    await page.getByRole('status').filter({ hasText: 'Rolled back to version 1' }).waitFor();
    await page.getByText('Version 1 (on the site)').waitFor();
    expect(await page.getByRole('group', { name: 'Fee 1', exact: true }).getByRole('spinbutton').inputValue()).toBe(
      '200000',
    );

    await eventually('the old fee back on the training page', LIVE_WITHIN_MS, async () => {
      const { html } = await visit(trainingPath);
      return html.includes(OLD_FEE) && !html.includes(NEW_FEE) ? null : 'the page still shows the new fee';
    });
    const text = await textWithoutJavaScript(trainingPath);
    expect(text).toContain(OLD_FEE);
    expect(text).not.toContain(NEW_FEE);
  });

  it('unpublishes the case study: its page answers 404 and it leaves /portfolio and the sitemap', async () => {
    const page = await signedIn(EDITOR, 375);
    await page.goto(`${PATHS.content}?type=case_study`);
    await page.getByRole('button', { name: CASE_TITLE, exact: true }).click();
    await page.getByRole('heading', { name: `Case study: ${CASE_TITLE}` }).waitFor();
    await page.getByRole('button', { name: 'Unpublish' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Unpublished "${CASE_TITLE}": it is no longer on the site.` })
      .waitFor();

    await eventually('the case study leaving the site', LIVE_WITHIN_MS, async () => {
      const own = await visit(casePath);
      if (own.status !== 404) return `its page answered ${own.status}`;
      if (onPortfolio((await visit(PATHS.portfolio)).html)) return 'still on /portfolio';
      return (await visit('/sitemap.xml')).html.includes(casePath) ? 'still in /sitemap.xml' : null;
    });
    const expected = /\(Forbidden\): .*\/api\/staff\/accounts$/;
    expect(harness.consoleErrors(page).filter((error) => !expected.test(error))).toEqual([]);
  });
});

/** The item as the Content API gives it to the editor. */
async function itemOf(page: Page, slug: string): Promise<{ path: string | null; publishAt: string | null }> {
  const [row] = await harness.query<{ id: number }>('select id from content_items where slug = ?', [slug]);
  const answer = await page.request.get(CONTENT_PATHS.item(Number(row?.id)));
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { item: { path: string | null; publishAt: string | null } }).item;
}
