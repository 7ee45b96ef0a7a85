import { spawn, type ChildProcess } from 'node:child_process';
import { REPO_ROOT, SERVER_ENTRY } from './paths';

export interface ServerProcess {
  baseUrl: string;
  /** The last lines the server wrote, for failure messages. */
  recentOutput(): string;
  stop(): Promise<void>;
}

export interface StartServerOptions {
  port: number;
  env: Record<string, string>;
  healthTimeoutMs?: number;
}

const KEPT_OUTPUT_LINES = 60;

/** Spawns the real built server (`node apps/server/dist/server.js`) and waits until GET /api/health answers 200. */
export async function startServerProcess({
  port,
  env,
  healthTimeoutMs = 30_000,
}: StartServerOptions): Promise<ServerProcess> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    output.splice(0, Math.max(0, output.length - KEPT_OUTPUT_LINES));
  };

  const child: ChildProcess = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), APP_URL: baseUrl, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  let exited = false;
  const exitPromise = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );

  const recentOutput = () => output.join('\n');
  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const killTimer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exitPromise;
    clearTimeout(killTimer);
  };

  const deadline = Date.now() + healthTimeoutMs;
  for (;;) {
    if (exited) {
      throw new Error(`The server exited before it was healthy (exit code ${child.exitCode}).\n${recentOutput()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not answer GET /api/health within ${healthTimeoutMs} ms.\n${recentOutput()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }

  return { baseUrl, recentOutput, stop };
}
