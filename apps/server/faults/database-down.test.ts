import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_MESSAGES, API_PATHS } from '@agency/shared';
import { describe, expect, it, onTestFinished } from 'vitest';
import { call, submitContact, visitorEmail, type Answer } from './harness/api';
import { waitUntil } from './harness/child-process';
import { createOwnMariadb, type OwnMariadb } from './harness/own-mariadb';
import { startServer } from './harness/server-process';
import { findFreePort } from '@agency/testing';

/** Issue 9: a request while the database is away is answered 503 within this. */
const ANSWER_BOUND_MS = 5_000;
/** Issue 9: the server serves again within this of the database's return, without a restart. */
const RECOVERY_BOUND_MS = 30_000;

interface Outage {
  name: string;
  takeDown(): Promise<void>;
  bringBack(): Promise<void>;
}

/**
 * A database host that accepts connections and never answers: a hung server, or a proxy in front of one that is
 * gone. Only the driver's own timeout ends a connection attempt there.
 */
function silentListener(port: number) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  return {
    listen: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function outagesOf(mariadb: OwnMariadb): Outage[] {
  const silent = silentListener(mariadb.port);
  return [
    { name: 'shut down', takeDown: () => mariadb.stop(), bringBack: () => mariadb.start() },
    { name: 'killed (SIGKILL)', takeDown: () => mariadb.kill(), bringBack: () => mariadb.start() },
    {
      name: 'gone, its port answered by a host that never replies',
      takeDown: async () => {
        await mariadb.stop();
        await silent.listen();
      },
      bringBack: async () => {
        await silent.close();
        await mariadb.start();
      },
    },
  ];
}

describe('when the MariaDB server goes away and comes back', () => {
  it('health and submissions answer 503 within 5 s, and the same server process serves again within 30 s of its return', async () => {
    const mariadb = await createOwnMariadb();
    onTestFinished(() => mariadb.remove());
    await mariadb.query('create database faults character set utf8mb4 collate utf8mb4_unicode_ci');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-fault-data-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const server = await startServer({
      port: await findFreePort(),
      env: { DATA_DIR: dataDir, DATABASE_URL: mariadb.url('faults') },
    });
    onTestFinished(() => server.stop());

    let visitor = 0;
    const acknowledged: string[] = [];
    const submit = async (timeoutMs?: number) => {
      visitor += 1;
      const answer = await submitContact(server.baseUrl, visitor, timeoutMs);
      if (answer.status === 201) acknowledged.push(visitorEmail(visitor));
      return answer;
    };
    expect((await submit()).status).toBe(201);

    const figures: string[] = [];
    for (const outage of outagesOf(mariadb)) {
      await outage.takeDown();
      // Two rounds: the first meets the pool's connections as the outage left them, the second new connections.
      const answers: Answer[] = [];
      for (let round = 1; round <= 2; round += 1) {
        const health = await call(server.baseUrl, API_PATHS.HEALTH, { timeoutMs: 3 * ANSWER_BOUND_MS });
        const submission = await submit(3 * ANSWER_BOUND_MS);
        expect(health.status, `GET /api/health, database ${outage.name}, round ${round}`).toBe(503);
        expect(submission.status, `a submission, database ${outage.name}, round ${round}`).toBe(503);
        expect(health.body).toMatchObject({ success: false, message: API_MESSAGES.SERVICE_UNAVAILABLE });
        expect(submission.body).toEqual({ success: false, message: API_MESSAGES.SERVICE_UNAVAILABLE });
        answers.push(health, submission);
      }
      const slowest = Math.max(...answers.map((answer) => answer.ms));
      expect(slowest, `the slowest answer while the database was ${outage.name}`).toBeLessThan(ANSWER_BOUND_MS);

      await outage.bringBack();
      const recoveredMs = await waitUntil(
        `The server did not serve again after the database (${outage.name}) came back`,
        async () => (await call(server.baseUrl, API_PATHS.HEALTH)).status === 200 && (await submit()).status === 201,
        { timeoutMs: RECOVERY_BOUND_MS, intervalMs: 250 },
      );
      figures.push(`${outage.name}: slowest 503 ${slowest} ms, served again after ${recoveredMs} ms`);
    }

    // What was acknowledged is stored; what was refused with 503 is not.
    const rows = await mariadb.query(`select email from faults.enquiries where kind = 'contact' order by id`);
    expect((rows as Array<{ email: string }>).map((row) => row.email)).toEqual(acknowledged);
    console.log(
      `[faults] database down (bounds: 503 within ${ANSWER_BOUND_MS} ms, back within ${RECOVERY_BOUND_MS} ms, ` +
        `one server process): ${figures.join('; ')}`,
    );
  }, 60_000);
});
