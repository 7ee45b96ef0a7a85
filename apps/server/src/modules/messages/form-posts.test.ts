import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  API_MESSAGES,
  ENQUIRY_KINDS,
  FIELD_MESSAGES,
  FIRST_TOUCH_FIELD_NAMES,
  MESSAGE_KINDS,
  PATHS,
  PUBLIC_ORIGIN_PLACEHOLDER,
  REFERENCE_PATTERN,
  SUBMISSION_RULES,
  type FormPageState,
  type MessageKind,
} from '@agency/shared';
import { DEFAULT_LIMITS } from '../../config/config';
import { parseRateLimit } from '../../config/rate-limit';
import { VALID_SUBMISSIONS } from '../../test/fixtures';
import { createTestContext, type TestContext, type TestContextOptions } from '../../test/test-context';

const PUBLIC_ORIGIN = 'https://www.example.ng';
/** What a browser sends with a form post: HTML first. */
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** A prerendered form page as apps/web builds it: the slots empty, the app's scripts, the placeholder origin. */
const formPageOf = (pagePath: string) =>
  '<!doctype html><html><head><script>window.__formKit = {};</script>' +
  `<link rel="canonical" href="${PUBLIC_ORIGIN_PLACEHOLDER}${pagePath}">` +
  '<script type="module" crossorigin src="/assets/index-abc123.js"></script></head><body>' +
  '<div id="root"><form method="post"><label><span data-form-slot="question">What is ? + ?</span></label>' +
  '<input data-form-slot="token" type="hidden" name="humanCheckToken" value=""/>' +
  '<input data-form-slot="key" type="hidden" name="idempotencyKey" value=""/></form></div>\n  </body>\n</html>\n';

/**
 * A stand-in for apps/web/dist: the client pages and routes-manifest.json, and an SSR entry whose renderPage writes
 * the form state it was given into the page, so the tests read what the server asked the web app to show.
 */
function writeFakeBuild(root: string): string {
  const client = path.join(root, 'client');
  const routes: Record<string, string> = {};
  for (const kind of MESSAGE_KINDS) {
    const pagePath = ENQUIRY_KINDS[kind].formPage;
    const file = `${kind}/index.html`;
    mkdirSync(path.join(client, kind), { recursive: true });
    writeFileSync(path.join(client, file), formPageOf(pagePath));
    routes[pagePath.toLowerCase()] = file;
  }
  writeFileSync(path.join(client, '404.html'), '<!doctype html><title>Not found</title>');
  writeFileSync(path.join(client, 'routes-manifest.json'), JSON.stringify({ routes, notFound: '404.html' }));
  mkdirSync(path.join(root, 'server'), { recursive: true });
  writeFileSync(
    path.join(root, 'server', 'entry-server.js'),
    `export async function renderPage(url, { formState }) {
      const json = JSON.stringify({ url, formState }).replaceAll('<', '\\\\u003c');
      return { html: '<main><a href="${PUBLIC_ORIGIN_PLACEHOLDER}/">Home</a><script type="application/json" id="state">' + json + '</script></main>' };
    }\n`,
  );
  return client;
}

let buildRoot: string;
let webRoot: string;
let context: TestContext | undefined;

beforeAll(() => {
  buildRoot = mkdtempSync(path.join(tmpdir(), 'rd-form-posts-'));
  webRoot = writeFakeBuild(buildRoot);
});

afterAll(() => rmSync(buildRoot, { recursive: true, force: true }));

afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function open(options: TestContextOptions = {}): Promise<TestContext> {
  context = await createTestContext({
    webRoot,
    ...options,
    config: { appUrl: PUBLIC_ORIGIN, staffNotifyEmails: ['inbox@agency.test'], ...options.config },
  });
  return context;
}

