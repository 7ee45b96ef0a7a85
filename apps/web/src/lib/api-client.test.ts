import { afterEach, describe, expect, it, vi } from 'vitest';
import { SPEC_MESSAGES } from '@agency/shared';
import { ApiError, request, type ResponseSchema } from './api-client';

/** Stubs fetch, the network boundary, with one answer; the returned mock records what was sent. */
function answerWith(answer: () => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The error a request rejected with (the test fails if it resolved). */
async function failureOf(pending: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await pending.then(
    () => expect.fail('the request should have failed'),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const NamedSchema: ResponseSchema<{ name: string }> = {
  parse(answer) {
    const name = (answer as { name?: unknown }).name;
    if (typeof name !== 'string') throw new TypeError('no name');
    return { name };
  },
};

describe('request', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the session cookie and gives the JSON answer, typed by its schema', async () => {
    const fetchMock = answerWith(() => json({ success: true, name: 'Ada' }));
    await expect(request('/api/thing', { schema: NamedSchema })).resolves.toEqual({ name: 'Ada' });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/thing',
      expect.objectContaining({ method: 'GET', credentials: 'include' }),
    );
  });

  it('gives the whole JSON answer when no schema is given', async () => {
    answerWith(() => json({ success: true, count: 2 }));
    await expect(request('/api/thing')).resolves.toEqual({ success: true, count: 2 });
  });

  it('sends a plain body as JSON and adds the query to a path that already has one', async () => {
    const fetchMock = answerWith(() => json({ success: true }));
    await request('/api/login.php?action=login', {
      method: 'POST',
      body: { email: 'ada@example.ng' },
      query: { id: 7, token: 'a+b', unused: undefined },
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/login.php?action=login&id=7&token=a%2Bb');
    expect(init).toMatchObject({
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"email":"ada@example.ng"}',
    });
  });

  it('adds the given headers beside the JSON content type', async () => {
    const fetchMock = answerWith(() => json({ success: true }));
    await request('/api/thing', { method: 'POST', body: { a: 1 }, headers: { 'Idempotency-Key': 'key-1' } });
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Idempotency-Key')).toBe('key-1');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('sends FormData as it is, so the browser sets the multipart boundary', async () => {
    const fetchMock = answerWith(() => json({ success: true }));
    const form = new FormData();
    form.append('email', 'ada@example.ng');
    await request('/api/register.php', { method: 'POST', body: form });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    expect(init?.headers).toBeUndefined();
  });

  it("rejects a 200 that says success: false, with the server's message", async () => {
    answerWith(() => json({ success: false, message: 'Your account is awaiting approval.' }));
    const error = await failureOf(request('/api/thing'));
    expect(error).toMatchObject({ kind: 'rejected', status: 200, message: 'Your account is awaiting approval.' });
    expect(error.serverMessage).toBe('Your account is awaiting approval.');
    expect(error.isSessionEnded).toBe(false);
  });

  it('rejects a 200 whose answer does not say success: true, with an empty message', async () => {
    answerWith(() => json({ name: 'Ada' }));
    const error = await failureOf(request('/api/thing', { schema: NamedSchema }));
    expect(error).toMatchObject({ kind: 'rejected', status: 200, message: '' });
    expect(error.serverMessage).toBeNull();
  });

  it('rejects a 400 with the field errors keyed by API field name', async () => {
    answerWith(() =>
      json(
        { success: false, message: 'Some fields are missing or invalid.', errors: { email: 'Enter an e-mail.', n: 3 } },
        400,
      ),
    );
    const error = await failureOf(request('/api/thing', { method: 'POST', body: {} }));
    expect(error).toMatchObject({ kind: 'rejected', status: 400, message: 'Some fields are missing or invalid.' });
    expect(error.fieldErrors).toEqual({ email: 'Enter an e-mail.' });
  });

  it.each([401, 403])('marks a %i as an ended session', async (status) => {
    answerWith(() => json({ success: false }, status));
    const error = await failureOf(request('/api/thing'));
    expect(error).toMatchObject({ kind: 'rejected', status, isSessionEnded: true });
  });

  it('raises "Failed to parse JSON" for a body that is not JSON, whatever the status', async () => {
    answerWith(() => new Response('<b>Fatal error</b>', { status: 200 }));
    const error = await failureOf(request('/api/thing'));
    expect(error).toMatchObject({ kind: 'unreadable', status: 200, message: SPEC_MESSAGES.FAILED_TO_PARSE_JSON });
    expect(error.cause).toBeInstanceOf(SyntaxError);
    expect(error.serverMessage).toBeNull();
  });

  it('raises a network error, keeping the cause, when no answer arrives', async () => {
    const cause = new TypeError('Failed to fetch');
    answerWith(() => {
      throw cause;
    });
    const error = await failureOf(request('/api/thing'));
    expect(error).toMatchObject({ kind: 'network', status: 0, cause });
  });

  it('raises a network error when the request is aborted', async () => {
    const fetchMock = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const controller = new AbortController();
    const pending = request('/api/thing', { signal: controller.signal });
    controller.abort();
    expect(await failureOf(pending)).toMatchObject({ kind: 'network', status: 0 });
  });

  it('raises an unreadable error when the answer does not match its schema', async () => {
    answerWith(() => json({ success: true, name: 42 }));
    const error = await failureOf(request('/api/thing', { schema: NamedSchema }));
    expect(error).toMatchObject({ kind: 'unreadable', status: 200 });
    expect(error.message).not.toBe(SPEC_MESSAGES.FAILED_TO_PARSE_JSON);
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  describe("with success: 'status'", () => {
    it('resolves on any 2xx without reading the body', async () => {
      const response = new Response('not even JSON', { status: 200 });
      answerWith(() => response);
      await expect(request('/api/thing', { success: 'status' })).resolves.toBeUndefined();
      expect(response.bodyUsed).toBe(false);
    });

    it('resolves on a 2xx that says success: false', async () => {
      answerWith(() => json({ success: false }));
      await expect(request('/api/thing', { success: 'status' })).resolves.toBeUndefined();
    });

    it("rejects a status outside 2xx, with the server's message and field errors", async () => {
      answerWith(() => json({ success: false, message: 'Too many requests.', errors: { phone: 'Too short.' } }, 429));
      const error = await failureOf(request('/api/thing', { method: 'POST', body: {}, success: 'status' }));
      expect(error).toMatchObject({ kind: 'rejected', status: 429, message: 'Too many requests.' });
      expect(error.fieldErrors).toEqual({ phone: 'Too short.' });
    });

    it('raises "Failed to parse JSON" for a refusal whose body is not JSON', async () => {
      answerWith(() => new Response('Bad gateway', { status: 502 }));
      const error = await failureOf(request('/api/thing', { success: 'status' }));
      expect(error).toMatchObject({ kind: 'unreadable', status: 502, message: SPEC_MESSAGES.FAILED_TO_PARSE_JSON });
    });

    it("with okBody: 'if-json', gives a 2xx's JSON, whatever it says", async () => {
      answerWith(() => json({ success: false, reference: 'RD-26-00001' }, 201));
      await expect(request('/api/thing', { success: 'status', okBody: 'if-json' })).resolves.toEqual({
        success: false,
        reference: 'RD-26-00001',
      });
    });

    it("with okBody: 'if-json', still resolves when a 2xx's body is not JSON or breaks off", async () => {
      answerWith(() => new Response('<p>Thanks</p>', { status: 200 }));
      await expect(request('/api/thing', { success: 'status', okBody: 'if-json' })).resolves.toBeUndefined();
      const broken = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"succ'));
          controller.error(new TypeError('network connection lost'));
        },
      });
      answerWith(() => new Response(broken, { status: 201 }));
      await expect(request('/api/thing', { success: 'status', okBody: 'if-json' })).resolves.toBeUndefined();
    });
  });
});
