import { spawnSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { spawnTracked, waitUntil, type TrackedProcess } from './child-process';
import { findFreePort } from '@agency/testing';

const SEARCH_DIRS = ['/usr/sbin', '/usr/local/sbin', '/usr/bin', '/usr/local/bin'];
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 30_000;
// Small, so a throwaway server costs little memory and disk on the machine the others share.
const LEAN_SERVER = ['--innodb-buffer-pool-size=32M', '--innodb-log-file-size=8M', '--skip-name-resolve'];
const AS_ROOT = process.getuid?.() === 0 ? ['--user=root'] : [];

function findExecutable(name: string): string {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean), ...SEARCH_DIRS];
  for (const dir of dirs) {
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  // A missing MariaDB fails the test (in CI and anywhere else): a fault test that quietly does nothing proves nothing.
  throw new Error(
    `${name} was not found in PATH or ${SEARCH_DIRS.join(', ')}. The database fault test starts a MariaDB of its own: ` +
      'install it (apt-get install -y mariadb-server).',
  );
}

/** A MariaDB server of one test: its own data folder, port and socket, stopped and started at will. */
export interface OwnMariadb {
  port: number;
  /** mysql://root@127.0.0.1:PORT/DATABASE */
  url(database: string): string;
  /** Runs SQL as root on a connection of its own. */
  query(sql: string, params?: unknown[]): Promise<unknown[]>;
  /** A clean shutdown (SIGTERM), as `systemctl stop` does. */
  stop(): Promise<void>;
  /** SIGKILL, as a crash or the OOM killer: InnoDB recovers at the next start. */
  kill(): Promise<void>;
  /** Starts it again on the same port and data; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it and deletes its folder. */
  remove(): Promise<void>;
}

export async function createOwnMariadb(): Promise<OwnMariadb> {
  const mariadbd = findExecutable('mariadbd');
  const installDb = findExecutable('mariadb-install-db');
  const folder = mkdtempSync(path.join(tmpdir(), 'rd-fault-mariadb-'));
  const dataDir = path.join(folder, 'data');
  const port = await findFreePort();
  let server: TrackedProcess | undefined;

  const install = spawnSync(
    installDb,
    [
      '--no-defaults',
      `--datadir=${dataDir}`,
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
      ...AS_ROOT,
      ...LEAN_SERVER,
    ],
    { encoding: 'utf8', timeout: 60_000 },
  );
  if (install.status !== 0) {
    rmSync(folder, { recursive: true, force: true });
    throw new Error(`mariadb-install-db failed (exit ${install.status}):\n${install.stderr || install.stdout}`);
  }

  const connect = () => mysql.createConnection({ host: '127.0.0.1', port, user: 'root', connectTimeout: 2_000 });

  const own: OwnMariadb = {
    port,
    url: (database) => `mysql://root@127.0.0.1:${port}/${database}`,
    async query(sql, params = []) {
      const connection = await connect();
      try {
        const [rows] = await connection.query(sql, params);
        return Array.isArray(rows) ? rows : [];
      } finally {
        await connection.end();
      }
    },
    async start() {
      if (server && !server.exited()) return;
      const started = spawnTracked(
        mariadbd,
        [
          '--no-defaults',
          `--datadir=${dataDir}`,
          `--port=${port}`,
          `--socket=${path.join(folder, 'mysqld.sock')}`,
          `--pid-file=${path.join(folder, 'mysqld.pid')}`,
          '--bind-address=127.0.0.1',
          ...AS_ROOT,
          ...LEAN_SERVER,
        ],
        {},
      );
      server = started;
      try {
        await waitUntil(
          `The test's MariaDB on port ${port} did not accept connections`,
          async () => {
            await (await connect()).end();
            return true;
          },
          {
            timeoutMs: START_TIMEOUT_MS,
            gaveUp: () => (started.exited() ? `mariadbd exited (code ${started.child.exitCode})` : undefined),
          },
        );
      } catch (error) {
        await started.terminate('SIGKILL', 5_000);
        throw new Error(`${(error as Error).message}\n${started.recentOutput()}`, { cause: error });
      }
    },
    async stop() {
      await server?.terminate('SIGTERM', STOP_TIMEOUT_MS);
    },
    async kill() {
      await server?.terminate('SIGKILL', STOP_TIMEOUT_MS);
    },
    async remove() {
      await own.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };

  try {
    await own.start();
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  return own;
}
