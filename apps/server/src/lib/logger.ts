import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

export function createLogger(level = process.env.LOG_LEVEL ?? 'info', destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: {
        paths: ['password', '*.password', 'token', '*.token', 'cookie', '*.cookie', 'sessionSecret', '*.sessionSecret'],
        censor: '[redacted]',
      },
    },
    destination,
  );
}

/**
 * The server's log: standard output, written asynchronously in the background (a request never waits for its log
 * line to reach the file or the terminal; issue 13). pino flushes what is buffered when the process exits.
 */
export function createServerLogger(): Logger {
  return createLogger(undefined, pino.destination({ dest: 1, sync: false }));
}

/** Query values that grant access must never reach a log line. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|password)=)[^&#]*/gi, '$1[redacted]');
}
