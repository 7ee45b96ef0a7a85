import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { API_MESSAGES, API_PATHS, HUMAN_CHECK_FIELDS, SUBMISSION_RULES } from '@agency/shared';
import { startHarness, type Harness } from './harness';

// The built server on SQLite stores the public forms' submissions and sends the mail from its storage worker, a
// thread with its own connection (docs/decisions/0025). What crosses between the threads: the submission, its
// answer, the refusals (AppError) and the sender's wake-ups.
let harness: Harness;

beforeAll(async () => {
  // Eight submissions from one address in a few seconds: more than the default form limit lets through.
  harness = await startHarness({ env: { FORM_RATE_LIMIT: 'off' } });
});

afterAll(async () => {
  await harness?.close();
});

const post = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  fetch(`${harness.baseUrl}${API_PATHS.SUBMIT_CONTACT}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: harness.baseUrl, ...headers },
    body: JSON.stringify(body),
  });

const visitor = (email: string) => ({
  name: 'Ngozi Eze',
  email,
  phone: '0803 555 0199',
  message: 'We need a logo and a website for our catering company in Surulere.',
});

/** The body with the server's question answered, sent no sooner than a person could (SUBMISSION_RULES.MIN_FILL_MS). */
async function answered(body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const question = (await (await fetch(`${harness.baseUrl}${API_PATHS.HUMAN_CHECK}`)).json()) as {
    a: number;
    b: number;
    token: string;
  };
  await sleep(SUBMISSION_RULES.MIN_FILL_MS + 100);
  return {
    ...body,
    [HUMAN_CHECK_FIELDS.token]: question.token,
    [HUMAN_CHECK_FIELDS.answer]: String(question.a + question.b),
  };
}

describe('the storage worker of the built server', () => {
  it('stores a submission, answers its reference, and its mail goes out', async () => {
    // The auto-reply goes only to a person who answered the human check (issue 17), after a person's few seconds.
    const response = await post(await answered(visitor('ngozi.eze@example.ng')));
    expect(response.status).toBe(201);
    const answer = (await response.json()) as { reference: string };
    expect(answer.reference).toMatch(/^RD-\d{2}-\d{5}$/);
    const rows = await harness.query<{ reference: string }>('SELECT reference FROM contact_messages WHERE email = ?', [
      'ngozi.eze@example.ng',
    ]);
    expect(rows).toEqual([{ reference: answer.reference }]);
    const mail = await harness.waitForMail('ngozi.eze@example.ng');
    expect(mail.subject).toContain(answer.reference);
  });

  it("answers a refusal made in the worker as the route would: a spent question's token is 400 under its field", async () => {
    const body = await answered(visitor('twice@example.ng'));
    expect((await post(body)).status).toBe(201);
    const again = await post(body);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({
      success: false,
      errors: { [HUMAN_CHECK_FIELDS.answer]: API_MESSAGES.HUMAN_CHECK_EXPIRED },
    });
  });

  it('a double tap (five at once with one key) makes one enquiry and five equal answers', async () => {
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(visitor('double.tap@example.ng'), { 'Idempotency-Key': key })),
    );
    const bodies = await Promise.all(answers.map((answer) => answer.json() as Promise<{ reference: string }>));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(bodies.map((body) => body.reference)).size).toBe(1);
    const rows = await harness.query('SELECT id FROM contact_messages WHERE email = ?', ['double.tap@example.ng']);
    expect(rows).toHaveLength(1);
  });
});