/** The question, token and key a visitor's page holds after GET of the form's page, a person's few seconds later. */
async function formPage(ctx: TestContext, kind: MessageKind) {
  const page = await request(ctx.app).get(ENQUIRY_KINDS[kind].formPage);
  expect(page.status).toBe(200);
  const question = /<span data-form-slot="question">What is (\d) \+ (\d)\?<\/span>/.exec(page.text);
  const token = /name="humanCheckToken" value="([^"]+)"/.exec(page.text)?.[1];
  const key = /name="idempotencyKey" value="([^"]+)"/.exec(page.text)?.[1];
  if (!question || !token || !key) throw new Error(`No filled form slots in:\n${page.text}`);
  ctx.advance(SUBMISSION_RULES.MIN_FILL_MS);
  return { page, a: Number(question[1]), b: Number(question[2]), token, key };
}

/** What a browser posts: the fields (lists repeated), the token, the answer, the empty honeypot, the key. */
function encode(fields: Record<string, unknown>): string {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, String(item));
  }
  return form.toString();
}

async function filledForm(ctx: TestContext, kind: MessageKind, extra: Record<string, unknown> = {}) {
  const { a, b, token, key } = await formPage(ctx, kind);
  const { trainingType: _fixed, ...fields } = VALID_SUBMISSIONS[kind];
  // The creative form names its course instead of offering a choice: its post has no trainingType.
  const sent: Record<string, unknown> = kind === 'creative_design' ? fields : VALID_SUBMISSIONS[kind];
  const body: Record<string, unknown> = {
    ...sent,
    humanCheckToken: token,
    humanCheckAnswer: String(a + b),
    website: '',
    idempotencyKey: key,
    ...extra,
  };
  return { body, a, b, token };
}

function postForm(ctx: TestContext, kind: MessageKind, body: Record<string, unknown>, accept = BROWSER_ACCEPT) {
  return request(ctx.app)
    .post(ENQUIRY_KINDS[kind].paths.submit)
    .set('Accept', accept)
    .set('Content-Type', 'application/x-www-form-urlencoded')
    .send(encode(body));
}

function stateOf(response: request.Response): { url: string; formState: FormPageState } {
  const json = /<script type="application\/json" id="state">(.*?)<\/script>/.exec(response.text)?.[1];
  if (!json) throw new Error(`No rendered form state in:\n${response.text}`);
  return JSON.parse(json) as { url: string; formState: FormPageState };
}

