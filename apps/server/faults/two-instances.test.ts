import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_PATHS, ENQUIRY_KINDS } from '@agency/shared';
import { createFreshDatabase, findFreePort, startSmtpSink } from '@agency/testing';
import { describe, expect, it, onTestFinished } from 'vitest';
import { PNG_IMAGE } from '../src/test/images';
import { call, confirmFromMail, register, signIn, submitContact, visitorEmail } from './harness/api';
import { waitUntil } from './harness/child-process';
import { duplicateCount, readOutbox, tallyMails } from './harness/mail-ledger';
import { startServer } from './harness/server-process';

const OWNER = 'owner@agency.test';
const SUBMISSIONS = 20;
/** Longer than two polls of each sender (1 s): a mail sent by both would have arrived twice by then. */
const SETTLE_MS = 2_500;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('two server processes on one MariaDB database', () => {
  it('20 submissions through both give exactly 20 staff mails, and a session and a profile image made on one work on the other', async () => {
    const database = await createFreshDatabase('mysql');
    onTestFinished(() => database.drop());
    // Each process has a DATA_DIR of its own, as two machines would: what they share is only the database.
    const dataDirs = [database.dataDir, mkdtempSync(path.join(tmpdir(), 'rd-fault-data-'))];
    onTestFinished(() => rmSync(dataDirs[1] ?? '', { recursive: true, force: true }));
    const sink = await startSmtpSink();
    onTestFinished(() => sink.close());
    const servers = [];
    for (const dataDir of dataDirs) {
      const server = await startServer({
        port: await findFreePort(),
        env: {
          DATA_DIR: dataDir,
          DATABASE_URL: database.databaseUrl ?? '',
          SMTP_URL: sink.url,
          MAIL_RETRY_BASE_SECONDS: '1',
        },
      });
      onTestFinished(() => server.stop());
      servers.push(server);
    }
    const [a, b] = servers.map((server) => server.baseUrl) as [string, string];

    // The installation's first account (staff, so it is told of every enquiry), registered on A with a picture,
    // confirmed on B, signed in on A.
    expect((await register(a, OWNER, await PNG_IMAGE())).status).toBe(201);
    await confirmFromMail(b, sink, OWNER);
    const cookie = await signIn(a, OWNER);

    const sessionOnB = await call(b, API_PATHS.SESSION_CHECK, { headers: { Cookie: cookie } });
    expect(sessionOnB.body).toMatchObject({ success: true, user: { email: OWNER } });
    const imageName = String((sessionOnB.body?.user as { profile_image?: unknown }).profile_image);
    expect(imageName).toMatch(/\.(png|jpe?g|webp)$/);
    const images = await Promise.all(
      [a, b].map(async (baseUrl) => {
        const response = await fetch(`${baseUrl}${API_PATHS.PROFILE_IMAGES}/${imageName}`);
        return { status: response.status, type: response.headers.get('content-type'), bytes: await response.bytes() };
      }),
    );
    expect(images.map((image) => image.status)).toEqual([200, 200]);
    expect(images[1]?.type).toMatch(/^image\//);
    expect(Buffer.from(images[1]?.bytes ?? []).equals(Buffer.from(images[0]?.bytes ?? []))).toBe(true);
    // Neither process keeps the picture as a file: B could not have read A's.
    expect(dataDirs.flatMap(filesUnder).filter((file) => file.includes(imageName))).toEqual([]);

    const answers = await Promise.all(
      Array.from({ length: SUBMISSIONS }, (_, i) => submitContact(i % 2 === 0 ? a : b, i + 1)),
    );
    expect(
      answers.map((answer) => answer.status),
      servers.map((server) => server.recentOutput()).join('\n'),
    ).toEqual(Array<number>(SUBMISSIONS).fill(201));

    const isNotification = (recipients: string[]) => recipients.includes(OWNER);
    // A notification names its visitor in its text (it has no Reply-To since docs/decisions/0046).
    const visitors = Array.from({ length: SUBMISSIONS }, (_, i) => visitorEmail(i + 1));
    const visitorOf = (mail: { text?: string }) => visitors.find((email) => mail.text?.includes(email));
    const notifications = () => sink.mails.filter((mail) => isNotification(mail.recipients) && visitorOf(mail));
    await waitUntil('Not every staff notification arrived', async () => notifications().length >= SUBMISSIONS, {
      timeoutMs: 30_000,
      intervalMs: 200,
    });
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

    const received = notifications();
    expect(received).toHaveLength(SUBMISSIONS);
    expect(received.map(visitorOf).sort()).toEqual(
      Array.from({ length: SUBMISSIONS }, (_, i) => visitorEmail(i + 1)).sort(),
    );
    const rows = await readOutbox(database);
    const tally = tallyMails(rows, sink.mails);
    expect(tally.lost).toEqual([]);
    expect(tally.duplicates).toEqual([]);
    expect(tally.strangers).toEqual([]);

    // The session made on A reads, on B, the enquiries that went in through both.
    const listOnB = await call(b, ENQUIRY_KINDS.contact.paths.list, { headers: { Cookie: cookie } });
    expect(listOnB.status).toBe(200);
    expect((listOnB.body?.messages as unknown[]).length).toBe(SUBMISSIONS);
    console.log(
      `[faults] two instances: ${SUBMISSIONS} submissions through both, ${received.length} staff mails ` +
        `(${rows.length} mails queued in all): mails lost ${tally.lost.length}, duplicates ${duplicateCount(tally)}; ` +
        'session and profile image made on A served by B',
    );
  }, 45_000);
});
