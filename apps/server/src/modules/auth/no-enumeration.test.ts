import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@agency/shared';
import { createTestContext, registerAndConfirm, type TestContext } from '../../test/test-context';

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
  await registerAndConfirm(context, 'owner@agency.test');
  // The loopback SMTP sink parses each mail in this process; stopped, it cannot slow the answers it would follow.
  await context.sender.stop();
});

afterAll(async () => {
  await context.close();
});

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function timedReset(email: string): Promise<number> {
  const started = performance.now();
  const response = await request(context.app).post(API_PATHS.RESET_REQUEST).send({ email });
  const elapsed = performance.now() - started;
  expect(response.status).toBe(200);
  return elapsed;
}

describe('reset requests do not tell which addresses have an account', () => {
  it('known and unknown addresses get the same answer after the same time (100 samples each)', async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    // One at a time, as an attacker probing one address would; alternating, so both see the same machine.
    for (let index = 0; index < 100; index += 1) {
      known.push(await timedReset('owner@agency.test'));
      unknown.push(await timedReset(`nobody-${index}@example.ng`));
    }
    const difference = median(known) - median(unknown);
    console.log(
      `reset timing: median known ${median(known).toFixed(1)} ms, unknown ${median(unknown).toFixed(1)} ms, difference ${difference.toFixed(1)} ms (100 samples each)`,
    );
    expect(median(known)).toBeGreaterThanOrEqual(context.config.resetAnswerMs);
    expect(median(unknown)).toBeGreaterThanOrEqual(context.config.resetAnswerMs);
    expect(Math.abs(difference)).toBeLessThan(2);

    const answers = await Promise.all(
      ['owner@agency.test', 'someone-else@example.ng'].map((email) =>
        request(context.app).post(API_PATHS.RESET_REQUEST).send({ email }),
      ),
    );
    expect(answers[0]?.body).toEqual(answers[1]?.body);
  });
});
