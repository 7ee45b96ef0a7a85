import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, PATHS, SUBMISSION_RULES } from '@agency/shared';
import { startHarness, type Harness } from './harness';
import { registerAndConfirm } from './harness/accounts';
import { saveScreenshot } from './harness/page-helpers';

/**
 * Issue 20: a staff member answers an enquiry from a 375 px phone with a saved reply, filling its blank; the mail
 * reaches the SMTP sink threaded under the visitor's auto-reply; the customer's answer (posted raw to the inbound
 * webhook, as a provider's inbound route does) appears in the timeline, its quoted text folded. axe finds nothing.
 * E2E_SCREENSHOTS=<dir> keeps screenshots at 375 and 1280 px.
 */

/** The file the customer sends with their answer. */
const SITE_PLAN = '%PDF-1.4 a site plan for the bakery in Yaba';
const STAFF = { email: 'amaka.eze@rendezvous.test', password: 'Reply#Amaka2026' };
const CUSTOMER = { name: 'Ọlábísí Adéwálé', email: 'olabisi@example.ng', phone: '08035551234' };
const SECRET = 'e2e-inbound-secret-that-is-long-enough-1234';
const PHONE = { width: 375, height: 812 };

let harness: Harness;

async function staffPage(viewport: { width: number; height: number }): Promise<Page> {
  const page = await harness.newPage({ viewport });
  const login = await page.request.post(API_PATHS.LOGIN, { data: STAFF, headers: { Origin: harness.baseUrl } });
  expect(login.status(), await login.text()).toBe(200);
  return page;
}

beforeAll(async () => {
  harness = await startHarness({ env: { INBOUND_MAIL_SECRET: SECRET, REPLY_TO_ADDRESS: 'hello@rendezvous.test' } });
  await registerAndConfirm(harness, STAFF);
}, 120_000);

afterAll(async () => {
  await harness?.close();
});

