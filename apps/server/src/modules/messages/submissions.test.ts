import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import {
  API_MESSAGES,
  API_PATHS,
  BRAND_PHONES,
  ENQUIRY_KINDS,
  IDEMPOTENCY_HEADER,
  MESSAGE_KINDS,
  REFERENCE_PATTERN,
  SPEC_MESSAGES,
  SUBMISSION_RULES,
  type MessageKind,
} from '@agency/shared';
import { DEFAULT_LIMITS } from '../../config/config';
import { SESSION_COOKIE_NAME } from '../auth/auth.routes';
import { parseRateLimit } from '../../config/rate-limit';
import { VALID_SUBMISSIONS } from '../../test/fixtures';
import {
  answeredSubmission,
  createTestContext,
  signedInStaff,
  type TestContext,
  type TestContextOptions,
} from '../../test/test-context';

let context: TestContext | undefined;

afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function open(options: TestContextOptions = {}): Promise<TestContext> {
  context = await createTestContext({
    ...options,
    config: { staffNotifyEmails: ['inbox@agency.test'], ...options.config },
  });
  return context;
}

const rowsOf = (ctx: TestContext, kind: MessageKind) =>
  ctx.db.selectFrom('enquiries').where('kind', '=', kind).selectAll().orderBy('id').execute();

describe('the human check, verified by the server', () => {
  it('issues two digits 0-9 with a token, never cached', async () => {
    const ctx = await open();
    const answer = await request(ctx.app).get(API_PATHS.HUMAN_CHECK);
    expect(answer.headers['cache-control']).toContain('no-store');
    expect(answer.body).toEqual({
      success: true,
      a: expect.any(Number),
      b: expect.any(Number),
      token: expect.any(String),
    });
    for (const digit of [answer.body.a, answer.body.b]) expect(digit >= 0 && digit <= 9).toBe(true);
  });

  it.each(MESSAGE_KINDS)('%s: a right answer is stored as verified with a reference', async (kind) => {
    const ctx = await open();
    const response = await request(ctx.app)
      .post(ENQUIRY_KINDS[kind].paths.submit)
      .send(await answeredSubmission(ctx, kind));
    expect(response.status).toBe(201);
    expect(response.body.reference).toMatch(REFERENCE_PATTERN);
    const [row] = await rowsOf(ctx, kind);
    expect(row).toMatchObject({ reference: response.body.reference, human_check: 'verified', spam_reason: null });
  });

  it.each(MESSAGE_KINDS)(
    "%s: a wrong answer is refused with the form's own message, and nothing is stored",
    async (kind) => {
      const ctx = await open();
      const body = await answeredSubmission(ctx, kind);
      const wrong = String(Number(body.humanCheckAnswer) + 1);
      const response = await request(ctx.app)
        .post(ENQUIRY_KINDS[kind].paths.submit)
        .send({ ...body, humanCheckAnswer: wrong });
      expect(response.status).toBe(400);
      const expected =
        kind === 'contact'
          ? SPEC_MESSAGES.WRONG_SUM_CONTACT
          : kind === 'request_quote'
            ? SPEC_MESSAGES.WRONG_SUM_QUOTE
            : SPEC_MESSAGES.WRONG_SUM_TRAINING;
      expect(response.body).toEqual({ success: false, message: expected, errors: { humanCheckAnswer: expected } });
      expect(await rowsOf(ctx, kind)).toEqual([]);
      // The question is kept: the same token with the right answer still works.
      const retried = await request(ctx.app).post(ENQUIRY_KINDS[kind].paths.submit).send(body);
      expect(retried.status).toBe(201);
    },
  );

  it('a token works once, for 30 minutes, and only as this server signed it', async () => {
    const ctx = await open();
    const path = ENQUIRY_KINDS.contact.paths.submit;
    const body = await answeredSubmission(ctx, 'contact');
    expect((await request(ctx.app).post(path).send(body)).status).toBe(201);
    const reused = await request(ctx.app).post(path).send(body);
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe(API_MESSAGES.HUMAN_CHECK_EXPIRED);

    const late = await answeredSubmission(ctx, 'contact');
    ctx.advance(SUBMISSION_RULES.HUMAN_CHECK_TTL_MS);
    expect((await request(ctx.app).post(path).send(late)).body.message).toBe(API_MESSAGES.HUMAN_CHECK_EXPIRED);

    const forged = await answeredSubmission(ctx, 'contact');
    const [payload] = String(forged.humanCheckToken).split('.');
    const tampered = { ...forged, humanCheckToken: `${payload}.${'A'.repeat(43)}` };
    expect((await request(ctx.app).post(path).send(tampered)).body.message).toBe(API_MESSAGES.HUMAN_CHECK_EXPIRED);
    expect(await rowsOf(ctx, 'contact')).toHaveLength(1);
  });

  it('the bare payload of older clients is stored as unverified, unless REQUIRE_HUMAN_CHECK=true', async () => {
    const ctx = await open();
    const path = ENQUIRY_KINDS.request_quote.paths.submit;
    expect((await request(ctx.app).post(path).send(VALID_SUBMISSIONS.request_quote)).status).toBe(201);
    expect((await rowsOf(ctx, 'request_quote'))[0]?.human_check).toBe('unverified');
    await ctx.close();

    const strict = await open({ config: { requireHumanCheck: true } });
    const refused = await request(strict.app).post(path).send(VALID_SUBMISSIONS.request_quote);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(SPEC_MESSAGES.WRONG_SUM_QUOTE);
    expect(await rowsOf(strict, 'request_quote')).toEqual([]);
    context = strict;
  });
});

