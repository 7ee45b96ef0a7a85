import http from 'node:http';
import type { Socket } from 'node:net';
import type { RequestListener } from 'node:http';
import { API_MESSAGES } from '@agency/shared';

export interface ServerTimeouts {
  /** The whole header block must have arrived by then (Node's default: 60 s). */
  headersTimeoutMs: number;
  /** The whole request, body included (Node's default: 300 s, which lets a slow sender hold a connection). */
  requestTimeoutMs: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
}

export const SERVER_TIMEOUTS: ServerTimeouts = {
  headersTimeoutMs: 20_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
};

/**
 * How often Node looks for requests past their time. Its default (30 s) would let a request live almost twice its
 * requestTimeout; once a second costs one walk over the open connections.
 */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

function jsonAnswer(status: number, reason: string, message: string): string {
  const body = JSON.stringify({ success: false, message });
  return [
    `HTTP/1.1 ${status} ${reason}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * Requests that Node refuses before Express sees them (malformed, headers too large, too slow) are answered in the
 * API's JSON shape, as Node's own clientError handler would answer them in plain text.
 */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // A response already on its way cannot be followed by another one on the same connection.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    switch (error.code) {
      case 'ERR_HTTP_REQUEST_TIMEOUT':
        socket.write(jsonAnswer(408, 'Request Timeout', API_MESSAGES.REQUEST_TIMEOUT));
        break;
      case 'HPE_HEADER_OVERFLOW':
        socket.write(jsonAnswer(431, 'Request Header Fields Too Large', API_MESSAGES.BODY_TOO_LARGE));
        break;
      case 'ECONNRESET':
        break;
      default:
        socket.write(jsonAnswer(400, 'Bad Request', API_MESSAGES.MALFORMED_REQUEST));
    }
  }
  socket.destroy(error);
}

/** The HTTP server the app listens with: explicit timeouts, and JSON even for the requests Node itself refuses. */
export function createHttpServer(app: RequestListener, timeouts: ServerTimeouts = SERVER_TIMEOUTS): http.Server {
  const server = http.createServer(
    {
      headersTimeout: timeouts.headersTimeoutMs,
      requestTimeout: timeouts.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(TIMEOUT_CHECK_INTERVAL_MS, timeouts.headersTimeoutMs),
    },
    app,
  );
  server.keepAliveTimeout = timeouts.keepAliveTimeoutMs;
  server.on('clientError', answerClientError);
  // Node answers an Expect header other than 100-continue itself, with an empty body; this is the same 417 in JSON.
  server.on('checkExpectation', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    const body = JSON.stringify({ success: false, message: API_MESSAGES.EXPECTATION_FAILED });
    res
      .writeHead(417, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': Buffer.byteLength(body),
        'Cache-Control': 'no-store',
      })
      .end(body);
  });
  return server;
}
