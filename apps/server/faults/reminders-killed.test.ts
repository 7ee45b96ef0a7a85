import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WEEKDAYS } from '@agency/shared';
import { createFreshDatabase, findFreePort, startSmtpSink } from '@agency/testing';
import { describe, expect, it, onTestFinished } from 'vitest';
import { confirmFromMail, register, submitContact } from './harness/api';
import { waitUntil } from './harness/child-process';
import { startServer, type ServerProcess } from './harness/server-process';

const OWNER = 'owner@agency.test';
const ENQUIRIES = 30;
/** Due times spread over this stretch from the start, the escalations after the reminders. */
const SPREAD_MS = 24_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue 21 item 3 on real processes and the real clock: two server processes on one SQLite file, each running the
 * reminder job as it starts, one killed (SIGKILL) while the reminders fall due and started again. Every reminder and
 * escalation reaches the SMTP sink exactly once, within 60 s of its due time.
 */
describe('when an instance is killed while reminders fall due', () => {
  it('every reminder and escalation is mailed once, within 60 s, by two instances on one database', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-fault-data-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const sink = await startSmtpSink();
    onTestFinished(() => sink.close());
    const ports = [await findFreePort(), await findFreePort()];
    const start = (port: number) =>
      startServer({ port, env: { DATA_DIR: dataDir, SMTP_URL: sink.url, MAIL_RETRY_BASE_SECONDS: '1' } });
    const servers: ServerProcess[] = [];
    for (const port of ports) {
      const server = await start(port);
      servers.push(server);
    }
    onTestFinished(async () => {
      for (const server of servers) await server.stop();
    });
    const [a, b] = servers.map((server) => server.baseUrl) as [string, string];
    const database = await createFreshDatabase('sqlite', { dataDir });
    onTestFinished(() => database.drop());

    // The installation's first account is the owner: told of every unassigned reminder and every escalation.
    expect((await register(a, OWNER)).status).toBe(201);
    await confirmFromMail(b, sink, OWNER);
    // Open around the clock, so the test does not depend on the hour it runs at.
    const allDay = Object.fromEntries(WEEKDAYS.map((weekday) => [weekday, [{ start: '00:00', end: '24:00' }]]));
    await database.query(
      'insert into business_calendar (id, settings, updated_by, updated_at) values (1, ?, null, ?)',
      [JSON.stringify({ hours: allDay, addedDays: [], removedDays: [] }), Date.now()],
    );

    const answers = await Promise.all(
      Array.from({ length: ENQUIRIES }, (_, i) => submitContact(i % 2 === 0 ? a : b, i + 1)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(ENQUIRIES).fill(201));
    const rows = await database.query<{ id: number; reference: string }>(
      'select id, reference from enquiries order by id',
    );
    const startAt = Date.now() + 2_000;
    const due = new Map<number, { remindAt: number; dueAt: number }>();
    for (const [i, row] of rows.entries()) {
      const remindAt = startAt + Math.floor((i * SPREAD_MS) / (2 * ENQUIRIES));
      const dueAt = remindAt + SPREAD_MS / 2;
      due.set(Number(row.id), { remindAt, dueAt });
      await database.query('update enquiries set remind_at = ?, response_due_at = ? where id = ?', [
        remindAt,
        dueAt,
        row.id,
      ]);
    }

    // Kill A in the middle of the reminders, and again among the escalations; start it again each time.
    for (const at of [SPREAD_MS / 4, (3 * SPREAD_MS) / 4]) {
      await sleep(Math.max(0, startAt + at - Date.now()));
      await servers[0]?.kill();
      await sleep(1_500);
      servers[0] = await start(ports[0] ?? 0);
    }

    const subjects = () =>
      sink.mails.map((mail) => mail.subject ?? '').filter((subject) => /^(Reminder|Overdue): /.test(subject));
    await waitUntil('Not every reminder and escalation arrived', async () => subjects().length >= 2 * ENQUIRIES, {
      timeoutMs: SPREAD_MS + 60_000,
      intervalMs: 250,
    });
    // Long enough for a second copy to have arrived.
    await sleep(3_000);
    const received = subjects();
    for (const row of rows) {
      expect(
        received.filter((subject) => subject.startsWith(`Reminder: ${row.reference} `)),
        row.reference,
      ).toHaveLength(1);
      expect(
        received.filter((subject) => subject.startsWith(`Overdue: ${row.reference} `)),
        row.reference,
      ).toHaveLength(1);
    }
    expect(received).toHaveLength(2 * ENQUIRIES);

    const queued = await database.query<{ enquiry_id: number; purpose: string; created_at: number; sent_at: number }>(
      "select enquiry_id, purpose, created_at, sent_at from outbox where purpose in ('response-reminder', 'response-escalation')",
    );
    expect(queued).toHaveLength(2 * ENQUIRIES);
    let latest = 0;
    for (const mail of queued) {
      const times = due.get(Number(mail.enquiry_id));
      const dueAt = mail.purpose === 'response-reminder' ? times?.remindAt : times?.dueAt;
      const late = Number(mail.created_at) - (dueAt ?? 0);
      expect(late).toBeGreaterThanOrEqual(0);
      expect(late).toBeLessThanOrEqual(60_000);
      latest = Math.max(latest, late);
    }
    console.log(
      `[faults] reminders: ${ENQUIRIES} enquiries, ${received.length} mails through two instances and two kills, ` +
        `each once, the latest queued ${latest} ms after its due time`,
    );
  }, 150_000);
});