describe('the invisible spam defence', () => {
  it('a filled honeypot is answered like a success but stored as spam, unlisted and unmailed', async () => {
    const ctx = await open();
    const staff = await signedInStaff(ctx);
    const response = await request(ctx.app)
      .post(ENQUIRY_KINDS.contact.paths.submit)
      .send(await answeredSubmission(ctx, 'contact', { website: 'http://spam.example' }));
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      success: true,
      message: SPEC_MESSAGES.MESSAGE_SENT,
      reference: expect.stringMatching(REFERENCE_PATTERN),
    });
    expect((await rowsOf(ctx, 'contact'))[0]?.spam_reason).toBe('honeypot');
    expect((await staff.get(ENQUIRY_KINDS.contact.paths.list)).body.messages).toEqual([]);
    const mails = await ctx.db.selectFrom('outbox').select('purpose').where('purpose', '!=', 'confirm').execute();
    expect(mails).toEqual([]);
  });

  it('a form sent less than 3 s after it was first served is refused with a message to send it again, never stored as spam', async () => {
    const ctx = await open();
    const issued = await request(ctx.app).get(API_PATHS.HUMAN_CHECK);
    ctx.advance(SUBMISSION_RULES.MIN_FILL_MS - 1);
    const { a, b, token } = issued.body as { a: number; b: number; token: string };
    const sent = { ...VALID_SUBMISSIONS.contact, humanCheckToken: token, humanCheckAnswer: a + b };
    const response = await request(ctx.app).post(ENQUIRY_KINDS.contact.paths.submit).send(sent);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, message: API_MESSAGES.SENT_TOO_FAST });
    expect(await rowsOf(ctx, 'contact')).toEqual([]);
    expect(await ctx.db.selectFrom('outbox').selectAll().execute()).toEqual([]);
    // The token was not spent: the same form sent again a moment later is stored as a person's enquiry.
    ctx.advance(1);
    const again = await request(ctx.app).post(ENQUIRY_KINDS.contact.paths.submit).send(sent);
    expect(again.status).toBe(201);
    expect(await rowsOf(ctx, 'contact')).toMatchObject([
      { spam_reason: null, human_check: 'verified', folder: 'inbox' },
    ]);
  });

  it('a question fetched after a wrong answer keeps the first-served time, so the corrected form is not too fast', async () => {
    const ctx = await open();
    const first = (await request(ctx.app).get(API_PATHS.HUMAN_CHECK)).body as { a: number; b: number; token: string };
    ctx.advance(SUBMISSION_RULES.MIN_FILL_MS);
    const wrong = await request(ctx.app)
      .post(ENQUIRY_KINDS.contact.paths.submit)
      .send({ ...VALID_SUBMISSIONS.contact, humanCheckToken: first.token, humanCheckAnswer: first.a + first.b + 1 });
    expect(wrong.status).toBe(400);
    const renewed = await request(ctx.app).get(API_PATHS.HUMAN_CHECK).query({ after: first.token });
    const { a, b, token } = renewed.body as { a: number; b: number; token: string };
    ctx.advance(500);
    const corrected = await request(ctx.app)
      .post(ENQUIRY_KINDS.contact.paths.submit)
      .send({ ...VALID_SUBMISSIONS.contact, humanCheckToken: token, humanCheckAnswer: a + b });
    expect(corrected.status).toBe(201);
    expect(await rowsOf(ctx, 'contact')).toMatchObject([{ spam_reason: null, folder: 'inbox' }]);
    // Without `after` (or with a forged one) the new question counts from now.
    const fresh = (await request(ctx.app).get(API_PATHS.HUMAN_CHECK).query({ after: 'forged.token' })).body as {
      a: number;
      b: number;
      token: string;
    };
    const tooFast = await request(ctx.app)
      .post(ENQUIRY_KINDS.contact.paths.submit)
      .send({ ...VALID_SUBMISSIONS.contact, humanCheckToken: fresh.token, humanCheckAnswer: fresh.a + fresh.b });
    expect(tooFast.status).toBe(400);
    expect(tooFast.body.message).toBe(API_MESSAGES.SENT_TOO_FAST);
  });
});

