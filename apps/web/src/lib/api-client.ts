import { SPEC_MESSAGES } from '@agency/shared';

/** Sends JSON with the session cookie; returns the raw Response (callers decide what they read). */
export function sendJson(path: string, method: 'POST' | 'PUT' | 'DELETE', body?: unknown): Promise<Response> {
  return fetch(path, {
    method,
    credentials: 'include',
    headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Reads a body as text, then parses it (spec 7/8); a non-JSON body raises "Failed to parse JSON". */
export async function readJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(SPEC_MESSAGES.FAILED_TO_PARSE_JSON);
  }
}
