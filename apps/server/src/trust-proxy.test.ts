import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { describe, expect, it, onTestFinished } from 'vitest';
import { MESSAGE_KIND_PATHS } from '@agency/shared';
import { createFreshDatabase, findFreePort, testDatabaseKind } from '@agency/testing';
import { DEFAULT_LIMITS, trustProxyWarning, type AppConfig } from './config/config';
import { parseRateLimit } from './config/rate-limit';
import { VALID_SUBMISSIONS } from './test/fixtures';
import { createTestContext } from './test/test-context';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

/** The real server (src/server.ts through tsx) until it listens; its log lines. */
async function startLines(env: Record<string, string>): Promise<string[]> {
  const database = await createFreshDatabase(testDatabaseKind());
  onTestFinished(() => database.drop());
  const port = await findFreePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      DATA_DIR: database.dataDir,
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  onTestFinished(async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  });
  const lines: string[] = [];
  const collect = (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const deadline = Date.now() + 30_000;
  while (!lines.some((line) => line.includes('listening on'))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${lines.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return lines;
}

const warningLines = (lines: string[]) => lines.filter((line) => line.includes('TRUST_PROXY trusts every proxy'));

describe('TRUST_PROXY', () => {
  it('set to true: the server warns at start that a forged X-Forwarded-For passes every per-address limit', async () => {
    const lines = await startLines({ TRUST_PROXY: 'true' });
    expect(warningLines(lines)).toHaveLength(1);
    expect(warningLines(lines)[0]).toContain('pass every per-address limit');
  });

  it('set to a hop count: the server starts without the warning', async () => {
    expect(warningLines(await startLines({ TRUST_PROXY: '1' }))).toEqual([]);
  });

  it('warns for true and for every address range, not for hop counts or named proxies', () => {
    expect(trustProxyWarning(true)).toBeDefined();
    expect(trustProxyWarning('10.0.0.1, 0.0.0.0/0')).toBeDefined();
    expect(trustProxyWarning('::/0')).toBeDefined();
    for (const safe of [undefined, false, 1, 2, '10.0.0.5', 'loopback, 10.0.0.0/8']) {
      expect(trustProxyWarning(safe), String(safe)).toBeUndefined();
    }
  });

  /** Three submissions through one proxy from one client, each with another forged address in front. */
  async function forgedSubmissions(trustProxy: AppConfig['trustProxy']): Promise<number[]> {
    const context = await createTestContext({
      config: {
        trustProxy,
        limits: { ...DEFAULT_LIMITS, register: [], resetMail: [], resetRequest: [], form: parseRateLimit('2/1h') },
      },
    });
    onTestFinished(() => context.close());
    const statuses: number[] = [];
    for (const forged of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      // The client wrote the first address; the proxy (the loopback connection) appended the one it saw.
      const answer = await request(context.app)
        .post(MESSAGE_KIND_PATHS.contact.submit)
        .set('X-Forwarded-For', `${forged}, 203.0.113.7`)
        .send(VALID_SUBMISSIONS.contact);
      statuses.push(answer.status);
      if (answer.status === 429) expect(answer.headers['retry-after']).toBeDefined();
    }
    return statuses;
  }

  it('set to 1: a forged extra X-Forwarded-For address does not pass the form limit', async () => {
    expect(await forgedSubmissions(1)).toEqual([201, 201, 429]);
  });

  it('set to true: the same forged addresses pass it, which is why the server warns', async () => {
    expect(await forgedSubmissions(true)).toEqual([201, 201, 201]);
  });
});