describe('rate limits per client address and form', () => {
  it('of 200 posts from one address in a minute, 5 are accepted; the rest get 429 with Retry-After', async () => {
    const ctx = await open({
      config: {
        limits: {
          ...DEFAULT_LIMITS,
          register: [],
          resetMail: [],
          resetRequest: [],
          form: parseRateLimit('5/1m,30/1h'),
        },
      },
    });
    const path = ENQUIRY_KINDS.contact.paths.submit;
    const statuses: number[] = [];
    let refusal: request.Response | undefined;
    for (let index = 0; index < 200; index += 1) {
      const response = await request(ctx.app).post(path).send(VALID_SUBMISSIONS.contact);
      statuses.push(response.status);
      if (response.status === 429) refusal ??= response;
    }
    const accepted = statuses.filter((status) => status === 201).length;
    console.log(`form rate limit: ${accepted} of 200 posts from one address accepted`);
    expect(accepted).toBe(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(195);
    expect(Number(refusal?.headers['retry-after'])).toBeGreaterThan(0);
    expect(refusal?.body.message).toBe(API_MESSAGES.TOO_MANY_SUBMISSIONS(1));
    expect(await rowsOf(ctx, 'contact')).toHaveLength(5);
    // Another form has its own count.
    const quote = await request(ctx.app)
      .post(ENQUIRY_KINDS.request_quote.paths.submit)
      .send(VALID_SUBMISSIONS.request_quote);
    expect(quote.status).toBe(201);
  });
});

describe('sessions', () => {
  it('a public submission neither reads nor renews a session; a staff request renews it', async () => {
    const ctx = await open();
    const agent = await signedInStaff(ctx);
    const submitted = await agent.post(ENQUIRY_KINDS.contact.paths.submit).send(VALID_SUBMISSIONS.contact);
    expect(submitted.status).toBe(201);
    expect(submitted.headers['set-cookie']).toBeUndefined();
    const check = await agent.get(API_PATHS.SESSION_CHECK);
    expect(check.status).toBe(200);
    expect(String(check.headers['set-cookie'])).toContain(`${SESSION_COOKIE_NAME}=`);
  });
});

describe('a flood from a refused client', () => {
  it('is answered 429 from memory after FORM_REFUSAL_DELAY_MS, its body unread, while pages answer at once', async () => {
    const ctx = await open({
      config: { formRefusalDelayMs: 600, limits: { ...DEFAULT_LIMITS, form: parseRateLimit('2/1m') } },
    });
    const path = ENQUIRY_KINDS.contact.paths.submit;
    const first = [];
    for (let index = 0; index < 3; index += 1)
      first.push((await request(ctx.app).post(path).send(VALID_SUBMISSIONS.contact)).status);
    expect(first).toEqual([201, 201, 429]);
    const server = ctx.app.listen(0);
    try {
      const agent = request(server);
      const started = Date.now();
      // Not even JSON: a refusal from memory never reads the body (a route would answer 400 for it).
      const flood = Array.from({ length: 20 }, () =>
        agent.post(path).set('Content-Type', 'application/json').send('{"not json'),
      );
      const page = await agent.get('/api/health');
      const pageMs = Date.now() - started;
      const answers = await Promise.all(flood);
      const floodMs = Date.now() - started;
      expect(page.status).toBe(200);
      expect(pageMs).toBeLessThan(500);
      expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 429));
      expect(answers[0]?.body).toEqual({ success: false, message: API_MESSAGES.TOO_MANY_SUBMISSIONS(1) });
      expect(Number(answers[0]?.headers['retry-after'])).toBeGreaterThan(0);
      expect(floodMs).toBeGreaterThanOrEqual(550);
      // A browser's form post is left to its route (which answers with the form's page when the site is built).
      const formPost = await agent.post(path).type('form').set('Accept', 'text/html').send({ name: 'Ada' });
      expect(formPost.status).toBe(429);
    } finally {
      server.close();
    }
    expect(await rowsOf(ctx, 'contact')).toHaveLength(2);
  });
});

