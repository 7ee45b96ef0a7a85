import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ENQUIRY_KINDS,
  FIELD_MESSAGES,
  MESSAGE_KINDS,
  NIGERIAN_STATES,
  SEARCH_TEXT_MAX_CHARACTERS,
  type MessageKind,
} from '@agency/shared';
import { VALID_SUBMISSIONS } from '../../test/fixtures';
import { createTestContext, type TestContext } from '../../test/test-context';

/**
 * Issue 17, "no lead lost": phone numbers as people write them, the Federal Capital Territory, and over-long values
 * answered 400 with the field's message (never a 500 from a column too small), on SQLite and MariaDB alike.
 */
let context: TestContext | undefined;

afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function open(): Promise<TestContext> {
  context = await createTestContext();
  return context;
}

const submit = (ctx: TestContext, kind: MessageKind, extra: Record<string, unknown>) =>
  request(ctx.app)
    .post(ENQUIRY_KINDS[kind].paths.submit)
    .send({ ...VALID_SUBMISSIONS[kind], ...extra });

const rowsOf = (ctx: TestContext, kind: MessageKind) =>
  ctx.db.selectFrom('enquiries').where('kind', '=', kind).selectAll().orderBy('id').execute();

const PHONE_WRITINGS = ['0803 555 1234', '+234 803 555 1234', '(0803) 555-1234', '234.803.555.1234', '08035551234'];

/** The phone field's own message: the spec's 11 digits for training, a valid number for contact and quote. */
const phoneMessageOf = (kind: MessageKind) =>
  kind === 'web_dev' || kind === 'creative_design' ? FIELD_MESSAGES.TRAINING_PHONE : FIELD_MESSAGES.PHONE_INVALID;

describe('phone numbers', () => {
  it.each(MESSAGE_KINDS)(
    '%s: each usual way of writing one number is accepted and stored as 08035551234',
    async (kind) => {
      const ctx = await open();
      for (const phone of PHONE_WRITINGS) {
        const response = await submit(ctx, kind, { phone });
        expect(response.status, phone).toBe(201);
      }
      const rows = await rowsOf(ctx, kind);
      expect(rows.map((row) => row.phone)).toEqual(PHONE_WRITINGS.map(() => '08035551234'));
      expect(new Set(rows.map((row) => row.phone_key))).toEqual(new Set(['8035551234']));
    },
  );

  it.each(MESSAGE_KINDS)(
    "%s: 21 to 25 digits are refused with the phone field's message, nothing stored",
    async (kind) => {
      const ctx = await open();
      for (const phone of ['1'.repeat(25), '9'.repeat(21), `+234 ${'8'.repeat(20)}`, '(0803) 555-1234-5678-9012']) {
        const response = await submit(ctx, kind, { phone });
        expect(response.status, phone).toBe(400);
        expect(response.body.errors, phone).toEqual({ phone: phoneMessageOf(kind) });
      }
      expect(await rowsOf(ctx, kind)).toEqual([]);
    },
  );
});

describe('the Federal Capital Territory', () => {
  it('is a state the training forms and the quote accept and store', async () => {
    const ctx = await open();
    const fct = NIGERIAN_STATES.find((state) => state.includes('FCT'));
    expect(fct).toBe('Abuja (FCT)');
    expect((await submit(ctx, 'web_dev', { state: fct })).status).toBe(201);
    expect((await submit(ctx, 'creative_design', { state: fct })).status).toBe(201);
    expect((await submit(ctx, 'request_quote', { location: fct })).status).toBe(201);
    expect((await rowsOf(ctx, 'web_dev'))[0]?.state).toBe(fct);
    expect((await rowsOf(ctx, 'creative_design'))[0]?.state).toBe(fct);
    expect((await rowsOf(ctx, 'request_quote'))[0]?.location).toBe(fct);
  });
});

describe('over-long values', () => {
  it.each([
    ['contact', 'name', 101, FIELD_MESSAGES.TOO_LONG(100)],
    ['web_dev', 'surname', 101, FIELD_MESSAGES.TOO_LONG(100)],
    ['request_quote', 'projectDescription', 5_001, FIELD_MESSAGES.TOO_LONG(5_000)],
    ['contact', 'message', 5_001, FIELD_MESSAGES.TOO_LONG(5_000)],
  ] as const)('%s %s of %i characters: 400 with the field message', async (kind, field, length, message) => {
    const ctx = await open();
    const response = await submit(ctx, kind, { [field]: 'é'.repeat(length) });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ [field]: message });
  });

  it('a message whose normalised search text would outgrow its column is stored, its search text bounded', async () => {
    const ctx = await open();
    // U+FDFA is one character that NFKD writes as 18: 5,000 of them are 90,000 characters of search text.
    const message = '\ufdfa'.repeat(5_000);
    expect((await submit(ctx, 'contact', { name: '\ufdfa'.repeat(100), message })).status).toBe(201);
    const [row] = await rowsOf(ctx, 'contact');
    expect(row?.message).toBe(message);
    expect(Array.from(row?.search_text ?? '')).toHaveLength(SEARCH_TEXT_MAX_CHARACTERS);
  });
});
