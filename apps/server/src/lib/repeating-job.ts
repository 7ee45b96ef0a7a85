/** How a job waits between runs: a timer that does not keep the process alive, or a test's simulated one. */
export interface JobTimer {
  /** Runs `run` after `ms`; the answer cancels it. */
  after(ms: number, run: () => void): () => void;
}

export const realTimer: JobTimer = {
  after(ms, run) {
    const timer = setTimeout(run, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};

export interface RepeatingJob {
  /** Stops the timer and waits for a run under way. */
  stop(): Promise<void>;
  /** Resolves when the run under way (if any) has finished. */
  idle(): Promise<void>;
}

/**
 * Runs a job at once, then again after the wait each run answers (in ms); a failed run is reported to `onError`,
 * which answers the wait before the next try. One run at a time; `stop()` lets the run under way finish. The
 * reminders (0039) and scheduled publishing (0043) run this way, each on the server's timer or a test's.
 */
export function startRepeatingJob(
  run: () => Promise<number>,
  options: { timer?: JobTimer; onError: (error: unknown) => number },
): RepeatingJob {
  const timer = options.timer ?? realTimer;
  let stopped = false;
  let cancel: (() => void) | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    cancel = undefined;
    running = run()
      .catch(options.onError)
      .then((nextInMs) => {
        if (!stopped) cancel = timer.after(nextInMs, tick);
      });
  };
  tick();
  return {
    async stop() {
      stopped = true;
      cancel?.();
      await running;
    },
    idle: () => running,
  };
}
