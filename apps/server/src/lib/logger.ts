import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** An e-mail address, and a run of 7 or more digits with the separators of a written phone number. */
const ADDRESS_PATTERN = /[^\s<>"'(),;:]+@[^\s<>"'(),;:]+\.[A-Za-z]{2,}/g;
const NUMBER_PATTERN = /\+?\d(?:[\s().-]?\d){6,}/g;

/**
 * Text that may quote what a visitor typed (a driver's or SMTP server's error message: "Duplicate entry 'a@b.ng'",
 * "550 <a@b.ng>: no such user") with addresses and phone-like numbers replaced: logs are kept and copied, and an
 * erasure cannot reach them (issue 17, docs/decisions/0028).
 */
export function scrubPersonalData(text: string): string {
  return text.replace(ADDRESS_PATTERN, '[address]').replace(NUMBER_PATTERN, '[number]');
}

/** pino's error serializer, with the message and stack scrubbed of addresses and numbers. */
export function scrubbedError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const serialized = pino.stdSerializers.err(error) as unknown as Record<string, unknown>;
  for (const key of ['message', 'stack', 'sqlMessage', 'sql', 'response']) {
    if (typeof serialized[key] === 'string') serialized[key] = scrubPersonalData(serialized[key]);
  }
  return serialized;
}

/**
 * The server's logger. Log ids, references and Message-IDs, never a visitor's address, phone or name: call sites
 * name what they act on by id, the query values that may hold a person are redacted from URLs (redactUrl), and error
 * messages are scrubbed.
 */
export function createLogger(level = process.env.LOG_LEVEL ?? 'info', destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      serializers: { err: scrubbedError },
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

/**
 * Query values that grant access, or may name a person (a data request's e-mail and phone, a search), never reach a
 * log line.
 */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|password|email|phone|q|name)=)[^&#]*/gi, '$1[redacted]');
}
