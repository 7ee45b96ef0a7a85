import { API_MESSAGES, FIELD_MESSAGES, REFERENCE_PATTERN, SPEC_MESSAGES, SUBMISSION_RULES } from '@agency/shared';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type DatabaseKind, type Harness } from './harness';
import { combobox, textbox } from './harness/page-helpers';

/**
 * The four public forms and the phone menu with JavaScript off (issue 10 item 6, docs/decisions/0019): the page's
 * question comes from the server, the form posts to its endpoint, and the answer is a page.
 */

const SUM_LABEL = /What is (\d) \+ (\d)\?/;
const PHONE = { width: 375, height: 740 };

let emailCounter = 0;
function uniqueEmail(prefix: string): string {
  emailCounter += 1;
  return `${prefix}-${Date.now()}-${emailCounter}@example.ng`;
}

async function openForm(harness: Harness, path: string, formName: string): Promise<{ page: Page; form: Locator }> {
  const page = await harness.newPage({ viewport: PHONE, javaScriptEnabled: false });
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

/** Sends the form and waits for the server's page. */
async function send(page: Page, form: Locator, button: string): Promise<number | undefined> {
  const [response] = await Promise.all([page.waitForNavigation(), form.getByRole('button', { name: button }).click()]);
  return response?.status();
}

/** The success message and the reference notice on the answer page; returns the reference. */
async function expectSuccess(form: Locator, message: string): Promise<string> {
  await form.getByRole('status').getByText(message).waitFor();
  const [before = ''] = API_MESSAGES.REFERENCE_NOTICE('\n').split('\n');
  const notice = (await form.getByRole('status').filter({ hasText: before }).textContent()) ?? '';
  const reference = notice.slice(before.length).replace(/\.$/, '');
  expect(reference).toMatch(REFERENCE_PATTERN);
  expect(notice).toBe(API_MESSAGES.REFERENCE_NOTICE(reference));
  return reference;
}

/** The message shown under a field (tied to it by aria-describedby). */
async function errorOf(control: Locator): Promise<string> {
  const ids = ((await control.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
  const texts = await Promise.all(ids.map((id) => control.page().locator(`[id="${id}"]`).textContent()));
  return texts.join(' ');
}

const RUN_ON_MYSQL = Boolean(process.env.TEST_MYSQL_URL) || process.env.CI === 'true';
const DATABASES: DatabaseKind[] = RUN_ON_MYSQL ? ['sqlite', 'mysql'] : ['sqlite'];

describe.each(DATABASES)('with JavaScript off, on %s', (database) => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({ database });
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('the contact form is sent, the page shows the message and the reference, and the row is verified', async () => {
    const { page, form } = await openForm(harness, '/contact-7709327', 'Contact form');
    const email = uniqueEmail('nojs-contact');
    await textbox(form, 'Name').fill('Ngozi Eze');
    await textbox(form, 'Email').fill(email);
    await textbox(form, 'Phone').fill('+234 803 555 0101');
    await textbox(form, 'Message').fill('Please call me about a website for my pharmacy in Yaba.');
    await answerSum(form, { correct: true });
    expect(await send(page, form, 'Send Message')).toBe(200);

    const answerForm = page.getByRole('form', { name: 'Contact form' });
    const reference = await expectSuccess(answerForm, SPEC_MESSAGES.MESSAGE_SENT);
    expect(await textbox(answerForm, 'Name').inputValue()).toBe('');
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

  it('contact: a wrong sum and a missing field come back under their fields, with everything typed kept', async () => {
    const { page, form } = await openForm(harness, '/contact-7709327', 'Contact form');
    const email = uniqueEmail('nojs-contact-refused');
    await textbox(form, 'Email').fill(email);
    await textbox(form, 'Phone').fill('08035550101');
    await textbox(form, 'Message').fill('Line one,\nline two & "quotes" <kept>.');
    await answerSum(form, { correct: false });
    expect(await send(page, form, 'Send Message')).toBe(400);

    const again = page.getByRole('form', { name: 'Contact form' });
    expect(await errorOf(textbox(again, 'Name'))).toBe(FIELD_MESSAGES.REQUIRED);
    expect(await errorOf(again.getByRole('textbox', { name: SUM_LABEL }))).toBe(SPEC_MESSAGES.WRONG_SUM_CONTACT);
    expect(await textbox(again, 'Email').inputValue()).toBe(email);
    expect(await textbox(again, 'Phone').inputValue()).toBe('08035550101');
    expect(await textbox(again, 'Message').inputValue()).toBe('Line one,\nline two & "quotes" <kept>.');
    expect(await harness.query("select id from enquiries where kind = 'contact' and email = ?", [email])).toEqual([]);
  });

  it('the quote form is sent with its ticked services, and a refusal keeps the state and the ticks', async () => {
    const { page, form } = await openForm(harness, '/request-a-quote-0163863', 'Request a quote');
    const email = uniqueEmail('nojs-quote');
    await textbox(form, 'Name').fill('Bayo Adewale');
    await textbox(form, 'Email').fill(email);
    await textbox(form, 'Phone').fill('08099999999');
    await combobox(form, 'Location (state)').selectOption('Oyo');
    await form.getByRole('checkbox', { name: 'SEO' }).check();
    await form.getByRole('checkbox', { name: 'Website redesign' }).check();
    await answerSum(form, { correct: true });
    // The description is missing: the page comes back with everything else.
    expect(await send(page, form, 'Submit Request')).toBe(400);

    let again = page.getByRole('form', { name: 'Request a quote' });
    expect(await errorOf(textbox(again, 'Project description'))).toContain(FIELD_MESSAGES.REQUIRED);
    expect(await textbox(again, 'Name').inputValue()).toBe('Bayo Adewale');
    expect(await combobox(again, 'Location (state)').inputValue()).toBe('Oyo');
    expect(await again.getByRole('checkbox', { name: 'SEO' }).isChecked()).toBe(true);
    expect(await again.getByRole('checkbox', { name: 'Website redesign' }).isChecked()).toBe(true);
    expect(await again.getByRole('checkbox', { name: 'Web development' }).isChecked()).toBe(false);
    // The question answered right is kept, with its answer.
    expect(await again.getByRole('textbox', { name: SUM_LABEL }).inputValue()).toMatch(/^\d{1,2}$/);

    await textbox(again, 'Project description').fill('A shop for my fabrics with delivery across Oyo.');
    expect(await send(page, again, 'Submit Request')).toBe(200);
    again = page.getByRole('form', { name: 'Request a quote' });
    const reference = await expectSuccess(again, SPEC_MESSAGES.QUOTE_SUBMITTED);
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
    it(`${training.formName}: a wrong sum and a missing field keep every choice; then it is sent`, async () => {
      const { page, form } = await openForm(harness, training.path, training.formName);
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
      expect(await send(page, form, 'Register')).toBe(400);

      let again = page.getByRole('form', { name: training.formName });
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
      const reference = await expectSuccess(again, SPEC_MESSAGES.REGISTRATION_SUCCESS);
      const rows = await harness.query(
        `select firstname, schedule, reference, spam_reason, human_check from enquiries where kind = '${training.kind}' and email = ?`,
        [email],
      );
      expect(rows).toEqual([
        { firstname: 'Chidi', schedule: 'Weekday', reference, spam_reason: null, human_check: 'verified' },
      ]);
    });
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
    expect(await send(page, form, 'Register')).toBe(400);

    // The new question is answered and the form sent again at once: no second wait of 3 s.
    let again = page.getByRole('form', { name: 'Web training registration' });
    await answerSum(again, { correct: true });
    expect(await send(page, again, 'Register')).toBe(200);
    again = page.getByRole('form', { name: 'Web training registration' });
    const reference = await expectSuccess(again, SPEC_MESSAGES.REGISTRATION_SUCCESS);
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
