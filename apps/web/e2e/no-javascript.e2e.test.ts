import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  API_MESSAGES,
  FIELD_MESSAGES,
  FORM_OUTCOME,
  REFERENCE_PATTERN,
  SPEC_MESSAGES,
  SUBMISSION_RULES,
} from '@agency/shared';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type DatabaseKind, type Harness } from './harness';
import { combobox, textbox } from './harness/page-helpers';

/**
 * The four public forms and the phone menu with JavaScript off (issue 10 item 6, docs/decisions/0019): the page's
 * question comes from the server, the form posts to its endpoint, and the answer is a redirect to the form's page
 * with the outcome at the top, focused (docs/decisions/0045), at a phone's and a laptop's width.
 */

const SUM_LABEL = /What is (\d) \+ (\d)\?/;
const PHONE = { width: 375, height: 740 };
const LAPTOP = { width: 1280, height: 800 };
const OUTCOME_URL = new RegExp(`\\?${FORM_OUTCOME.param}=[A-Za-z0-9_-]{22}#${FORM_OUTCOME.anchor}$`);

let emailCounter = 0;
function uniqueEmail(prefix: string): string {
  emailCounter += 1;
  return `${prefix}-${Date.now()}-${emailCounter}@example.ng`;
}

async function openForm(
  harness: Harness,
  path: string,
  formName: string,
  viewport = PHONE,
): Promise<{ page: Page; form: Locator }> {
  const page = await harness.newPage({ viewport, javaScriptEnabled: false });
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  const form = page.getByRole('form', { name: formName });
  // The question is in the page as it arrives: nothing runs to fetch it.
  expect(await form.getByText(SUM_LABEL).count()).toBe(1);
  // A person takes more than the server's 3 s minimum to fill a form; a quicker post is refused as too fast.
  await page.waitForTimeout(SUBMISSION_RULES.MIN_FILL_MS);
  return { page, form };
}

async function answerSum(form: Locator, options: { correct: boolean }): Promise<void> {
  const match = SUM_LABEL.exec((await form.getByText(SUM_LABEL).textContent()) ?? '');
  if (!match) throw new Error('No sum question');
  const sum = Number(match[1]) + Number(match[2]);
  await form.getByRole('textbox', { name: SUM_LABEL }).fill(String(options.correct ? sum : sum + 1));
}

/** Sends the form and waits for the page it is redirected to, which names the outcome; the page's status. */
async function send(page: Page, form: Locator, button: string): Promise<number | undefined> {
  const [response] = await Promise.all([page.waitForNavigation(), form.getByRole('button', { name: button }).click()]);
  expect(page.url()).toMatch(OUTCOME_URL);
  expect(response?.request().redirectedFrom()?.method()).toBe('POST');
  return response?.status();
}

/** The outcome at the top of the form: focused as the page opens, and in view (the address's fragment). */
async function expectOutcomeInFocus(page: Page, form: Locator): Promise<Locator> {
  const outcome = form.locator(`#${FORM_OUTCOME.anchor}`);
  expect(await page.evaluate(() => document.activeElement?.id)).toBe(FORM_OUTCOME.anchor);
  const box = await outcome.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport && box.y >= 0 && box.y + Math.min(box.height, 120) <= viewport.height, 'outcome in view').toBe(
    true,
  );
  // It is the form's first thing: nothing of the form above it.
  expect(await form.evaluate((element) => element.firstElementChild?.id)).toBe(FORM_OUTCOME.anchor);
  return outcome;
}

/** The success message and the reference at the top of the form; returns the reference. */
async function expectSuccess(page: Page, form: Locator, message: string, { reloaded = false } = {}): Promise<string> {
  // A reload keeps the place the visitor was at (Chromium does not move focus by autofocus again): the outcome is
  // shown, and no second enquiry is made (checked by the caller).
  const outcome = reloaded ? form.locator(`#${FORM_OUTCOME.anchor}`) : await expectOutcomeInFocus(page, form);
  // A refusal's own words in the failure, so a refused send says why.
  expect(await outcome.getAttribute('role'), (await outcome.textContent()) ?? '').toBe('status');
  expect(await outcome.getByRole('heading').textContent()).toBe(message);
  const notice = (await outcome.locator('p').textContent()) ?? '';
  const [before = ''] = API_MESSAGES.REFERENCE_NOTICE('\n').split('\n');
  const reference = notice.slice(before.length).replace(/\.$/, '');
  expect(reference).toMatch(REFERENCE_PATTERN);
  expect(notice).toBe(API_MESSAGES.REFERENCE_NOTICE(reference));
  return reference;
}

