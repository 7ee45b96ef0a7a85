import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseRateLimit } from '../config/rate-limit';
import { START_TIME } from '../test/test-context';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { createRateLimiter, type RateVerdict } from './rate-limiter';

// rate-limiter-flexible reads Date.now(); held still, windows end exactly when the test says.
vi.useFakeTimers({ toFake: ['Date'], now: START_TIME });

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
  vi.useRealTimers();
});

const MINUTE_MS = 60_000;
const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);

async function consumeTimes(consume: () => Promise<RateVerdict>, times: number): Promise<RateVerdict[]> {
  const verdicts: RateVerdict[] = [];
  for (let index = 0; index < times; index += 1) verdicts.push(await consume());
  return verdicts;
}

describe('a rate limiter', () => {
  it('with two windows refuses when either is full, and says how long until the fuller one ends', async () => {
    const limiter = createRateLimiter(database.db, 'two-windows', parseRateLimit('2/1m,3/1h'));
    const first = await consumeTimes(() => limiter.consume('client'), 3);
    expect(first).toEqual([{ allowed: true }, { allowed: true }, { allowed: false, retryAfterSeconds: 60 }]);

    advance(MINUTE_MS);
    // The minute is new, but the hour already holds three attempts (the refused one counts too).
    expect(await limiter.consume('client')).toEqual({ allowed: false, retryAfterSeconds: 59 * 60 });
    expect(await limiter.consume('someone else')).toEqual({ allowed: true });
  });

  it('a refund gives one attempt back and a clear forgets them all', async () => {
    const limiter = createRateLimiter(database.db, 'refund', parseRateLimit('2/1m'));
    await consumeTimes(() => limiter.consume('client'), 2);
    await limiter.refund('client');
    expect(await limiter.consume('client')).toEqual({ allowed: true });
    expect(await limiter.consume('client')).toMatchObject({ allowed: false });
    await limiter.clear('client');
    expect(await consumeTimes(() => limiter.consume('client'), 2)).toEqual([{ allowed: true }, { allowed: true }]);
  });

  it('once refused, a subject is refused from memory until its window ends, without waiting on the database', async () => {
    const limiter = createRateLimiter(database.db, 'flood', parseRateLimit('3/1m'));
    const verdicts = await consumeTimes(() => limiter.consume('flooder'), 4);
    expect(verdicts.at(-1)).toEqual({ allowed: false, retryAfterSeconds: 60 });
    advance(30_000);
    // The counts are held by another writer (SQLite's one connection, or the counts' rows locked on MySQL): a count
    // would wait for it, a refusal from memory does not.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = database.db.transaction().execute(async (trx) => {
      if (database.dialect === 'mysql') {
        await trx.selectFrom('rate_limits').select('key').where('key', 'like', 'flood:%').forUpdate().execute();
      }
      locked();
      await held;
    });
    await isLocked;
    const waited = new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 1_000));
    const flood = await Promise.race([consumeTimes(() => limiter.consume('flooder'), 50), waited]);
    release();
    await holder;
    expect(flood).not.toBe('waited');
    expect(flood).toEqual(Array.from({ length: 50 }, () => ({ allowed: false, retryAfterSeconds: 30 })));
    // Another subject is counted as ever, and the flooder is let in again when the window ends.
    expect(await limiter.consume('neighbour')).toEqual({ allowed: true });
    advance(30_000);
    expect(await limiter.consume('flooder')).toEqual({ allowed: true });
  });

  it('rows of ended windows are deleted when a new window starts', async () => {
    const limiter = createRateLimiter(database.db, 'cleanup', parseRateLimit('5/1m'));
    await limiter.consume('old subject');
    advance(2 * MINUTE_MS);
    await limiter.consume('new subject');
    const keys = await database.db.selectFrom('rate_limits').select('key').where('key', 'like', 'cleanup:%').execute();
    expect(keys).toHaveLength(1);
  });

  it('a count made while another request holds a transaction that then rolls back is kept', async () => {
    const limiter = createRateLimiter(database.db, 'beside-transaction', parseRateLimit('1/1m'));
    let counted: Promise<RateVerdict> | undefined;
    const rolledBack = database.db.transaction().execute(async (trx) => {
      await trx.insertInto('rate_limits').values({ key: 'in-the-transaction', points: 1, expire: null }).execute();
      counted = limiter.consume('client');
      await new Promise((resolve) => setTimeout(resolve, 50));
      throw new Error('rolled back');
    });
    await expect(rolledBack).rejects.toThrow('rolled back');
    expect(await counted).toEqual({ allowed: true });
    expect(await limiter.consume('client')).toMatchObject({ allowed: false });
  });

  it('200 simultaneous attempts are allowed exactly as often as the limit says', async () => {
    const limiter = createRateLimiter(database.db, 'concurrent', parseRateLimit('7/1m'));
    const verdicts = await Promise.all(Array.from({ length: 200 }, () => limiter.consume('client')));
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(7);
  });

  it('with no window (off) allows everything and stores nothing', async () => {
    const limiter = createRateLimiter(database.db, 'off', parseRateLimit('off'));
    expect(await consumeTimes(() => limiter.consume('client'), 50)).toEqual(Array(50).fill({ allowed: true }));
    const keys = await database.db.selectFrom('rate_limits').select('key').where('key', 'like', 'off:%').execute();
    expect(keys).toEqual([]);
  });
});