describe('a reply from the phone, and the answer in the timeline', () => {
  it('sends a saved reply with its blank filled, threaded; the customer answer shows, quote folded; axe 0', async () => {
    // As a person sends the form: the server's question answered after the minimum fill time, so the auto-reply goes.
    const question = (await (await fetch(`${harness.baseUrl}${API_PATHS.HUMAN_CHECK}`)).json()) as {
      a: number;
      b: number;
      token: string;
    };
    await new Promise((resolve) => setTimeout(resolve, SUBMISSION_RULES.MIN_FILL_MS + 200));
    const submitted = await fetch(`${harness.baseUrl}${API_PATHS.SUBMIT_CONTACT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', Origin: harness.baseUrl },
      body: JSON.stringify({
        name: CUSTOMER.name,
        email: CUSTOMER.email,
        phone: CUSTOMER.phone,
        message: 'Good afternoon, we need a website for our bakery in Surulere before Christmas.',
        humanCheckToken: question.token,
        humanCheckAnswer: String(question.a + question.b),
      }),
    });
    expect(submitted.status).toBe(201);
    const { reference } = (await submitted.json()) as { reference: string };
    const [enquiry] = await harness.query<{ id: number }>('SELECT id FROM enquiries WHERE reference = ?', [reference]);
    const id = Number(enquiry?.id);
    const [autoReply] = await harness.query<{ message_id: string }>(
      "SELECT message_id FROM outbox WHERE enquiry_id = ? AND purpose = 'auto-reply'",
      [id],
    );

    const page = await staffPage(PHONE);
    await page.goto(`/dashboard?kind=contact&enquiry=${id}`);
    await page.getByRole('heading', { name: 'Reply by e-mail' }).waitFor();
    await page.getByLabel('Start from a saved reply').selectOption({ label: 'Thank you, we are on it' });
    const box = page.getByLabel(`Your reply to ${CUSTOMER.email}`);
    expect(await box.inputValue()).toContain(`Good day ${CUSTOMER.name},`);
    await expect.poll(() => page.getByText('Replace this blank before sending:').isVisible()).toBe(true);
    const send = page.getByRole('button', { name: 'Send reply' });
    expect(await send.isDisabled()).toBe(true);
    expect(await harness.axe(page)).toEqual([]);

    // Fill the blank by keyboard: select it in the box and type over it.
    const text = await box.inputValue();
    const start = text.indexOf('[[day or time]]');
    await box.focus();
    await box.evaluate((element, range) => (element as HTMLTextAreaElement).setSelectionRange(range.from, range.to), {
      from: start,
      to: start + '[[day or time]]'.length,
    });
    await page.keyboard.type('Friday afternoon');
    expect(await send.isDisabled()).toBe(false);
    await send.click();

    const sentEntry = page.locator('.conversation__item--sent').first();
    await sentEntry.waitFor();
    expect(await sentEntry.textContent()).toContain('Friday afternoon');
    expect(autoReply).toBeDefined();
    const receipt = await harness.waitForMail(CUSTOMER.email);
    expect(receipt.messageId).toBe(autoReply?.message_id);
    const mail = await harness.waitForMail(CUSTOMER.email);
    expect(mail.subject).toContain(reference);
    expect(mail.subject).toBe(`Re: ${receipt.subject}`);
    expect(mail.text).toContain('I will get back to you by Friday afternoon');
    expect(mail.inReplyTo).toBe(autoReply?.message_id);
    expect(mail.references).toBe(autoReply?.message_id);
    const [row] = await harness.query<{ message_id: string; in_reply_to: string | null }>(
      "SELECT message_id, in_reply_to FROM outbox WHERE enquiry_id = ? AND purpose = 'staff-reply'",
      [id],
    );
    expect(mail.messageId).toBe(row?.message_id);
    await expect.poll(() => sentEntry.textContent(), { timeout: 15_000 }).toContain('Delivered to the mail server');
    await expect.poll(() => page.getByLabel('Status').inputValue()).toBe('contacted');

    // The customer answers from Outlook: quoted text under their words.
    const raw = [
      `From: =?utf-8?B?${Buffer.from(CUSTOMER.name).toString('base64')}?= <${CUSTOMER.email}>`,
      `To: hello+${reference.toLowerCase()}@rendezvous.test`,
      `Subject: RE: ${mail.subject}`,
      'Message-ID: <outlook-answer-1@example.ng>',
      `In-Reply-To: ${mail.messageId ?? ''}`,
      `References: ${[autoReply?.message_id, mail.messageId].filter(Boolean).join(' ')}`,
      'Date: Thu, 26 Nov 2026 12:00:00 +0100',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="part"',
      '',
      '--part',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Friday afternoon is perfect. Please call me first.',
      '',
      '-----Original Message-----',
      `From: Amaka Eze <no-reply@rendezvous.test>`,
      'I will get back to you by Friday afternoon',
      '--part',
      'Content-Type: application/pdf; name="site-plan.pdf"',
      'Content-Disposition: attachment; filename="site-plan.pdf"',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from(SITE_PLAN).toString('base64'),
      '--part--',
      '',
    ].join('\r\n');
    const inbound = await fetch(`${harness.baseUrl}${API_PATHS.INBOUND_MAIL}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'message/rfc822' },
      body: raw,
    });
    expect(inbound.status, await inbound.text()).toBe(201);

    await page.reload();
    const received = page.locator('.conversation__item--received').first();
    await received.waitFor();
    expect(await received.textContent()).toContain('Friday afternoon is perfect. Please call me first.');
    const quoted = received.locator('.conversation__quoted');
    expect(await quoted.isHidden()).toBe(true);
    const toggle = received.getByRole('button', { name: 'Show quoted text' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await quoted.isVisible()).toBe(true);
    // Its file, a download for staff of this enquiry.
    const file = received.getByRole('link', { name: 'site-plan.pdf' });
    const href = await file.getAttribute('href');
    expect(href).toMatch(/^\/api\/enquiries\/contact\/\d+\/attachments\/\d+$/);
    expect(await page.evaluate(async (url) => (await fetch(url)).text(), href ?? '')).toBe(SITE_PLAN);
    expect(await page.getByText(/A reply has waited for us since/).isVisible()).toBe(true);
    expect(await harness.axe(page)).toEqual([]);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(PHONE.width);
    await saveScreenshot(page, 'conversation-375');

    const wide = await staffPage({ width: 1280, height: 900 });
    await wide.goto('/dashboard?kind=contact');
    await wide.getByText('Reply waiting').first().waitFor();
    expect(await harness.axe(wide)).toEqual([]);
    await saveScreenshot(wide, 'conversation-list-1280');
    await wide.goto(`/dashboard?kind=contact&enquiry=${id}`);
    await wide.locator('.conversation__item--received').first().waitFor();
    expect(await harness.axe(wide)).toEqual([]);
    await saveScreenshot(wide, 'conversation-1280');
    expect(harness.consoleErrors(page)).toEqual([]);
  }, 180_000);

  it('lets the owner change a saved reply on a phone: labelled, keyboard reachable, axe 0', async () => {
    const page = await staffPage(PHONE);
    await page.goto(PATHS.savedReplies);
    await page.getByRole('heading', { level: 2, name: 'Saved replies', exact: true }).waitFor();
    await page.getByRole('heading', { level: 3, name: 'Following up' }).waitFor();
    expect(await page.getByRole('heading', { level: 3 }).count()).toBe(5);
    expect(await harness.axe(page)).toEqual([]);
    await page.getByRole('button', { name: 'Edit Following up' }).click();
    const body = page.getByLabel('Text');
    await body.fill('Hello {name},\n\nJust following up on {reference}: [[what you are following up on]]\n\n{staff}');
    expect(
      await page.getByText('Blanks staff fill before sending: [[what you are following up on]].').isVisible(),
    ).toBe(true);
    expect(await harness.axe(page)).toEqual([]);
    await saveScreenshot(page, 'saved-replies-375');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved "Following up".').waitFor();
    const [row] = await harness.query<{ body: string }>("SELECT body FROM saved_replies WHERE title = 'Following up'");
    expect(row?.body).toContain('Just following up on {reference}');
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(PHONE.width);
    expect(harness.consoleErrors(page)).toEqual([]);
  }, 120_000);
});