describe('a reference and an answer for every visitor', () => {
  it('references run in one series across the four forms', async () => {
    const ctx = await open();
    const references: string[] = [];
    for (const kind of MESSAGE_KINDS) {
      const response = await request(ctx.app)
        .post(ENQUIRY_KINDS[kind].paths.submit)
        .send(await answeredSubmission(ctx, kind));
      references.push(String(response.body.reference));
    }
    const numbers = references.map((reference) => Number(reference.split('-')[2]));
    expect(numbers).toEqual([1, 2, 3, 4]);
    expect(references[0]).toBe('RD-26-00001');
  });

  it('the visitor gets an auto-reply with the reference, the next step and the numbers to call, not what they typed', async () => {
    const ctx = await open();
    const response = await request(ctx.app)
      .post(ENQUIRY_KINDS.contact.paths.submit)
      .send(await answeredSubmission(ctx, 'contact', { message: 'We need a website\nfor our bakery.' }));
    const reference = String(response.body.reference);
    const reply = await ctx.sink.takeMail(String(VALID_SUBMISSIONS.contact.email));
    expect(reply.subject).toContain(reference);
    expect(reply.text).toContain('one working day');
    expect(reply.text).toContain(BRAND_PHONES.office.display);
    expect(reply.text).toContain(BRAND_PHONES.whatsapp.display);
    expect(reply.text).not.toContain('bakery');
    expect(reply.html).not.toContain('bakery');
    const staffMail = await ctx.sink.takeMail('inbox@agency.test');
    expect(staffMail.subject).toBe(`New contact message ${reference} from ${String(VALID_SUBMISSIONS.contact.name)}`);
    expect(staffMail.text).toContain('for our bakery.');
    // One notification and one auto-reply per enquiry.
    await ctx.sender.drain();
    expect(ctx.sink.mails).toHaveLength(2);
  });
});

describe('idempotent submits', () => {
  it('a repeated Idempotency-Key stores nothing new and answers the first answer, reference included', async () => {
    const ctx = await open();
    const path = ENQUIRY_KINDS.request_quote.paths.submit;
    const body = await answeredSubmission(ctx, 'request_quote');
    const first = await request(ctx.app).post(path).set(IDEMPOTENCY_HEADER, 'form-1-abc').send(body);
    const again = await request(ctx.app).post(path).set(IDEMPOTENCY_HEADER, 'form-1-abc').send(body);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await rowsOf(ctx, 'request_quote')).toHaveLength(1);
  });

  it('a double tap (five at once with one key) makes one enquiry', async () => {
    const ctx = await open();
    const path = ENQUIRY_KINDS.contact.paths.submit;
    const body = await answeredSubmission(ctx, 'contact', { idempotencyKey: 'double-tap-1' });
    const answers = await Promise.all(Array.from({ length: 5 }, () => request(ctx.app).post(path).send(body)));
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([201]));
    expect(new Set(answers.map((answer) => answer.body.reference)).size).toBe(1);
    expect(await rowsOf(ctx, 'contact')).toHaveLength(1);
  });

  it("a key is a form's own, lasts a day, and must look like a key", async () => {
    const ctx = await open();
    const key = { [IDEMPOTENCY_HEADER]: 'shared-key' };
    await request(ctx.app).post(ENQUIRY_KINDS.contact.paths.submit).set(key).send(VALID_SUBMISSIONS.contact);
    await request(ctx.app)
      .post(ENQUIRY_KINDS.request_quote.paths.submit)
      .set(key)
      .send(VALID_SUBMISSIONS.request_quote);
    expect(await rowsOf(ctx, 'request_quote')).toHaveLength(1);
    ctx.advance(SUBMISSION_RULES.IDEMPOTENCY_TTL_MS + 1);
    await request(ctx.app).post(ENQUIRY_KINDS.contact.paths.submit).set(key).send(VALID_SUBMISSIONS.contact);
    expect(await rowsOf(ctx, 'contact')).toHaveLength(2);
    const bad = await request(ctx.app)
      .post(ENQUIRY_KINDS.contact.paths.submit)
      .set(IDEMPOTENCY_HEADER, 'not a key!')
      .send(VALID_SUBMISSIONS.contact);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(API_MESSAGES.IDEMPOTENCY_KEY_INVALID);
  });
});
