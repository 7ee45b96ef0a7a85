import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  EnquiryAnswerSchema,
  INBOX_PATHS,
  ENQUIRY_KINDS,
  FIRST_TOUCH_FIELD_NAMES,
  FIRST_TOUCH_LIMITS,
  MESSAGE_KINDS,
  SUBMISSION_RULES,
} from '@agency/shared';
import { seededRandom } from '@agency/testing';
import { VALID_SUBMISSIONS } from '../../test/fixtures';
import { cellUnder, csvRecordsOf, download, readWorkbook, rowsByHeader } from '../../test/spreadsheet-files';
import { createTestContext, signedInStaff, type TestContext } from '../../test/test-context';

// Where an enquiry comes from (issue 21 item 5, docs/decisions/0041): carried by the JSON API and the form post,
// cleaned and classified by the server, stored in migration 0017's columns; old payloads store "not recorded".

const PUBLIC_ORIGIN = 'https://www.example.ng';
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** A prerendered form page as apps/web builds it: the question, token and key slots, and the empty source inputs. */
const formPage = () =>
  '<!doctype html><html><head></head><body><div id="root"><form method="post">' +
  '<span data-form-slot="question">What is ? + ?</span>' +
  '<input data-form-slot="token" type="hidden" name="humanCheckToken" value=""/>' +
  '<input data-form-slot="key" type="hidden" name="idempotencyKey" value=""/>' +
  FIRST_TOUCH_FIELD_NAMES.map(
    (name) => `<input data-first-touch="${name}" type="hidden" name="${name}" value=""/>`,
  ).join('') +
  '</form></div>\n</body>\n</html>\n';

let buildRoot: string;
let webRoot: string;
let context: TestContext | undefined;

beforeAll(() => {
  buildRoot = mkdtempSync(path.join(tmpdir(), 'rd-first-touch-'));
  webRoot = path.join(buildRoot, 'client');
  const routes: Record<string, string> = {};
  for (const kind of MESSAGE_KINDS) {
    mkdirSync(path.join(webRoot, kind), { recursive: true });
    writeFileSync(path.join(webRoot, kind, 'index.html'), formPage());
    routes[ENQUIRY_KINDS[kind].formPage.toLowerCase()] = `${kind}/index.html`;
  }
  writeFileSync(path.join(webRoot, '404.html'), '<!doctype html><title>Not found</title>');
  writeFileSync(path.join(webRoot, 'routes-manifest.json'), JSON.stringify({ routes, notFound: '404.html' }));
  mkdirSync(path.join(buildRoot, 'server'), { recursive: true });
  // The SSR entry renders the form state's source values into the inputs, as the web app's FirstTouchInputs does.
  writeFileSync(
    path.join(buildRoot, 'server', 'entry-server.js'),
    `export async function renderPage(url, { formState }) {
      const names = ${JSON.stringify(FIRST_TOUCH_FIELD_NAMES)};
      const inputs = names.map((name) => '<input data-first-touch="' + name + '" type="hidden" name="' + name + '" value="' + (formState.values[name] ?? '') + '"/>');
      return { html: '<form>' + inputs.join('') + (formState.sent ? '<p>' + formState.sent.reference + '</p>' : '') + '</form>' };
    }\n`,
  );
});

afterAll(() => rmSync(buildRoot, { recursive: true, force: true }));

afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function open(): Promise<TestContext> {
  context = await createTestContext({ webRoot, config: { appUrl: PUBLIC_ORIGIN } });
  return context;
}

const sourceOf = async (ctx: TestContext) =>
  ctx.db
    .selectFrom('enquiries')
    .select(['source_class', 'source_host', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'])
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

const NOT_RECORDED = {
  source_class: null,
  source_host: null,
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  utm_term: null,
  utm_content: null,
};

/** An input's value as the page holds it (escaped). */
const inputValue = (html: string, name: string) =>
  new RegExp(`data-first-touch="${name}"[^>]*? value="([^"]*)"`).exec(html)?.[1];

/** What a browser posts of an attribute: its characters, the page's numeric references read. */
const attributeText = (escaped: string) =>
  escaped.replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code)));

