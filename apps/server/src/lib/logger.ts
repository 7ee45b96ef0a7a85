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

/** Query values that grant access must never reach a log line. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|password)=)[^&#]*/gi, '$1[redacted]');
}
