import { FAILED_TO_PARSE_JSON } from '@agency/shared';

/**
 * The one way the web app talks to the API (docs/architecture.md). Every call in
 * features/<feature>/api/ goes through request(): it sends the session cookie, reads the body once (as text, then
 * JSON, so a body that is not JSON raises the spec's "Failed to parse JSON"), and either returns the typed answer or
 * raises one ApiError. No other module calls fetch.
 */

/** Why a request did not give a usable answer. */
export type ApiErrorKind =
  /** No answer: the network failed or the request was aborted. */
  | 'network'
  /** An answer whose body is not JSON (spec 8: "Failed to parse JSON"), or JSON of an unexpected shape. */
  | 'unreadable'
  /** A JSON answer that says no: a status outside 2xx, or an envelope whose `success` is not `true`. */
  | 'rejected';

export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly kind: ApiErrorKind,
    /** The HTTP status; 0 when no answer arrived. */
    readonly status: number,
    message: string,
    /** The server's `errors`, keyed by API field name (400 only). */
    readonly fieldErrors: Readonly<Record<string, string>> = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** The message the server wrote for people, if it wrote one. */
  get serverMessage(): string | null {
    return this.kind === 'rejected' && this.message ? this.message : null;
  }

  /** 401 or 403: signed out, or not allowed. */
  get isSessionEnded(): boolean {
    return this.status === 401 || this.status === 403;
  }
}

/** Anything with zod's `parse` (a shared schema), so this module needs no zod of its own. */
export interface ResponseSchema<T> {
  parse(value: unknown): T;
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData as multipart. */
  body?: unknown;
  /** Extra request headers (e.g. a public form's Idempotency-Key). */
  headers?: Record<string, string>;
  /** Added to the path as a query string. */
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  /** Checks and types the JSON answer; without it the answer is returned as `unknown` JSON. */
  schema?: ResponseSchema<T>;
  /**
   * 'envelope' (default): a 2xx counts only when its JSON says `success: true`, as every reader of spec 7 reads it;
   * any other 2xx is a rejection too.
   * 'status': only the HTTP status decides (the training forms of spec 5 read `ok` alone); the body of a 2xx is
   * not read at all.
   */
  success?: 'envelope' | 'status';
  /**
   * With success: 'status', what a 2xx gives: 'ignored' (default) does not read its body; 'if-json' reads it and
   * returns it when it is JSON (a training form's reference), yet a body that is not JSON, or that breaks off, still
   * counts as the success the status said (undefined).
   */
  okBody?: 'ignored' | 'if-json';
}

function urlOf(path: string, query: RequestOptions<unknown>['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

function initOf(options: RequestOptions<unknown>): RequestInit {
  const { method = 'GET', body, signal, headers = {} } = options;
  const init: RequestInit = { method, credentials: 'include', signal };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  if (Object.keys(headers).length > 0) init.headers = { ...init.headers, ...headers };
  return init;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function fieldErrorsOf(body: unknown): Record<string, string> {
  if (!isObject(body) || !isObject(body.errors)) return {};
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(body.errors)) if (typeof message === 'string') errors[field] = message;
  return errors;
}

/** The JSON of a body, or undefined when it is not JSON or cannot be read to its end. */
async function jsonOrUndefined(response: Response): Promise<unknown> {
  try {
    return JSON.parse(await response.text());
  } catch {
    return undefined;
  }
}

/** Sends one request; resolves with the typed answer or rejects with an ApiError, never anything else. */
export async function request<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(urlOf(path, options.query), initOf(options));
    if (options.success === 'status' && response.ok) {
      return (options.okBody === 'if-json' ? await jsonOrUndefined(response) : undefined) as T;
    }
    text = await response.text();
  } catch (error) {
    throw new ApiError('network', 0, error instanceof Error ? error.message : String(error), {}, { cause: error });
  }

  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new ApiError('unreadable', response.status, FAILED_TO_PARSE_JSON, {}, { cause: error });
  }

  const saysYes = isObject(body) && body.success === true;
  if (!response.ok || (options.success !== 'status' && !saysYes)) {
    const message = isObject(body) && typeof body.message === 'string' ? body.message : '';
    throw new ApiError('rejected', response.status, message, fieldErrorsOf(body));
  }
  if (!options.schema) return body as T;
  try {
    return options.schema.parse(body);
  } catch (error) {
    throw new ApiError('unreadable', response.status, 'Unexpected answer from the server', {}, { cause: error });
  }
}
