import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  API_MESSAGES,
  ENQUIRY_KINDS,
  FIELD_MESSAGES,
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

describe('form posts without JavaScript', () => {
  it.each(MESSAGE_KINDS)(
    '%s: a right post is stored as verified and answered with its page: the message and the reference',
    async (kind) => {
      const ctx = await open();
      const { body } = await filledForm(ctx, kind);
      const response = await postForm(ctx, kind, body);
      expect(response.status).toBe(200);
      expect(response.type).toBe('text/html');
      const { url, formState } = stateOf(response);
      expect(url).toBe(ENQUIRY_KINDS[kind].formPage);
      expect(formState.sent).toEqual({
        message: ENQUIRY_KINDS[kind].successMessage,
        reference: expect.stringMatching(REFERENCE_PATTERN),
      });
      expect(formState).toMatchObject({ values: {}, errors: {}, formError: null, answer: '' });
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
      expect(response.text).toContain(`<link rel="canonical" href="${PUBLIC_ORIGIN}${ENQUIRY_KINDS[kind].formPage}">`);
      expect(response.text).toContain(`<a href="${PUBLIC_ORIGIN}/">`);
      expect(response.text).not.toContain(PUBLIC_ORIGIN_PLACEHOLDER);
      expect(response.text).not.toMatch(/<script(?: type="module"[^>]*)?>/);
      expect(response.text).toMatch(/^<!doctype html>.*<div id="root"><main>.*<\/main><\/div>\n {2}<\/body>/s);
    },
  );

  it('several ticked boxes arrive repeated, one arrives alone, none is no service: each is stored as a list', async () => {
    const ctx = await open();
    for (const services of [['Web development', 'SEO'], ['SEO'], []]) {
      const { body } = await filledForm(ctx, 'request_quote', { services });
      expect((await postForm(ctx, 'request_quote', body)).status).toBe(200);
    }
    const stored = (await rowsOf(ctx, 'request_quote')).map((row) => row.services);
    expect(stored.map((services) => JSON.parse(String(services)))).toEqual([['Web development', 'SEO'], ['SEO'], []]);
  });

  it('a missing field and a wrong sum come back at once, under their fields, with everything sent kept', async () => {
    const ctx = await open();
    const { body, token } = await filledForm(ctx, 'request_quote', { name: '', services: ['SEO', 'Website redesign'] });
    const wrong = { ...body, humanCheckAnswer: String(Number(body.humanCheckAnswer) + 1) };
    const response = await postForm(ctx, 'request_quote', wrong);
    expect(response.status).toBe(400);
    const { formState } = stateOf(response);
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
    // A wrong sum gets a new question and an empty answer, as on the page with JavaScript.
    expect(formState.question.token).not.toBe(token);
    expect(formState.answer).toBe('');
    expect(formState.sent).toBeNull();
    expect(await rowsOf(ctx, 'request_quote')).toEqual([]);
  });

  it('a missing field alone keeps the question and its answer, which then works', async () => {
    const ctx = await open();
    const { body, token } = await filledForm(ctx, 'web_dev');
    // No state chosen (the select's empty option) and no occupation sent at all.
    const { occupation: _left, ...withoutOccupation } = body;
    const response = await postForm(ctx, 'web_dev', { ...withoutOccupation, state: '' });
    expect(response.status).toBe(400);
    const { formState } = stateOf(response);
    expect(formState.errors).toEqual({ occupation: FIELD_MESSAGES.REQUIRED, state: FIELD_MESSAGES.REQUIRED });
    expect(formState.values).toMatchObject({
      surname: 'Adeyemi',
      trainingType: 'Web Design & Development',
      schedule: 'Weekend',
      occupation: '',
      state: '',
    });
    expect(formState.question.token).toBe(token);
    expect(formState.answer).toBe(body.humanCheckAnswer);

    expect((await postForm(ctx, 'web_dev', body)).status).toBe(200);
    expect(await rowsOf(ctx, 'web_dev')).toHaveLength(1);
  });

  it('a wrong sum corrected within a second of the refusal is stored as a normal enquiry, not as spam', async () => {
    const ctx = await open();
    const { body } = await filledForm(ctx, 'contact');
    const refused = await postForm(ctx, 'contact', {
      ...body,
      humanCheckAnswer: String(Number(body.humanCheckAnswer) + 1),
    });
    expect(refused.status).toBe(400);
    const { question } = stateOf(refused).formState;
    ctx.advance(900);
    const corrected = await postForm(ctx, 'contact', {
      ...body,
      humanCheckToken: question.token,
      humanCheckAnswer: String(question.a + question.b),
    });
    expect(corrected.status).toBe(200);
    expect(stateOf(corrected).formState.sent?.reference).toMatch(REFERENCE_PATTERN);
    expect(await rowsOf(ctx, 'contact')).toMatchObject([
      { spam_reason: null, human_check: 'verified', folder: 'inbox' },
    ]);
  });

  it('a missing field corrected at once after a page first served a moment ago is stored, its new question carrying the first time', async () => {
    const ctx = await open();
    const page = await request(ctx.app).get(ENQUIRY_KINDS.web_dev.formPage);
    const token = /name="humanCheckToken" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
    ctx.advance(SUBMISSION_RULES.MIN_FILL_MS);
    // Refused for the e-mail and the sum at once: the page comes back with a new question.
    const { trainingType: _type, ...fields } = VALID_SUBMISSIONS.web_dev;
    const refused = await postForm(ctx, 'web_dev', {
      ...fields,
      email: 'nope',
      humanCheckToken: token,
      humanCheckAnswer: '99',
    });
    expect(refused.status).toBe(400);
    const { question } = stateOf(refused).formState;
    expect(question.token).not.toBe(token);
    ctx.advance(200);
    const corrected = await postForm(ctx, 'web_dev', {
      ...fields,
      humanCheckToken: question.token,
      humanCheckAnswer: String(question.a + question.b),
    });
    expect(corrected.status).toBe(200);
    expect(await rowsOf(ctx, 'web_dev')).toMatchObject([{ spam_reason: null, folder: 'inbox' }]);
  });

  it('a form sent under 3 s after its page was served comes back with a message to send it again, everything kept', async () => {
    const ctx = await open();
    const page = await request(ctx.app).get(ENQUIRY_KINDS.contact.formPage);
    const token = /name="humanCheckToken" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
    const question = /What is (\d) \+ (\d)\?/.exec(page.text);
    const answer = String(Number(question?.[1]) + Number(question?.[2]));
    ctx.advance(SUBMISSION_RULES.MIN_FILL_MS - 1);
    const body = { ...VALID_SUBMISSIONS.contact, humanCheckToken: token, humanCheckAnswer: answer, website: '' };
    const refused = await postForm(ctx, 'contact', body);
    expect(refused.status).toBe(400);
    const { formState } = stateOf(refused);
    expect(formState).toMatchObject({ formError: API_MESSAGES.SENT_TOO_FAST, errors: {}, answer, sent: null });
    expect(formState.question.token).toBe(token);
    expect(formState.values).toMatchObject({ name: 'Bola Ahmed', message: VALID_SUBMISSIONS.contact.message });
    expect(await rowsOf(ctx, 'contact')).toEqual([]);
    ctx.advance(1);
    expect((await postForm(ctx, 'contact', body)).status).toBe(200);
    expect(await rowsOf(ctx, 'contact')).toMatchObject([{ spam_reason: null }]);
  });

  it('the Federal Capital Territory is a state the training and quote pages accept', async () => {
    const ctx = await open();
    const { body: training } = await filledForm(ctx, 'creative_design', { state: 'Abuja (FCT)' });
    expect((await postForm(ctx, 'creative_design', training)).status).toBe(200);
    const { body: quote } = await filledForm(ctx, 'request_quote', { location: 'Abuja (FCT)' });
    expect((await postForm(ctx, 'request_quote', quote)).status).toBe(200);
    expect((await rowsOf(ctx, 'creative_design'))[0]?.state).toBe('Abuja (FCT)');
    expect((await rowsOf(ctx, 'request_quote'))[0]?.location).toBe('Abuja (FCT)');
  });

  it('an empty answer asks for one, as the page does', async () => {
    const ctx = await open();
    const { body } = await filledForm(ctx, 'contact', { humanCheckAnswer: '' });
    const response = await postForm(ctx, 'contact', body);
    expect(response.status).toBe(400);
    expect(stateOf(response).formState.errors).toEqual({ humanCheckAnswer: FIELD_MESSAGES.SUM_REQUIRED });
  });

  it('a post sent again with its key (a reload of the answer) shows the first reference and stores nothing new', async () => {
    const ctx = await open();
    const { body } = await filledForm(ctx, 'contact');
    const first = stateOf(await postForm(ctx, 'contact', body)).formState;
    const again = await postForm(ctx, 'contact', body);
    expect(again.status).toBe(200);
    expect(stateOf(again).formState.sent).toEqual(first.sent);
    expect(await rowsOf(ctx, 'contact')).toHaveLength(1);
  });

  it('a filled honeypot is answered like a success and stored as spam', async () => {
    const ctx = await open();
    const { body } = await filledForm(ctx, 'contact', { website: 'https://spam.example' });
    const response = await postForm(ctx, 'contact', body);
    expect(stateOf(response).formState.sent?.reference).toMatch(REFERENCE_PATTERN);
    expect((await rowsOf(ctx, 'contact'))[0]).toMatchObject({ spam_reason: 'honeypot' });
  });

  it("over the rate limit: 429 with Retry-After, the server's message and everything kept", async () => {
    const ctx = await open({
      config: {
        limits: { ...DEFAULT_LIMITS, register: [], resetMail: [], resetRequest: [], form: parseRateLimit('1/1m') },
      },
    });
    const { body: first } = await filledForm(ctx, 'contact');
    expect((await postForm(ctx, 'contact', first)).status).toBe(200);
    const { body } = await filledForm(ctx, 'contact');
    const response = await postForm(ctx, 'contact', body);
    expect(response.status).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    const { formState } = stateOf(response);
    expect(formState.formError).toBe(API_MESSAGES.TOO_MANY_SUBMISSIONS(1));
    expect(formState.values).toMatchObject({ name: 'Bola Ahmed', message: VALID_SUBMISSIONS.contact.message });
    expect(formState.answer).toBe(body.humanCheckAnswer);
    expect(await rowsOf(ctx, 'contact')).toHaveLength(1);
  });

  it('a client that does not ask for HTML gets the JSON answers, as a JSON post does', async () => {
    const ctx = await open();
    const { body } = await filledForm(ctx, 'request_quote', { services: 'SEO' });
    const stored = await postForm(ctx, 'request_quote', body, 'application/json');
    expect(stored.status).toBe(201);
    expect(stored.body).toEqual({
      success: true,
      message: ENQUIRY_KINDS.request_quote.successMessage,
      reference: expect.stringMatching(REFERENCE_PATTERN),
    });
    const { body: another } = await filledForm(ctx, 'request_quote');
    const refused = await postForm(ctx, 'request_quote', { ...another, email: 'nope' }, 'application/json');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, errors: { email: expect.any(String) } });
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
