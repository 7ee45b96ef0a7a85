import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFreshDatabase, findFreePort, startSmtpSink } from '@agency/testing';
import { describe, expect, it, onTestFinished } from 'vitest';
import { submitContact, visitorEmail } from './harness/api';
import { waitUntil } from './harness/child-process';
import { duplicateCount, readOutbox, tallyMails } from './harness/mail-ledger';
import { startServer, type ServerProcess } from './harness/server-process';

const KILLS = 5;
/** Visitors submitting at once, each one request after another, as fast as the server answers. */
const CLIENTS = 4;
/** Acknowledged submissions a server gives before it is killed, so every kill lands in the middle of the burst. */
const ACKS_PER_LIFE = 15;
const STAFF = 'desk@agency.test';
const SETTLE_MS = 2_500;
const SINK_READ_MS = 200;

type Outcome = 'acknowledged' | 'no answer' | 'not reached' | `status ${number}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The messages of the warning and error lines (pino JSON, level 40 and up) in a server's output. */
function warningsOf(output: string): string[] {
  return output.split('\n').flatMap((line) => {
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { code?: string } };
      return (entry.level ?? 0) >= 40 ? [`${entry.msg ?? ''}${entry.err?.code ? ` (${entry.err.code})` : ''}`] : [];
    } catch {
      return [];
    }
  });
}

function countBy(values: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

describe('when the server is killed (SIGKILL) during a burst of submissions', () => {
  it('every acknowledged enquiry is stored, every queued mail is sent after the restarts, at most one duplicate per kill, and the SQLite file passes integrity_check', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-fault-data-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const sink = await startSmtpSink();
    onTestFinished(() => sink.close());
    const port = await findFreePort();
    const start = () =>
      startServer({
        port,
        env: {
          DATA_DIR: dataDir,
          SMTP_URL: sink.url,
          MAIL_RETRY_BASE_SECONDS: '1',
          // The shortest lease: a mail the killed process held is taken over 5 s after its claim.
          MAIL_LEASE_SECONDS: '5',
          STAFF_NOTIFY_EMAIL: STAFF,
        },
      });
    let server: ServerProcess = await start();
    onTestFinished(() => server.stop());
    const database = await createFreshDatabase('sqlite', { dataDir });
    onTestFinished(() => database.drop());
    const integrity = async () =>
      (await database.query<{ integrity_check: string }>('pragma integrity_check')).map((row) => row.integrity_check);

    const outcomes = new Map<number, Outcome>();
    const acknowledged = () => [...outcomes.values()].filter((outcome) => outcome === 'acknowledged').length;
    let visitors = 0;
    let inFlight = 0;
    let bursting = true;
    const visitor = async () => {
      while (bursting) {
        visitors += 1;
        const n = visitors;
        inFlight += 1;
        try {
          const answer = await submitContact(server.baseUrl, n, 10_000);
          outcomes.set(n, answer.status === 201 ? 'acknowledged' : `status ${answer.status}`);
        } catch (error) {
          // Refused: no server was listening (killed, not restarted yet). Otherwise killed under the request: the
          // visitor saw no answer, though the enquiry may have been stored.
          const refused = (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';
          outcomes.set(n, refused ? 'not reached' : 'no answer');
          await sleep(50);
        } finally {
          inFlight -= 1;
        }
      }
    };
    const burst = Array.from({ length: CLIENTS }, visitor);
    /** Waits until the running server has acknowledged ACKS_PER_LIFE more submissions. */
    const burstGoesOn = async (life: string) => {
      const target = acknowledged() + ACKS_PER_LIFE;
      await waitUntil(`The server (${life}) acknowledged too few submissions`, async () => acknowledged() >= target, {
        timeoutMs: 20_000,
        intervalMs: 20,
      }).catch((error: Error) => {
        const seen: Record<string, number> = {};
        for (const outcome of outcomes.values()) seen[outcome] = (seen[outcome] ?? 0) + 1;
        throw new Error(`${error.message} Outcomes so far: ${JSON.stringify(seen)}\n${server.recentOutput()}`, {
          cause: error,
        });
      });
    };

    // Where the sink's list stood between each dead process and the next, to tell which kill a second copy followed.
    const killMarks: number[] = [];
    const inFlightAtKill: number[] = [];
    const integrityAfterKill: string[][] = [];
    const acceptedUnmarkedAtKill: number[] = [];
    const countedUnmarked = new Set<string>();
    const serverWarnings: string[] = [];
    try {
      for (let kill = 1; kill <= KILLS; kill += 1) {
        await burstGoesOn(`life ${kill}`);
        // A random moment, so the kill meets requests and mails at every stage.
        await sleep(Math.floor(Math.random() * 150));
        inFlightAtKill.push(inFlight);
        await server.kill();
        // A mail whose data reached the sink just before the kill is still being read there.
        await sleep(SINK_READ_MS);
        killMarks.push(sink.mails.length);
        integrityAfterKill.push(await integrity());
        // Mails the SMTP server has but the dead process had not marked sent: the copies the next one will resend.
        const arrived = new Set(sink.mails.map((mail) => mail.messageId?.trim()));
        const unmarked = (await readOutbox(database)).filter(
          (row) => row.status !== 'sent' && arrived.has(row.message_id) && !countedUnmarked.has(row.message_id),
        );
        for (const row of unmarked) countedUnmarked.add(row.message_id);
        acceptedUnmarkedAtKill.push(unmarked.length);
        serverWarnings.push(...warningsOf(server.recentOutput()));
        server = await start();
      }
      await burstGoesOn('the last life');
    } finally {
      bursting = false;
      await Promise.all(burst);
    }

    // The killed processes' claims run out (5 s) and the last server sends what they held.
    await waitUntil(
      'Not every queued mail was sent after the restarts',
      async () => {
        const rows = await readOutbox(database);
        return rows.every((row) => row.status === 'sent') && tallyMails(rows, sink.mails).lost.length === 0;
      },
      { timeoutMs: 40_000, intervalMs: 250 },
    ).catch(async (error: Error) => {
      const rows = await readOutbox(database);
      const unsent = countBy(rows.filter((row) => row.status !== 'sent').map((row) => row.status));
      const { lost } = tallyMails(rows, sink.mails);
      throw new Error(
        `${error.message} Of ${rows.length} mails: ${JSON.stringify(unsent)} not sent, ${lost.length} lost.`,
        {
          cause: error,
        },
      );
    });
    await sleep(SETTLE_MS);
    await server.stop();
    serverWarnings.push(...warningsOf(server.recentOutput()));

    const enquiries = await database.query<{ id: number; email: string }>(
      `select id, email from enquiries where kind = 'contact' order by id`,
    );
    const stored = enquiries.map((row) => row.email);
    const emailOf = new Map(enquiries.map((row) => [Number(row.id), row.email]));
    const rows = await readOutbox(database);
    const tally = tallyMails(rows, sink.mails);
    // A second copy follows the kill that came between it and the copy before it.
    const duplicatesPerKill = killMarks.map(() => 0);
    const withoutKill: string[] = [];
    for (const { messageId, positions } of tally.duplicates) {
      for (const [index, position] of positions.slice(1).entries()) {
        const previous = positions[index] ?? 0;
        const kill = killMarks.findIndex((mark) => mark > previous && mark <= position);
        if (kill < 0) withoutKill.push(`${messageId} at ${previous} and ${position}`);
        else duplicatesPerKill[kill] = (duplicatesPerKill[kill] ?? 0) + 1;
      }
    }
    const finalIntegrity = await integrity();
    const counts = (outcome: string) => [...outcomes.values()].filter((value) => value.startsWith(outcome)).length;
    // Printed before the checks, so a failing run still gives its figures.
    console.log(
      `[faults] SIGKILL x${KILLS}: ${outcomes.size - counts('not reached')} submissions reached a server, ` +
        `${counts('acknowledged')} acknowledged, ${counts('no answer')} cut off by a kill, ` +
        `${counts('status')} answered otherwise; ${stored.length} stored; requests in flight at each kill ` +
        `${JSON.stringify(inFlightAtKill)}; ${rows.length} mails queued: mails lost ${tally.lost.length}, ` +
        `duplicates ${duplicateCount(tally)}, duplicates per kill ${JSON.stringify(duplicatesPerKill)} ` +
        `(mails accepted by SMTP but not marked sent at each kill ${JSON.stringify(acceptedUnmarkedAtKill)}); ` +
        `integrity_check after each kill ${JSON.stringify(integrityAfterKill)}, at the end ${JSON.stringify(finalIntegrity)}; ` +
        `server warnings ${JSON.stringify(countBy(serverWarnings))}`,
    );

    const acknowledgedVisitors = [...outcomes].filter(([, outcome]) => outcome === 'acknowledged').map(([n]) => n);
    expect(acknowledgedVisitors.map(visitorEmail).filter((email) => !stored.includes(email))).toEqual([]);
    // Each enquiry once (a visitor sends once), and with its notification queued in the same transaction.
    expect(new Set(stored).size).toBe(stored.length);
    expect(
      rows
        .filter((row) => row.recipient === STAFF)
        // The notification is tied to its enquiry (it has no Reply-To since docs/decisions/0046).
        .map((row) => emailOf.get(Number(row.enquiry_id)))
        .sort(),
    ).toEqual([...stored].sort());
    expect(rows.filter((row) => row.status !== 'sent')).toEqual([]);
    expect(tally.lost).toEqual([]);
    expect(tally.strangers).toEqual([]);
    expect(withoutKill, 'copies of a mail with no kill between them').toEqual([]);
    expect(Math.max(...duplicatesPerKill), 'duplicates caused by one kill').toBeLessThanOrEqual(1);
    expect(integrityAfterKill).toEqual(killMarks.map(() => ['ok']));
    expect(finalIntegrity).toEqual(['ok']);
  }, 75_000);
});
