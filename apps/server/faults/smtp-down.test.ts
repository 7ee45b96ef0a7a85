import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFreshDatabase, findFreePort, startSmtpSink } from '@agency/testing';
import { describe, expect, it, onTestFinished } from 'vitest';
import { register, submitContact, visitorEmail, type Answer } from './harness/api';
import { waitUntil } from './harness/child-process';
import { duplicateCount, readOutbox, tallyMails } from './harness/mail-ledger';
import { startServer } from './harness/server-process';

const STAFF = ['desk@agency.test', 'owner@agency.test'];
const NEWCOMER = 'newcomer@example.ng';
const SUBMISSIONS = 5;
/** Longer than two polls of the sender (1 s): a copy sent twice would have arrived by then. */
const SETTLE_MS = 2_500;

describe('when the SMTP server is down', () => {
  it('a registration and five submissions answer 2xx, and every mail arrives exactly once after the SMTP server starts', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-fault-data-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    // Nothing listens here until the sink starts on it.
    const smtpPort = await findFreePort();
    const server = await startServer({
      port: await findFreePort(),
      env: {
        DATA_DIR: dataDir,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_RETRY_BASE_SECONDS: '1',
        STAFF_NOTIFY_EMAIL: STAFF.join(','),
      },
    });
    onTestFinished(() => server.stop());
    const database = await createFreshDatabase('sqlite', { dataDir });
    onTestFinished(() => database.drop());

    const answers: Answer[] = [await register(server.baseUrl, NEWCOMER)];
    for (let n = 1; n <= SUBMISSIONS; n += 1) answers.push(await submitContact(server.baseUrl, n));
    expect(answers.map((answer) => answer.status)).toEqual([201, ...Array<number>(SUBMISSIONS).fill(201)]);

    // Every mail has been tried and refused at least once before the mail server appears: the confirmation, the
    // staff notifications, and whatever else the requests queued (the visitors' auto-replies).
    const ours = (recipients: string[]) => recipients.some((recipient) => [NEWCOMER, ...STAFF].includes(recipient));
    const expectedOurs = 1 + SUBMISSIONS * STAFF.length;
    await waitUntil(
      'The sender did not try every mail while SMTP was down',
      async () => {
        const rows = await readOutbox(database);
        const queued = rows.filter((row) => ours([row.recipient])).length;
        return queued === expectedOurs && rows.every((row) => row.attempts >= 1);
      },
      { timeoutMs: 15_000 },
    ).catch(async (error: Error) => {
      throw new Error(`${error.message} Outbox: ${JSON.stringify(await readOutbox(database))}`, { cause: error });
    });
    const beforeSink = await readOutbox(database);
    expect(beforeSink.every((row) => row.status === 'pending')).toBe(true);
    const refusedAttempts = beforeSink.reduce((sum, row) => sum + row.attempts, 0);

    const sink = await startSmtpSink({ port: smtpPort });
    onTestFinished(() => sink.close());
    const sinkStarted = Date.now();
    await waitUntil(
      'Not every mail was sent after the SMTP server started',
      async () => (await readOutbox(database)).every((row) => row.status === 'sent'),
      { timeoutMs: 45_000, intervalMs: 200 },
    );
    const deliveredAfterMs = Date.now() - sinkStarted;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

    const rows = await readOutbox(database);
    const tally = tallyMails(rows, sink.mails);
    expect(tally.lost).toEqual([]);
    expect(tally.duplicates).toEqual([]);
    expect(tally.strangers).toEqual([]);
    // Sent by a retry, not by a first try that only looked refused.
    expect(rows.filter((row) => row.attempts < 2)).toEqual([]);
    // The right mails to the right people: one confirmation, and each staff address told of each visitor once.
    const received = sink.mails
      .filter((mail) => ours(mail.recipients))
      // A staff notification names its visitor in its text (it has no Reply-To since docs/decisions/0046).
      .map((mail) => {
        const visitor = Array.from({ length: SUBMISSIONS }, (_, i) => visitorEmail(i + 1)).find((email) =>
          mail.text?.includes(email),
        );
        return `${mail.recipients.join(',')} <- ${visitor ?? '-'}`;
      });
    const expected = [
      `${NEWCOMER} <- -`,
      ...STAFF.flatMap((staff) => Array.from({ length: SUBMISSIONS }, (_, i) => `${staff} <- ${visitorEmail(i + 1)}`)),
    ];
    expect(received.sort()).toEqual(expected.sort());
    console.log(
      `[faults] SMTP down: ${answers.length} requests answered 2xx (slowest ${Math.max(...answers.map((a) => a.ms))} ms), ` +
        `${refusedAttempts} refused SMTP attempts; after the SMTP server started all ${rows.length} mails were sent ` +
        `within ${deliveredAfterMs} ms: mails lost ${tally.lost.length}, duplicates ${duplicateCount(tally)}`,
    );
  }, 45_000);
});
