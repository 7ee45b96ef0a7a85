import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ENQUIRY_KINDS, STAFF_ADMIN_PATHS } from '@agency/shared';
import { findFreePort, startSmtpSink } from '@agency/testing';
import { describe, expect, it, onTestFinished } from 'vitest';
import { SQLITE_FILE_NAME } from '../src/lib/db';
import { VALID_SUBMISSIONS } from '../src/test/fixtures';
import { call, confirmFromMail, register, signIn, submitContact } from './harness/api';
import { startServer } from './harness/server-process';

/** A person no fixture or template shares a word with. */
const PERSON = { name: 'Zanzibarqq Flumox', email: 'zanzibarqq.flumox@example.ng', phone: '0803 666 2211' };
const TRACES = ['zanzibarqq', 'flumox', '6662211', '666 2211'];

function tracesIn(bytes: Buffer): Record<string, number> {
  const text = bytes.toString('latin1').toLowerCase();
  return Object.fromEntries(TRACES.map((trace) => [trace, text.split(trace).length - 1]));
}

describe('an erasure on the running server (SQLite, visitors submitting meanwhile)', () => {
  it('leaves no byte of the person in agency.sqlite, its -wal or its -shm', async () => {
    const sink = await startSmtpSink();
    onTestFinished(() => sink.close());
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-erasure-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const server = await startServer({
      port: await findFreePort(),
      env: { DATA_DIR: dataDir, SMTP_URL: sink.url, LOG_LEVEL: 'info' },
    });
    onTestFinished(() => server.stop());
    const { baseUrl } = server;
    expect((await register(baseUrl, 'owner@agency.test')).status).toBe(201);
    await confirmFromMail(baseUrl, sink, 'owner@agency.test');
    const cookie = await signIn(baseUrl, 'owner@agency.test');

    for (let round = 0; round < 6; round += 1) {
      const stored = await call(baseUrl, ENQUIRY_KINDS.contact.paths.submit, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...VALID_SUBMISSIONS.contact, ...PERSON }),
      });
      expect(stored.status).toBe(201);
    }
    // Other visitors keep the server writing (and SQLite checkpointing the log) while the erasure runs.
    let loading = true;
    let visitors = 0;
    const load = (async () => {
      while (loading) {
        visitors += 1;
        expect((await submitContact(baseUrl, visitors)).status).toBe(201);
      }
    })();

    const query = `email=${encodeURIComponent(PERSON.email)}`;
    const found = await call(baseUrl, `${STAFF_ADMIN_PATHS.DATA_REQUEST}?${query}`, { headers: { Cookie: cookie } });
    expect(found.status).toBe(200);
    const erased = await call(baseUrl, STAFF_ADMIN_PATHS.DATA_REQUEST_ERASE, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ email: PERSON.email, expectedRecords: found.body?.totalRecords }),
    });
    expect(erased.status).toBe(200);
    expect(erased.body?.erased).toMatchObject({ enquiries: 6 });
    // A few more submissions after the erasure, then the files are read while the server still runs.
    const after = visitors + 5;
    while (visitors < after) await new Promise((resolve) => setTimeout(resolve, 20));
    loading = false;
    await load;

    const file = path.join(dataDir, SQLITE_FILE_NAME);
    const none = Object.fromEntries(TRACES.map((trace) => [trace, 0]));
    for (const suffix of ['', '-wal', '-shm']) {
      const bytes = existsSync(`${file}${suffix}`) ? readFileSync(`${file}${suffix}`) : Buffer.alloc(0);
      expect(tracesIn(bytes), `agency.sqlite${suffix}`).toEqual(none);
    }
    expect(server.recentOutput()).not.toContain('write-ahead log stayed busy');
    expect(tracesIn(Buffer.from(server.recentOutput()))).toEqual(none);
  });
});
