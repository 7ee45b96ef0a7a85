import { fileURLToPath } from 'node:url';
import { spawnTracked, waitUntil } from './child-process';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SERVER_SOURCE = fileURLToPath(new URL('../../src/server.ts', import.meta.url));

/** Long enough for a start on two busy cores with migrations; a server that takes longer fails the test. */
const START_TIMEOUT_MS = 30_000;

export const SESSION_SECRET = 'fault-tests-session-secret-of-at-least-32-characters';

export interface ServerProcess {
  baseUrl: string;
  pid: number;
  recentOutput(): string;
  /** SIGKILL: no shutdown code runs, as in a crash or an OOM kill. */
  kill(): Promise<void>;
  /** SIGTERM (the graceful shutdown), SIGKILL after 10 s. */
  stop(): Promise<void>;
}

export interface StartServerOptions {
  port: number;
  /** DATA_DIR, DATABASE_URL, SMTP_URL, STAFF_NOTIFY_EMAIL...; PORT and APP_URL are set from `port`. */
  env: Record<string, string>;
  /** Wait for GET /api/health to answer 200 (false when the database is meant to be down). */
  waitHealthy?: boolean;
}

/**
 * Starts the server from its TypeScript source, `node --import tsx apps/server/src/server.ts`: one process (tsx's
 * hooks run in-process, unlike the `tsx` command, which would put a parent in front of the server that SIGKILL hits
 * instead), running exactly the working tree, so no build can be stale or race the e2e project's build of dist/.
 * The environment is only what the test gives (and PATH): nothing leaks in from vitest (NODE_ENV=test, TEST_DB).
 */
export async function startServer({ port, env, waitHealthy = true }: StartServerOptions): Promise<ServerProcess> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawnTracked(process.execPath, ['--import', 'tsx', SERVER_SOURCE], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      PORT: String(port),
      APP_URL: baseUrl,
      SESSION_SECRET,
      // Warnings and errors only: a burst of requests would otherwise push them out of the kept output.
      LOG_LEVEL: 'warn',
      // Every fault test sends many requests from one loopback address; the limits have their own tests.
      REGISTER_LIMIT: 'off',
      REGISTER_LIMIT_PER_EMAIL: 'off',
      RESET_MAIL_LIMIT: 'off',
      RESET_REQUEST_LIMIT: 'off',
      FORM_RATE_LIMIT: 'off',
      ...env,
    },
  });
  const stop = () => server.terminate('SIGTERM', 10_000);
  const listening = async () => {
    const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
    return waitHealthy ? response.ok : true;
  };
  try {
    await waitUntil(`The server on port ${port} did not become ${waitHealthy ? 'healthy' : 'reachable'}`, listening, {
      timeoutMs: START_TIMEOUT_MS,
      gaveUp: () => (server.exited() ? `it exited (code ${server.child.exitCode})` : undefined),
    });
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${server.recentOutput()}`, { cause: error });
  }
  return {
    baseUrl,
    pid: server.pid,
    recentOutput: server.recentOutput,
    kill: () => server.terminate('SIGKILL', 5_000),
    stop,
  };
}
