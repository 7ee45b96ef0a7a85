import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractLinks } from '@agency/testing';
import { startHarness, type Harness } from './harness';

// The other browser suites stand on the harness; these tests pin down the behaviour they rely on.
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

const register = (email: string) => {
  const form = new FormData();
  form.set('email', email);
  form.set('password', 'Harness-Check1');
  return fetch(`${harness.baseUrl}/api/register.php`, {
    method: 'POST',
    body: form,
    headers: { Origin: harness.baseUrl },
  });
};

describe('the browser-test harness', () => {
  it('serves the real server on its own origin with the database up', async () => {
    expect(harness.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${harness.baseUrl}/api/health`);
    expect(await response.json()).toEqual({ success: true, db: 'up' });
  });

  it('reads the rows the server stored, from the same database', async () => {
    const response = await fetch(`${harness.baseUrl}/api/submit_contactform.php`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: harness.baseUrl },
      body: JSON.stringify({ name: 'Harness', email: 'harness@example.com', phone: '0803', message: 'Row check' }),
    });
    expect(response.ok).toBe(true);
    const rows = await harness.query<{ message: string }>(
      "SELECT message FROM enquiries WHERE kind = 'contact' AND email = ?",
      ['harness@example.com'],
    );
    expect(rows).toEqual([{ message: 'Row check' }]);
  });

  it('hands out each mail once, oldest first, with the links of its body built from APP_URL', async () => {
    expect((await register('First.Reader@Example.com')).status).toBeLessThan(300);
    const mail = await harness.waitForMail('first.reader@example.com');
    expect(mail.subject).not.toBe('');
    expect(mail.links.some((link) => link.startsWith(`${harness.baseUrl}/confirm-email?token=`))).toBe(true);
    await expect(
      Promise.race([
        harness.waitForMail('first.reader@example.com'),
        new Promise((resolve) => setTimeout(() => resolve('no second mail'), 1_500)),
      ]),
    ).resolves.toBe('no second mail');
  });

  it('collects console errors and uncaught errors per page, and gives each page its own cookies', async () => {
    const first = await harness.newPage();
    const second = await harness.newPage();
    await first.goto('/robots.txt');
    await first.evaluate(() => {
      console.error('logged on purpose');
      document.cookie = 'probe=1; path=/';
      setTimeout(() => {
        throw new Error('thrown on purpose');
      });
    });
    await first.waitForTimeout(200);
    // Chromium also logs its own /favicon.ico 404 for a text page, so look only at ours.
    expect(harness.consoleErrors(first).filter((error) => error.includes('on purpose'))).toEqual([
      'logged on purpose',
      'Uncaught Error: thrown on purpose',
    ]);
    expect(harness.consoleErrors(second)).toEqual([]);
    await second.goto('/robots.txt');
    expect(await second.evaluate(() => document.cookie)).toBe('');
  });
});

describe('link extraction from mails', () => {
  it('takes links from hrefs and from plain text, decoding &amp; and dropping trailing punctuation', () => {
    expect(
      extractLinks(
        '<a href="http://a.test/reset-password?token=x&amp;y=1">Reset</a> <a href="mailto:x@y.ng">mail</a>',
        'Open http://a.test/confirm-email?token=abc. Or (http://a.test/b)',
      ),
    ).toEqual(['http://a.test/reset-password?token=x&y=1', 'http://a.test/confirm-email?token=abc', 'http://a.test/b']);
  });
});