describe('the JSON API', () => {
  it('stores the carried source, the host classified by the server', async () => {
    const ctx = await open();
    const response = await request(ctx.app)
      .post(API_PATHS.SUBMIT_CONTACT)
      .send({
        ...VALID_SUBMISSIONS.contact,
        sourceClass: 'direct',
        sourceHost: 'L.Instagram.com',
        utmSource: ' instagram ',
        utmCampaign: 'lagos-launch',
      });
    expect(response.status).toBe(201);
    expect(await sourceOf(ctx)).toEqual({
      ...NOT_RECORDED,
      source_class: 'social',
      source_host: 'l.instagram.com',
      utm_source: 'instagram',
      utm_campaign: 'lagos-launch',
    });
  });

  it('an old payload is answered as before and stores nothing about the source', async () => {
    const ctx = await open();
    const response = await request(ctx.app).post(API_PATHS.SUBMIT_CONTACT).send(VALID_SUBMISSIONS.contact);
    expect(response.status).toBe(201);
    expect(Object.keys(response.body as object).sort()).toEqual(['message', 'reference', 'success']);
    expect(await sourceOf(ctx)).toEqual(NOT_RECORDED);
  });

  it('a direct visit is stored as direct', async () => {
    const ctx = await open();
    await request(ctx.app)
      .post(API_PATHS.SUBMIT_QUOTE)
      .send({ ...VALID_SUBMISSIONS.request_quote, sourceClass: 'direct' })
      .expect(201);
    expect(await sourceOf(ctx)).toEqual({ ...NOT_RECORDED, source_class: 'direct' });
  });

  it('forged sources are stored as data within the limits, never refused and never a 500', async () => {
    const ctx = await open();
    const random = seededRandom(21_5);
    console.log('first-touch forged sources: seed 215');
    const junk = (): unknown => {
      const choice = Math.floor(random() * 6);
      if (choice === 0) return Math.floor(random() * 1000);
      if (choice === 1) return ['a', { b: 1 }];
      if (choice === 2) return { $gt: '' };
      if (choice === 3) return null;
      const length = Math.floor(random() * 600);
      return Array.from({ length }, () => String.fromCodePoint(Math.floor(random() * 0x1_0000))).join('');
    };
    for (let round = 0; round < 40; round += 1) {
      const forged = Object.fromEntries(FIRST_TOUCH_FIELD_NAMES.map((name) => [name, junk()]));
      const response = await request(ctx.app)
        .post(API_PATHS.SUBMIT_CONTACT)
        .send({ ...VALID_SUBMISSIONS.contact, ...forged });
      expect(response.status, JSON.stringify(forged)).toBe(201);
      const stored = await sourceOf(ctx);
      expect(['search', 'social', 'site', 'direct', null]).toContain(stored.source_class);
      for (const value of [stored.utm_source, stored.utm_medium, stored.utm_campaign, stored.utm_term]) {
        expect((value ?? '').length).toBeLessThanOrEqual(FIRST_TOUCH_LIMITS.UTM_MAX);
        expect(value ?? '').not.toMatch(/\p{Cc}/u);
      }
      expect(stored.source_host ?? 'a.b').toMatch(/^[a-z0-9.-]+$/);
    }
  });
});