/**
 * "There is a problem" at the top, focused, with one link per field message; each link moves to its control (focus
 * and view). Returns the messages in the summary's order.
 */
async function expectProblems(page: Page, form: Locator): Promise<string[]> {
  const outcome = await expectOutcomeInFocus(page, form);
  expect(await outcome.getAttribute('role')).toBe('alert');
  expect(await outcome.getByRole('heading').textContent()).toBe('There is a problem');
  const links = outcome.getByRole('link');
  const messages: string[] = [];
  for (let index = 0; index < (await links.count()); index += 1) {
    const link = links.nth(index);
    messages.push((await link.textContent()) ?? '');
    const target = ((await link.getAttribute('href')) ?? '').slice(1);
    await link.click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(target);
    expect(await page.locator(`[id="${target}"]`).isVisible()).toBe(true);
    const control = await page.locator(`[id="${target}"]`).boundingBox();
    expect(control && control.y >= 0 && control.y < (page.viewportSize()?.height ?? 0), `${target} in view`).toBe(true);
  }
  return messages;
}

/** The message shown under a field (tied to it by aria-describedby). */
async function errorOf(control: Locator): Promise<string> {
  const ids = ((await control.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
  const texts = await Promise.all(ids.map((id) => control.page().locator(`[id="${id}"]`).textContent()));
  return texts.join(' ');
}

/** The outcome page as the server sent it (the browser's cookie goes with the request, as on a reload). */
async function outcomePageHtml(page: Page): Promise<string> {
  const answer = await page.context().request.get(page.url());
  expect(answer.status()).toBe(200);
  const html = await answer.text();
  expect(html).toContain(`id="${FORM_OUTCOME.anchor}"`);
  return html;
}

/**
 * axe's violations of the page as this browser shows it. axe runs as a script, which a page with JavaScript off never
 * runs (Playwright's evaluate waits for ever there): the same HTML, as the server answers this browser, is served to a
 * second page of the run with scripts on (the outcome page carries none of the app's scripts, so it is the same page).
 */
async function axeViolations(harness: Harness, page: Page): Promise<string[]> {
  const address = page.url().split('#')[0] ?? page.url();
  const answer = await page.context().request.get(address);
  const html = await answer.text();
  const checker = await harness.newPage({ viewport: page.viewportSize() ?? PHONE });
  try {
    await checker.route(
      (url) => url.href.split('#')[0] === address,
      (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }),
    );
    await checker.goto(address);
    return (await harness.axe(checker)).map((violation) => violation.id);
  } finally {
    await checker.close();
  }
}

/** The W3C Nu HTML checker's errors for one page (vnu-jar and Java, as html-validity.e2e.test.ts runs them). */
async function validityProblems(html: string): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'rd-outcome-vnu-'));
  const file = path.join(dir, 'outcome.html');
  writeFileSync(file, html);
  try {
    const jar = String(createRequire(import.meta.url)('vnu-jar'));
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(
        'java',
        ['-jar', jar, '--errors-only', '--exit-zero-always', '--format', 'json', '--stdout', file],
        { timeout: 120_000, maxBuffer: 16 * 1024 * 1024 },
        (error, out) => (error ? reject(error) : resolve(out)),
      ),
    );
    return (JSON.parse(stdout) as { messages: Array<{ message: string; extract?: string }> }).messages.map(
      (message) => `${message.message} ${message.extract ?? ''}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const RUN_ON_MYSQL = Boolean(process.env.TEST_MYSQL_URL) || process.env.CI === 'true';
const DATABASES: DatabaseKind[] = RUN_ON_MYSQL ? ['sqlite', 'mysql'] : ['sqlite'];

describe.each(DATABASES)('with JavaScript off, on %s', (database) => {
  let harness: Harness;

  beforeAll(async () => {
    // Every test here posts from the same address; the default form limit (5 a minute per form) would refuse the
    // quick correction once the machine runs the tests fast enough to send a form's eighth post within a minute.
    // The limit's own pages are tested in form-posts.test.ts.
    harness = await startHarness({ database, env: { FORM_RATE_LIMIT: 'off' } });
  });

  afterAll(async () => {
    await harness?.close();
  });

  // Both widths on SQLite; on MariaDB the phone's, where the visitors are: the server's pages do not depend on the
  // width, and what MariaDB changes (the rows, the stored outcome) is the same at either (CI time, decision 0045).
  for (const viewport of database === 'sqlite' ? [PHONE, LAPTOP] : [PHONE]) {
    it(`at ${viewport.width} px, the contact form is sent, the page shows the message and the reference, and the row is verified`, async () => {
      const { page, form } = await openForm(harness, '/contact-7709327', 'Contact form', viewport);
      const email = uniqueEmail('nojs-contact');
      await textbox(form, 'Name').fill('Ngozi Eze');
      await textbox(form, 'Email').fill(email);
      await textbox(form, 'Phone').fill('+234 803 555 0101');
      await textbox(form, 'Message').fill('Please call me about a website for my pharmacy in Yaba.');
      await answerSum(form, { correct: true });
      expect(await send(page, form, 'Send Message')).toBe(200);

      const answerForm = page.getByRole('form', { name: 'Contact form' });
      const reference = await expectSuccess(page, answerForm, SPEC_MESSAGES.MESSAGE_SENT);
      expect(await textbox(answerForm, 'Name').inputValue()).toBe('');
      expect(await axeViolations(harness, page)).toEqual([]);
      expect(await validityProblems(await outcomePageHtml(page))).toEqual([]);
      // A reload shows the same outcome and sends nothing again.
      await page.reload();
      expect(await expectSuccess(page, answerForm, SPEC_MESSAGES.MESSAGE_SENT, { reloaded: true })).toBe(reference);
      const rows = await harness.query(
        "select name, message, reference, spam_reason, human_check from enquiries where kind = 'contact' and email = ?",
        [email],
      );
      expect(rows).toEqual([
        {
          name: 'Ngozi Eze',
          message: 'Please call me about a website for my pharmacy in Yaba.',
          reference,
          spam_reason: null,
          human_check: 'verified',
        },
      ]);
    });

    it(`at ${viewport.width} px, contact: a wrong sum and a missing field come back under their fields, with everything typed kept`, async () => {
      const { page, form } = await openForm(harness, '/contact-7709327', 'Contact form', viewport);
      const email = uniqueEmail('nojs-contact-refused');
      await textbox(form, 'Email').fill(email);
      await textbox(form, 'Phone').fill('08035550101');
      await textbox(form, 'Message').fill('Line one,\nline two & "quotes" <kept>.');
      await answerSum(form, { correct: false });
      expect(await send(page, form, 'Send Message')).toBe(200);

      const again = page.getByRole('form', { name: 'Contact form' });
      expect(await expectProblems(page, again)).toEqual([FIELD_MESSAGES.REQUIRED, SPEC_MESSAGES.WRONG_SUM_CONTACT]);
      expect(await axeViolations(harness, page)).toEqual([]);
      expect(await validityProblems(await outcomePageHtml(page))).toEqual([]);
      expect(await errorOf(textbox(again, 'Name'))).toBe(FIELD_MESSAGES.REQUIRED);
      expect(await errorOf(again.getByRole('textbox', { name: SUM_LABEL }))).toBe(SPEC_MESSAGES.WRONG_SUM_CONTACT);
      expect(await textbox(again, 'Email').inputValue()).toBe(email);
      expect(await textbox(again, 'Phone').inputValue()).toBe('08035550101');
      expect(await textbox(again, 'Message').inputValue()).toBe('Line one,\nline two & "quotes" <kept>.');
      expect(await harness.query("select id from enquiries where kind = 'contact' and email = ?", [email])).toEqual([]);
    });

    it(`at ${viewport.width} px, the quote form is sent with its ticked services, and a refusal keeps the state and the ticks`, async () => {
      const { page, form } = await openForm(harness, '/request-a-quote-0163863', 'Request a quote', viewport);
      const email = uniqueEmail('nojs-quote');
      await textbox(form, 'Name').fill('Bayo Adewale');
      await textbox(form, 'Email').fill(email);
      await textbox(form, 'Phone').fill('08099999999');
      await combobox(form, 'Location (state)').selectOption('Oyo');
      await form.getByRole('checkbox', { name: 'SEO' }).check();
      await form.getByRole('checkbox', { name: 'Website redesign' }).check();
      await answerSum(form, { correct: true });
      // The description is missing: the page comes back with everything else.
      expect(await send(page, form, 'Submit Request')).toBe(200);

      let again = page.getByRole('form', { name: 'Request a quote' });
      expect(await expectProblems(page, again)).toEqual([FIELD_MESSAGES.REQUIRED]);
      expect(await errorOf(textbox(again, 'Project description'))).toContain(FIELD_MESSAGES.REQUIRED);
      expect(await textbox(again, 'Name').inputValue()).toBe('Bayo Adewale');
      expect(await combobox(again, 'Location (state)').inputValue()).toBe('Oyo');
      expect(await again.getByRole('checkbox', { name: 'SEO' }).isChecked()).toBe(true);
      expect(await again.getByRole('checkbox', { name: 'Website redesign' }).isChecked()).toBe(true);
      expect(await again.getByRole('checkbox', { name: 'Web development' }).isChecked()).toBe(false);
      // A fresh question, its answer empty.
      expect(await again.getByRole('textbox', { name: SUM_LABEL }).inputValue()).toBe('');

      await textbox(again, 'Project description').fill('A shop for my fabrics with delivery across Oyo.');
      await answerSum(again, { correct: true });
      expect(await send(page, again, 'Submit Request')).toBe(200);
      again = page.getByRole('form', { name: 'Request a quote' });
      const reference = await expectSuccess(page, again, SPEC_MESSAGES.QUOTE_SUBMITTED);
      expect(await axeViolations(harness, page)).toEqual([]);
      await page.reload();
      const rows = await harness.query<{ services: unknown; reference: string; human_check: string }>(
        "select services, reference, human_check from enquiries where kind = 'request_quote' and email = ?",
        [email],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ reference, human_check: 'verified' });
      expect(JSON.parse(String(rows[0]?.services))).toEqual(['Website redesign', 'SEO']);
    });

    for (const training of [
      {
        path: '/webdevelopment-training',
        formName: 'Web training registration',
        kind: 'web_dev',
        web: true,
      },
      {
        path: '/Creativegraphicdesign-training',
        formName: 'Creative graphic design training registration',
        kind: 'creative_design',
        web: false,
      },
    ]) {
      it(`at ${viewport.width} px, ${training.formName}: a wrong sum and a missing field keep every choice; then it is sent`, async () => {
        const { page, form } = await openForm(harness, training.path, training.formName, viewport);
        const email = uniqueEmail('nojs-training');
        await textbox(form, 'Surname').fill('Okonkwo');
        await textbox(form, 'Email').fill(email);
        await textbox(form, 'Phone').fill('08012345678');
        if (training.web) await form.getByRole('radio', { name: 'Web Design & Development' }).check();
        await form.getByRole('radio', { name: 'Weekday' }).check();
        await combobox(form, 'Occupation').selectOption('Developer');
        await combobox(form, 'State').selectOption('Enugu');
        await combobox(form, 'How did you hear about us?').selectOption('Google Search');
        await answerSum(form, { correct: false });
        expect(await send(page, form, 'Register')).toBe(200);

        let again = page.getByRole('form', { name: training.formName });
        expect(await expectProblems(page, again)).toEqual([FIELD_MESSAGES.REQUIRED, SPEC_MESSAGES.WRONG_SUM_TRAINING]);
        expect(await axeViolations(harness, page)).toEqual([]);
        expect(await errorOf(textbox(again, 'First name'))).toBe(FIELD_MESSAGES.REQUIRED);
        expect(await errorOf(again.getByRole('textbox', { name: SUM_LABEL }))).toBe(SPEC_MESSAGES.WRONG_SUM_TRAINING);
        expect(await textbox(again, 'Surname').inputValue()).toBe('Okonkwo');
        expect(await again.getByRole('radio', { name: 'Weekday' }).isChecked()).toBe(true);
        if (training.web) {
          expect(await again.getByRole('radio', { name: 'Web Design & Development' }).isChecked()).toBe(true);
        }
        expect(await combobox(again, 'Occupation').inputValue()).toBe('Developer');
        expect(await combobox(again, 'State').inputValue()).toBe('Enugu');
        expect(await combobox(again, 'How did you hear about us?').inputValue()).toBe('Google Search');

        await textbox(again, 'First name').fill('Chidi');
        await answerSum(again, { correct: true });
        await page.waitForTimeout(SUBMISSION_RULES.MIN_FILL_MS);
        expect(await send(page, again, 'Register')).toBe(200);
        again = page.getByRole('form', { name: training.formName });
        const reference = await expectSuccess(page, again, SPEC_MESSAGES.REGISTRATION_SUCCESS);
        await page.reload();
        const rows = await harness.query(
          `select firstname, schedule, reference, spam_reason, human_check from enquiries where kind = '${training.kind}' and email = ?`,
          [email],
        );
        expect(rows).toEqual([
          { firstname: 'Chidi', schedule: 'Weekday', reference, spam_reason: null, human_check: 'verified' },
        ]);
      });
    }
  }

  it('a wrong answer corrected at once shows the success page and files the enquiry in the inbox, not as spam', async () => {
    const { page, form } = await openForm(harness, '/webdevelopment-training', 'Web training registration');
    const email = uniqueEmail('nojs-quick-correction');
    await textbox(form, 'Surname').fill('Bello');
    await textbox(form, 'First name').fill('Amina');
    await textbox(form, 'Email').fill(email);
    await textbox(form, 'Phone').fill('+234 803 555 1234');
    await combobox(form, 'Occupation').selectOption('Developer');
    await combobox(form, 'State').selectOption('Abuja (FCT)');
    await combobox(form, 'How did you hear about us?').selectOption('Google Search');
    await answerSum(form, { correct: false });
    expect(await send(page, form, 'Register')).toBe(200);

    // The new question is answered and the form sent again at once: no second wait of 3 s.
    let again = page.getByRole('form', { name: 'Web training registration' });
    await answerSum(again, { correct: true });
    expect(await send(page, again, 'Register')).toBe(200);
    again = page.getByRole('form', { name: 'Web training registration' });
    const reference = await expectSuccess(page, again, SPEC_MESSAGES.REGISTRATION_SUCCESS);
    const rows = await harness.query(
      "select phone, state, reference, folder, spam_reason, human_check from enquiries where kind = 'web_dev' and email = ?",
      [email],
    );
    expect(rows).toEqual([
      {
        phone: '08035551234',
        state: 'Abuja (FCT)',
        reference,
        folder: 'inbox',
        spam_reason: null,
        human_check: 'verified',
      },
    ]);
  });

  it('the phone menu opens at 375 px and closes again', async () => {
    const page = await harness.newPage({ viewport: PHONE, javaScriptEnabled: false });
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    expect(await menu.isVisible()).toBe(false);
    await page.getByRole('link', { name: 'Menu' }).click();
    await menu.waitFor({ state: 'visible' });
    const quote = menu.getByRole('link', { name: 'Request a Quote' });
    expect(await quote.isVisible()).toBe(true);
    const box = await menu.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: PHONE.width });
    await menu.getByRole('link', { name: 'Close' }).click();
    await menu.waitFor({ state: 'hidden' });
    // And it leads somewhere: the menu's Services list is a real list of links.
    await page.getByRole('link', { name: 'Menu' }).click();
    await menu.getByRole('link', { name: 'Request a Quote' }).click();
    await page.waitForURL(/request-a-quote/);
    expect(await page.getByRole('form', { name: 'Request a quote' }).count()).toBe(1);
  });
});
