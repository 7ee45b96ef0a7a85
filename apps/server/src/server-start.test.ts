import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '@agency/shared';
import { createFreshDatabase, findFreePort, type FreshDatabase, testDatabaseKind } from '@agency/testing';
import { outboxDir } from './lib/paths';
import { STRONG_PASSWORD } from './test/test-context';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

let child: ChildProcess | undefined;
let database: FreshDatabase | undefined;

afterEach(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
  await database?.drop();
  child = undefined;
  database = undefined;
});

/** The real server (src/server.ts through tsx), as `npm start` runs it, with its log lines collected. */
async function startServer(env: Record<string, string>) {
  database = await createFreshDatabase(testDatabaseKind());
  const port = await findFreePort();
  const lines: string[] = [];
  const baseUrl = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      APP_URL: baseUrl,
      DATA_DIR: database.dataDir,
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const deadline = Date.now() + 30_000;
  while (!lines.some((line) => line.includes('listening on'))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${lines.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { baseUrl, lines, dataDir: database.dataDir };
}

async function registerThroughApi(baseUrl: string, email: string): Promise<number> {
  const form = new FormData();
  form.set('email', email);
  form.set('password', STRONG_PASSWORD);
  const response = await fetch(`${baseUrl}${API_PATHS.REGISTER}`, { method: 'POST', body: form });
  return response.status;
}

async function waitForMailFile(dataDir: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      if (readdirSync(outboxDir(dataDir)).some((name) => name.endsWith('.eml'))) return;
    } catch {
      // not created yet
    }
    if (Date.now() > deadline) throw new Error('no mail file was written');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the server at start, without SMTP_URL', () => {
  it('in production warns once that mail only goes to files, and never logs a link with a token', async () => {
    const { baseUrl, lines, dataDir } = await startServer({
      NODE_ENV: 'production',
      SESSION_SECRET: 'a-production-secret-of-at-least-32-chars',
    });
    const warnings = lines.filter((line) => line.includes('SMTP_URL is not set'));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0]!)).toMatchObject({ level: 40 });
    expect(await registerThroughApi(baseUrl, 'prod@example.ng')).toBe(201);
    await waitForMailFile(dataDir);
    const mailFile = readdirSync(outboxDir(dataDir)).find((name) => name.endsWith('.eml'));
    expect(mailFile).toBeDefined();
    expect(lines.join('\n')).toContain('mail written to the outbox folder');
    expect(lines.join('\n')).not.toContain('token=');
  });

  it('outside production logs the link, so a local run can follow it, and gives no warning', async () => {
    const { baseUrl, lines, dataDir } = await startServer({});
    expect(lines.some((line) => line.includes('SMTP_URL is not set'))).toBe(false);
    expect(await registerThroughApi(baseUrl, 'local@example.ng')).toBe(201);
    await waitForMailFile(dataDir);
    const deadline = Date.now() + 5_000;
    while (!lines.some((line) => line.includes('confirm-email?token=')) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(lines.some((line) => line.includes('/confirm-email?token='))).toBe(true);
  });
});
