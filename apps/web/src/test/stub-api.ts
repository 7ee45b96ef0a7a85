import { vi } from 'vitest';

export interface StubbedRequest {
  url: string;
  init: RequestInit;
}
type Handler = (request: StubbedRequest) => Response | Promise<Response>;

/**
 * Replaces fetch, the network boundary, with handlers keyed by full URL or by path without the
 * query. A request nobody expected fails the way a dead network would, and is recorded.
 */
export function stubApi(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const handler = routes[url] ?? routes[url.split('?')[0] ?? url];
    if (!handler) throw new TypeError(`Unexpected request: ${init.method ?? 'GET'} ${url}`);
    return handler({ url, init });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export const networkFailure = (): never => {
  throw new TypeError('Failed to fetch');
};

export function requestsTo(fetchMock: ReturnType<typeof stubApi>, url: string): StubbedRequest[] {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: String(input), init: init ?? {} }))
    .filter((request) => request.url === url || request.url.split('?')[0] === url);
}

/** Matches the paragraph whose whole text is `text`, even when part of it (the cross mark) is its own element. */
export function paragraphWithText(text: string) {
  return (_content: string, element: Element | null) => element?.tagName === 'P' && element.textContent === text;
}
