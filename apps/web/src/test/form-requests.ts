import { afterEach, beforeEach, expect, vi, type Mock } from 'vitest';

/**
 * Stubs fetch, the network boundary, for each test of the file: it answers `response()` unless a test says
 * otherwise. After each test the stub, spies and fake timers are undone.
 */
export function stubFetchForEachTest(response: () => Response): Mock<typeof fetch> {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockResolvedValue(response());
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });
  return fetchMock;
}

/** Checks that one request went out, a JSON POST to `path` with the session cookie, and returns what it sent. */
export function expectOneJsonPost(fetchMock: Mock<typeof fetch>, path: string): unknown {
  expect(fetchMock).toHaveBeenCalledTimes(1);
  const [url, init] = fetchMock.mock.calls[0]!;
  expect(url).toBe(path);
  expect(init?.method).toBe('POST');
  expect(init?.credentials).toBe('include');
  expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  return JSON.parse(String(init?.body));
}
