import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@agency/shared';
import { createTestContext } from '../../test/test-context';

/**
 * Redocly CLI's lint of the document the server builds, with the repository's redocly.yaml (docs/decisions/0029).
 * The CLI rather than its library: @redocly/openapi-core says its interfaces are for Redocly's own use, and the CLI
 * is what a person runs by hand (`npx redocly lint`). Nothing reaches the network: telemetry and the update check
 * are off.
 */

const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const REDOCLY = path.join(REPO_ROOT, 'node_modules/.bin/redocly');
const CONFIG = path.join(REPO_ROOT, 'redocly.yaml');
/** A production address: Redocly warns about a server on localhost, which is what a test's APP_URL would give. */
const APP_URL = 'https://www.rendezvousdigital.ng';

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: Array<{ pointer: string }>;
}

const run = promisify(execFile);

/** Lints a document file; Redocly exits 1 when it finds an error, and its JSON report says which either way. */
async function lint(file: string): Promise<Problem[]> {
  const answer = await run(REDOCLY, ['lint', file, '--config', CONFIG, '--format', 'json'], {
    cwd: REPO_ROOT,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    timeout: 60_000,
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: unknown) => {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    if (!stdout?.trim().startsWith('{')) throw new Error(`redocly did not report: ${stderr ?? String(error)}`);
    return { stdout };
  });
  return (JSON.parse(answer.stdout) as { problems: Problem[] }).problems;
}

const listed = (problems: Problem[]) =>
  problems.map(({ ruleId, message, location }) => `${ruleId} at ${location[0]?.pointer ?? '?'}: ${message}`);

let directory: string;
let document: Record<string, unknown>;
let problems: Problem[];

beforeAll(async () => {
  // The document as the app serves it: the operations of the routes it declared (docs/decisions/0035).
  const context = await createTestContext({ config: { appUrl: APP_URL } });
  try {
    document = (await request(context.app).get(API_PATHS.OPENAPI).expect(200)).body as Record<string, unknown>;
  } finally {
    await context.close();
  }
  directory = await mkdtemp(path.join(tmpdir(), 'openapi-lint-'));
  const file = path.join(directory, 'openapi.json');
  await writeFile(file, JSON.stringify(document, null, 2));
  problems = await lint(file);
}, 90_000);

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('Redocly lint of the OpenAPI document', () => {
  it('finds no error', () => {
    const errors = problems.filter((problem) => problem.severity === 'error');
    expect(listed(errors), listed(errors).join('\n')).toEqual([]);
  });

  it('finds no warning either', () => {
    const warnings = problems.filter((problem) => problem.severity === 'warn');
    expect(listed(warnings), listed(warnings).join('\n')).toEqual([]);
  });

  it('reports a broken document, so the two checks above can fail', async () => {
    const file = path.join(directory, 'broken.json');
    const { servers: _servers, ...withoutServers } = document;
    await writeFile(file, JSON.stringify(withoutServers));
    expect(listed(await lint(file))).toContainEqual(expect.stringMatching(/^no-empty-servers /));
  });
});