describe('without JavaScript', () => {
  const contact = ENQUIRY_KINDS.contact;

  async function landAndPost(ctx: TestContext, pageUrl: string, referer?: string) {
    const get = request(ctx.app).get(pageUrl);
    const page = referer ? await get.set('Referer', referer) : await get;
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    const question = /What is (\d) \+ (\d)\?/.exec(page.text);
    const token = /name="humanCheckToken" value="([^"]+)"/.exec(page.text)?.[1];
    if (!question || !token) throw new Error(`No filled question in:\n${page.text}`);
    const form = new URLSearchParams({
      ...VALID_SUBMISSIONS.contact,
      humanCheckToken: token,
      humanCheckAnswer: String(Number(question[1]) + Number(question[2])),
      website: '',
    });
    for (const name of FIRST_TOUCH_FIELD_NAMES) form.set(name, attributeText(inputValue(page.text, name) ?? 'missing'));
    ctx.advance(SUBMISSION_RULES.MIN_FILL_MS);
    const posted = await request(ctx.app)
      .post(contact.paths.submit)
      .set('Accept', BROWSER_ACCEPT)
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .send(form.toString());
    return { page, posted };
  }

  it("the form page carries the request's Referer host and utm values in its hidden inputs; the post stores them", async () => {
    const ctx = await open();
    const { page, posted } = await landAndPost(
      ctx,
      `${contact.formPage}?utm_source=nairaland&utm_medium=forum&utm_campaign=%22%3E%3Cscript%3E`,
      'https://www.nairaland.com/1234/best-web-agency-lagos?page=2',
    );
    expect(inputValue(page.text, 'sourceHost')).toBe('www.nairaland.com');
    expect(inputValue(page.text, 'utmCampaign')).toBe('&#34;&#62;&#60;script&#62;');
    expect(page.text).not.toContain('"><script>');
    expect(page.text).not.toContain('best-web-agency');
    // Answered by a redirect to the form's page with the outcome (post/redirect/get, docs/decisions/0045).
    expect(posted.status).toBe(303);
    expect(await sourceOf(ctx)).toEqual({
      ...NOT_RECORDED,
      source_class: 'social',
      source_host: 'www.nairaland.com',
      utm_source: 'nairaland',
      utm_medium: 'forum',
      utm_campaign: '"><script>',
    });
  });

  it('landing on the form page with nothing is direct', async () => {
    const ctx = await open();
    const { page } = await landAndPost(ctx, contact.formPage);
    expect(inputValue(page.text, 'sourceClass')).toBe('direct');
    expect(await sourceOf(ctx)).toEqual({ ...NOT_RECORDED, source_class: 'direct' });
  });

  it('a Referer from our own site is no first touch: nothing is recorded', async () => {
    const ctx = await open();
    const { page } = await landAndPost(ctx, contact.formPage, `${PUBLIC_ORIGIN}/services`);
    for (const name of FIRST_TOUCH_FIELD_NAMES) expect(inputValue(page.text, name)).toBe('');
    expect(await sourceOf(ctx)).toEqual(NOT_RECORDED);
  });

  it('a refused post keeps the source in the page it redirects to', async () => {
    const ctx = await open();
    const form = new URLSearchParams({
      ...VALID_SUBMISSIONS.contact,
      email: 'not an address',
      sourceHost: 'www.google.com.ng',
      utmCampaign: 'x\u0007y',
    });
    // The browser follows the redirect with its cookie to the form's page, which answers the refusal (0045).
    const browser = request.agent(ctx.app);
    const posted = await browser
      .post(contact.paths.submit)
      .set('Accept', BROWSER_ACCEPT)
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .send(form.toString());
    expect(posted.status).toBe(303);
    const refused = await browser.get(String(posted.headers.location).split('#')[0] ?? '');
    expect(refused.status).toBe(200);
    expect(inputValue(refused.text, 'sourceHost')).toBe('www.google.com.ng');
    expect(inputValue(refused.text, 'sourceClass')).toBe('search');
    expect(inputValue(refused.text, 'utmCampaign')).toBe('xy');
  });
});

describe('what staff see', () => {
  it('the enquiry shows its source, and the CSV and XLSX exports have its columns', async () => {
    const ctx = await open();
    await request(ctx.app)
      .post(API_PATHS.SUBMIT_CONTACT)
      .send({
        ...VALID_SUBMISSIONS.contact,
        sourceHost: 'l.instagram.com',
        utmSource: 'instagram',
        utmMedium: 'social',
        utmCampaign: '=HYPERLINK("http://evil.example")',
      })
      .expect(201);
    ctx.advance(1000);
    await request(ctx.app).post(API_PATHS.SUBMIT_CONTACT).send(VALID_SUBMISSIONS.contact).expect(201);
    const staff = await signedInStaff(ctx);
    const [sourced, older] = await ctx.db.selectFrom('enquiries').select('id').orderBy('id').execute();
    const detail = await staff.get(INBOX_PATHS.enquiry('contact', Number(sourced?.id))).expect(200);
    expect(EnquiryAnswerSchema.parse(detail.body).enquiry.source).toEqual({
      label: 'instagram',
      sourceClass: 'social',
      sourceHost: 'l.instagram.com',
      utmSource: 'instagram',
      utmMedium: 'social',
      utmCampaign: '=HYPERLINK("http://evil.example")',
      utmTerm: null,
      utmContent: null,
    });
    const plain = await staff.get(INBOX_PATHS.enquiry('contact', Number(older?.id))).expect(200);
    expect(EnquiryAnswerSchema.parse(plain.body).enquiry.source).toMatchObject({
      label: 'Not recorded',
      sourceClass: null,
    });

    const csv = await download(staff.get(INBOX_PATHS.export('contact')));
    const [newest, first] = rowsByHeader(csvRecordsOf(csv.bytes));
    expect(newest).toMatchObject({ Source: 'Not recorded', 'Source class': '', 'UTM source': '' });
    expect(first).toMatchObject({
      Source: 'instagram',
      'Source class': 'social',
      'UTM source': 'instagram',
      'UTM medium': 'social',
      'UTM term': '',
      'UTM content': '',
    });
    // A formula in a campaign is text in the file, as every other cell.
    expect(first?.['UTM campaign']).not.toMatch(/^=/);

    const xlsx = await download(staff.get(INBOX_PATHS.exportXlsx('contact')));
    const sheet = (await readWorkbook(xlsx.bytes)).worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(cellUnder(sheet, 'Source', 3).value).toBe('instagram');
    expect(cellUnder(sheet, 'Source class', 3).value).toBe('social');
  });
});
