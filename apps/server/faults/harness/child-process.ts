import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

const KEPT_OUTPUT_LINES = 80;
const live = new Set<ChildProcess>();

// A worker that dies or is stopped (a timeout, Ctrl-C) must not leave servers or databases behind on the machine the
// others share; 'exit' handlers run synchronously, and a signal is all that can be sent from one.
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/** A child process of a fault test: its last lines of output, and a bounded wait for its end. */
export interface TrackedProcess {
  child: ChildProcess;
  pid: number;
  exited(): boolean;
  /** The last lines the process wrote, for failure messages. */
  recentOutput(): string;
  /** Sends `signal` and waits for the exit, at most `timeoutMs`, then sends SIGKILL. */
  terminate(signal: NodeJS.Signals, timeoutMs: number): Promise<void>;
}

export function spawnTracked(command: string, args: string[], options: SpawnOptions): TrackedProcess {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  if (child.pid === undefined) throw new Error(`Could not start ${command}.`);
  live.add(child);
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    output.splice(0, Math.max(0, output.length - KEPT_OUTPUT_LINES));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let hasExited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      hasExited = true;
      live.delete(child);
      resolve();
    }),
  );
  return {
    child,
    pid: child.pid,
    exited: () => hasExited,
    recentOutput: () => output.join('\n'),
    async terminate(signal, timeoutMs) {
      if (hasExited) return;
      child.kill(signal);
      const force = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      await exit;
      clearTimeout(force);
    },
  };
}

/** Polls `probe` until it resolves true, or throws after `timeoutMs` (or as soon as `gaveUp` says so). */
export async function waitUntil(
  what: string,
  probe: () => Promise<boolean>,
  options: { timeoutMs: number; intervalMs?: number; gaveUp?: () => string | undefined },
): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await probe().catch(() => false)) return Date.now() - started;
    const reason = options.gaveUp?.();
    if (reason) throw new Error(`${what}: ${reason}`);
    if (Date.now() - started > options.timeoutMs) throw new Error(`${what}: not within ${options.timeoutMs} ms.`);
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 100));
  }
}