const FIRST_TOUCH = new Set<string>(FIRST_TOUCH_FIELD_NAMES);
const OUTCOME_LOCATION = /^(\/[^?#]*)\?outcome=([A-Za-z0-9_-]{22})#form-outcome$/;

/** The browser's cookie (name=value) that a post's answer set, if any. */
const cookieOf = (response: request.Response) =>
  ([] as string[]).concat(response.headers['set-cookie'] ?? []).map((cookie) => cookie.split(';')[0])[0];

/**
 * A browser's form post and the GET of the page it is sent to: 303 See Other to the form's page with an outcome id,
 * the cookie that binds the outcome to this browser, then the page with the outcome (a reload is this GET again).
 */
async function postAndFollow(ctx: TestContext, kind: MessageKind, body: Record<string, unknown>, cookie?: string) {
  const post = postForm(ctx, kind, body);
  const posted = await (cookie ? post.set('Cookie', cookie) : post);
  expect(posted.status, posted.text).toBe(303);
  const location = posted.headers.location ?? '';
  const [, page, id] = OUTCOME_LOCATION.exec(location) ?? [];
  expect(page).toBe(ENQUIRY_KINDS[kind].formPage);
  const browser = cookie ?? cookieOf(posted) ?? '';
  const load = () =>
    request(ctx.app)
      .get(location.split('#')[0] ?? '')
      .set('Accept', BROWSER_ACCEPT)
      .set('Cookie', browser);
  const shown = await load();
  expect(shown.status).toBe(200);
  return { posted, location, id: id ?? '', browser, shown, load, formState: stateOf(shown).formState };
}

/** A page without an outcome: the prerendered one with its slots filled. */
const isPlainFormPage = (response: request.Response) =>
  response.status === 200 &&
  !response.text.includes('id="state"') &&
  /name="humanCheckToken" value="[^"]+"/.test(response.text);

const rowsOf = (ctx: TestContext, kind: MessageKind) =>
  ctx.db.selectFrom('enquiries').where('kind', '=', kind).selectAll().orderBy('id').execute();

describe('a public form page, filled per request', () => {
  it('carries a fresh question, a token this server signed and a new key each time, and is never cached', async () => {
    const ctx = await open();
    const first = await formPage(ctx, 'contact');
    const second = await formPage(ctx, 'contact');
    expect(first.page.headers['cache-control']).toBe('no-store');
    expect(first.token).not.toBe(second.token);
    expect(first.key).not.toBe(second.key);
    expect(first.page.text).toContain(`${PUBLIC_ORIGIN}${PATHS.contact}`);
  });
});

describe('form posts without JavaScript: post, redirect, get', () => {
  it.each(MESSAGE_KINDS)(
    '%s: a right post is stored as verified, redirected to its page, which shows the message and the reference',
    async (kind) => {
      const ctx = await open();
      const { body } = await filledForm(ctx, kind);
      const { posted, location, shown, formState } = await postAndFollow(ctx, kind, body);
      // Nothing typed in the address, only the outcome's id; the cookie binds it to this browser.
      expect(location).not.toContain(encodeURIComponent(String(body.email)));
      expect(String(posted.headers['set-cookie'])).toMatch(/^form_browser=[A-Za-z0-9_-]{43}; .*HttpOnly.*SameSite=Lax/);
      expect(shown.headers['cache-control']).toBe('no-store');
      expect(stateOf(shown).url).toBe(ENQUIRY_KINDS[kind].formPage);
      expect(formState.sent).toEqual({
        message: ENQUIRY_KINDS[kind].successMessage,
        reference: expect.stringMatching(REFERENCE_PATTERN),
      });
      expect(formState).toMatchObject({ errors: {}, formError: null, answer: '' });
      expect(Object.keys(formState.values).filter((name) => !FIRST_TOUCH.has(name))).toEqual([]);
      // A fresh question and key for the next enquiry, not the spent ones.
      expect(formState.question.token).not.toBe(body.humanCheckToken);
      expect(formState.idempotencyKey).not.toBe(body.idempotencyKey);
      const rows = await rowsOf(ctx, kind);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        reference: formState.sent?.reference,
        human_check: 'verified',
        spam_reason: null,
      });
      // The page is the prerendered one: its head and public address, the render inside its root, no app scripts.
      expect(shown.text).toContain(`<link rel="canonical" href="${PUBLIC_ORIGIN}${ENQUIRY_KINDS[kind].formPage}">`);
      expect(shown.text).toContain(`<a href="${PUBLIC_ORIGIN}/">`);
      expect(shown.text).not.toContain(PUBLIC_ORIGIN_PLACEHOLDER);
      expect(shown.text).not.toMatch(/<script(?: type="module"[^>]*)?>/);
      expect(shown.text).toMatch(/^<!doctype html>.*<div id="root"><main>.*<\/main><\/div>\n {2}<\/body>/s);
    },
  );

  it('a reload of the page shows the same outcome and posts nothing: one enquiry, however often', async () => {
    const ctx = await open();
    const { body } = await filledForm(ctx, 'contact');
    const { load, formState } = await postAndFollow(ctx, 'contact', body);
    for (let reload = 0; reload < 3; reload += 1) {
      const again = await load();
      expect(stateOf(again).formState.sent).toEqual(formState.sent);
    }
    expect(await rowsOf(ctx, 'contact')).toHaveLength(1);
  });

  it('another browser with the address sees the plain form: no cookie, or a cookie of its own', async () => {
    const ctx = await open();
    const { body } = await filledForm(ctx, 'contact', { name: '' });
    const { location } = await postAndFollow(ctx, 'contact', body);
    const address = location.split('#')[0] ?? '';
    const { body: other } = await filledForm(ctx, 'contact');
    const { browser: otherBrowser } = await postAndFollow(ctx, 'contact', other);
    for (const cookie of [undefined, otherBrowser, `form_browser=${'x'.repeat(43)}`]) {
      const seen = await (cookie ? request(ctx.app).get(address).set('Cookie', cookie) : request(ctx.app).get(address));
      expect(isPlainFormPage(seen), seen.text).toBe(true);
      expect(seen.text).not.toContain(VALID_SUBMISSIONS.contact.message);
    }
  });

  it('an outcome lasts 30 minutes, then the page is the plain form and the row is deleted', async () => {
    const ctx = await open();
    const { body } = await filledForm(ctx, 'contact', { email: 'nope' });
    const { load } = await postAndFollow(ctx, 'contact', body);
    ctx.advance(30 * 60 * 1000 - 1);
    expect(stateOf(await load()).formState.errors).toHaveProperty('email');
    ctx.advance(1);
    expect(isPlainFormPage(await load())).toBe(true);
    // The next form post clears what is over; the daily purge does it too (retention.test.ts).
    const { body: next } = await filledForm(ctx, 'contact');
    await postAndFollow(ctx, 'contact', next);
    expect(await ctx.db.selectFrom('form_outcomes').select('id').execute()).toHaveLength(1);
  });

  it('an unknown or malformed outcome id, or an outcome asked for on another form page, is the plain form', async () => {
    const ctx = await open();
    const { body } = await filledForm(ctx, 'contact');
    const { id, browser } = await postAndFollow(ctx, 'contact', body);
    for (const address of [
      `${ENQUIRY_KINDS.contact.formPage}?outcome=${'A'.repeat(22)}`,
      `${ENQUIRY_KINDS.contact.formPage}?outcome=%3Cscript%3E`,
      `${ENQUIRY_KINDS.contact.formPage}?outcome=${id}&outcome=${id}`,
      `${ENQUIRY_KINDS.request_quote.formPage}?outcome=${id}`,
    ]) {
      const seen = await request(ctx.app).get(address).set('Cookie', browser);
      expect(isPlainFormPage(seen), address).toBe(true);
    }
  });

  it('several ticked boxes arrive repeated, one arrives alone, none is no service: each is stored as a list', async () => {
    const ctx = await open();
    for (const services of [['Web development', 'SEO'], ['SEO'], []]) {
      const { body } = await filledForm(ctx, 'request_quote', { services });
      expect((await postForm(ctx, 'request_quote', body)).status).toBe(303);
    }
    const stored = (await rowsOf(ctx, 'request_quote')).map((row) => row.services);
    expect(stored.map((services) => JSON.parse(String(services)))).toEqual([['Web development', 'SEO'], ['SEO'], []]);
  });

  it('a missing field and a wrong sum come back at once, under their fields, with everything typed kept', async () => {
    const ctx = await open();
    const { body, token } = await filledForm(ctx, 'request_quote', { name: '', services: ['SEO', 'Website redesign'] });
    const wrong = { ...body, humanCheckAnswer: String(Number(body.humanCheckAnswer) + 1) };
    const { formState, location } = await postAndFollow(ctx, 'request_quote', wrong);
    expect(location).not.toContain('SEO');
    expect(formState.errors).toEqual({
      name: FIELD_MESSAGES.REQUIRED,
      humanCheckAnswer: ENQUIRY_KINDS.request_quote.wrongSumMessage,
    });
    expect(formState.values).toMatchObject({
      name: '',
      email: VALID_SUBMISSIONS.request_quote.email,
      location: VALID_SUBMISSIONS.request_quote.location,
      projectDescription: VALID_SUBMISSIONS.request_quote.projectDescription,
      services: ['SEO', 'Website redesign'],
    });
    // Neither the answer, nor the key, nor the honeypot is a value the page shows again.
    expect(formState.values).not.toHaveProperty('humanCheckAnswer');
    expect(formState.values).not.toHaveProperty('idempotencyKey');
    expect(formState.values).not.toHaveProperty('website');
    // A fresh question with an empty answer.
    expect(formState.question.token).not.toBe(token);
    expect(formState.answer).toBe('');
    expect(formState.sent).toBeNull();
    expect(await rowsOf(ctx, 'request_quote')).toEqual([]);
    const [stored] = await ctx.db.selectFrom('form_outcomes').selectAll().execute();
    expect(Object.keys(JSON.parse(stored?.state ?? '{}').values)).not.toContain('humanCheckAnswer');
  });

  it('a missing field comes back with a fresh question, and the corrected form with it is stored', async () => {
    const ctx = await open();
    const { body } = await filledForm(ctx, 'web_dev');
    // No state chosen (the select's empty option) and no occupation sent at all.
    const { occupation: _left, ...withoutOccupation } = body;
    const { formState } = await postAndFollow(ctx, 'web_dev', { ...withoutOccupation, state: '' });
    expect(formState.errors).toEqual({ occupation: FIELD_MESSAGES.REQUIRED, state: FIELD_MESSAGES.REQUIRED });
    expect(formState.values).toMatchObject({
      surname: 'Adeyemi',
      trainingType: 'Web Design & Development',
      schedule: 'Weekend',
      occupation: '',
      state: '',
    });
    expect(formState.answer).toBe('');
    const { question, idempotencyKey } = formState;
    const corrected = await postAndFollow(ctx, 'web_dev', {
      ...body,
      humanCheckToken: question.token,
      humanCheckAnswer: String(question.a + question.b),
      idempotencyKey,
    });
    expect(corrected.formState.sent?.reference).toMatch(REFERENCE_PATTERN);
    expect(await rowsOf(ctx, 'web_dev')).toHaveLength(1);
  });

  it('a wrong sum corrected within a second of the refusal is stored as a normal enquiry, not as spam', async () => {
    const ctx = await open();
    const { body } = await filledForm(ctx, 'contact');
    const refused = await postAndFollow(ctx, 'contact', {
      ...body,
      humanCheckAnswer: String(Number(body.humanCheckAnswer) + 1),
    });
    const { question } = refused.formState;
    ctx.advance(900);
    const corrected = await postAndFollow(
      ctx,
      'contact',
      { ...body, humanCheckToken: question.token, humanCheckAnswer: String(question.a + question.b) },
      refused.browser,
    );
    expect(corrected.formState.sent?.reference).toMatch(REFERENCE_PATTERN);
    expect(await rowsOf(ctx, 'contact')).toMatchObject([
      { spam_reason: null, human_check: 'verified', folder: 'inbox' },
    ]);
  });

  it('a form sent under 3 s after its page was served comes back with a message to send it again, everything kept', async () => {
    const ctx = await open();
    const page = await request(ctx.app).get(ENQUIRY_KINDS.contact.formPage);
    const token = /name="humanCheckToken" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
    const question = /What is (\d) \+ (\d)\?/.exec(page.text);
    const answer = String(Number(question?.[1]) + Number(question?.[2]));
    ctx.advance(SUBMISSION_RULES.MIN_FILL_MS - 1);
    const body = { ...VALID_SUBMISSIONS.contact, humanCheckToken: token, humanCheckAnswer: answer, website: '' };
    const { formState } = await postAndFollow(ctx, 'contact', body);
    expect(formState).toMatchObject({ formError: API_MESSAGES.SENT_TOO_FAST, errors: {}, answer: '', sent: null });
    expect(formState.values).toMatchObject({ name: 'Bola Ahmed', message: VALID_SUBMISSIONS.contact.message });
    expect(await rowsOf(ctx, 'contact')).toEqual([]);
    // The new question keeps the first-served time: sent a moment later, it is in time.
    ctx.advance(1);
    const { a, b, token: fresh } = formState.question;
    await postAndFollow(ctx, 'contact', { ...body, humanCheckToken: fresh, humanCheckAnswer: String(a + b) });
    expect(await rowsOf(ctx, 'contact')).toMatchObject([{ spam_reason: null }]);
  });

  it('an empty answer asks for one, as the page does', async () => {
    const ctx = await open();
    const { body } = await filledForm(ctx, 'contact', { humanCheckAnswer: '' });
    const { formState } = await postAndFollow(ctx, 'contact', body);
    expect(formState.errors).toEqual({ humanCheckAnswer: FIELD_MESSAGES.SUM_REQUIRED });
  });

  it('a post sent again with its key (back, then send again) shows the first reference and stores nothing new', async () => {
    const ctx = await open();
    const { body } = await filledForm(ctx, 'contact');
    const first = await postAndFollow(ctx, 'contact', body);
    const again = await postAndFollow(ctx, 'contact', body, first.browser);
    expect(again.formState.sent).toEqual(first.formState.sent);
    expect(again.id).not.toBe(first.id);
    expect(await rowsOf(ctx, 'contact')).toHaveLength(1);
  });

  it('a filled honeypot is answered like a success and stored as spam', async () => {
    const ctx = await open();
    const { body } = await filledForm(ctx, 'contact', { website: 'https://spam.example' });
    const { formState } = await postAndFollow(ctx, 'contact', body);
    expect(formState.sent?.reference).toMatch(REFERENCE_PATTERN);
    expect((await rowsOf(ctx, 'contact'))[0]).toMatchObject({ spam_reason: 'honeypot' });
  });

  it("over the rate limit: the server's message at the top and everything kept", async () => {
    const ctx = await open({
      config: {
        limits: { ...DEFAULT_LIMITS, register: [], resetMail: [], resetRequest: [], form: parseRateLimit('1/1m') },
      },
    });
    const { body: first } = await filledForm(ctx, 'contact');
    await postAndFollow(ctx, 'contact', first);
    const { body } = await filledForm(ctx, 'contact');
    const { formState } = await postAndFollow(ctx, 'contact', body);
    expect(formState.formError).toBe(API_MESSAGES.TOO_MANY_SUBMISSIONS(1));
    expect(formState.values).toMatchObject({ name: 'Bola Ahmed', message: VALID_SUBMISSIONS.contact.message });
    expect(await rowsOf(ctx, 'contact')).toHaveLength(1);
  });

  it('a client that does not ask for HTML gets the JSON answers, as a JSON post does', async () => {
    const ctx = await open();
    const { body } = await filledForm(ctx, 'request_quote', { services: 'SEO' });
    const stored = await postForm(ctx, 'request_quote', body, 'application/json');
    expect(stored.status).toBe(201);
    expect(stored.headers['set-cookie']).toBeUndefined();
    expect(stored.body).toEqual({
      success: true,
      message: ENQUIRY_KINDS.request_quote.successMessage,
      reference: expect.stringMatching(REFERENCE_PATTERN),
    });
    const { body: another } = await filledForm(ctx, 'request_quote');
    const refused = await postForm(ctx, 'request_quote', { ...another, email: 'nope' }, 'application/json');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, errors: { email: expect.any(String) } });
    expect(await ctx.db.selectFrom('form_outcomes').select('id').execute()).toEqual([]);
  });

  it('without a built site a browser form post is answered with JSON', async () => {
    const ctx = await open({ webRoot: path.join(buildRoot, 'missing') });
    const response = await request(ctx.app)
      .post(ENQUIRY_KINDS.contact.paths.submit)
      .set('Accept', BROWSER_ACCEPT)
      .type('form')
      .send(encode(VALID_SUBMISSIONS.contact));
    expect(response.status).toBe(201);
    expect(response.body.reference).toMatch(REFERENCE_PATTERN);
  });

  it('other bodies are still refused with 415', async () => {
    const ctx = await open();
    const response = await request(ctx.app)
      .post(ENQUIRY_KINDS.contact.paths.submit)
      .set('Content-Type', 'text/plain')
      .send('name=Bola');
    expect(response.status).toBe(415);
    expect(response.body.message).toBe(API_MESSAGES.UNSUPPORTED_CONTENT_TYPE);
  });
});
