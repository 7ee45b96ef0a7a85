import { API_PATHS, IDEMPOTENCY_HEADER, SUBMISSION_RULES } from '@agency/shared';
import { act } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi, type Mock } from 'vitest';
import { jsonResponse } from './stub-api';

/** A submit the form sent: where to, its JSON body and its idempotency key. */
export interface SentSubmit {
  url: string;
  init: RequestInit;
  body: Record<string, unknown>;
  idempotencyKey: string | null;
}

export interface PublicFormApi {
  /** fetch itself: every request the page made. */
  fetchMock: Mock<typeof fetch>;
  /** Answers every request but the question's, i.e. the submits; a test changes its answer with mockResolvedValue. */
  submit: Mock<typeof fetch>;
  /** Answers GET /api/human-check; by default with the questions of `askQuestions`. */
  issue: Mock<typeof fetch>;
  /** The server's next questions, in turn (then the list starts again); question n has the token `token-n`. */
  askQuestions: (...questions: Array<[number, number]>) => void;
  /** The submits sent so far. */
  submits: () => SentSubmit[];
}

/** The questions a test gets unless it asks for others. */
const DEFAULT_QUESTIONS: Array<[number, number]> = [
  [3, 4],
  [7, 1],
  [2, 5],
];

/**
 * Sets up each test of a public form's file: fetch, the network boundary, answers GET /api/human-check with known
 * questions and every other request (the submits) with `submitAnswer()` unless a test says otherwise. Timers are
 * fake but advance with real time, so a test can let the 3 s a person takes pass at once (`takeYourTime`). After each
 * test the stub, spies and fake timers are undone.
 */
export function setUpPublicFormTests(submitAnswer: () => Response): PublicFormApi {
  const submit = vi.fn<typeof fetch>();
  const issue = vi.fn<typeof fetch>();
  const fetchMock = vi.fn<typeof fetch>((input, init) =>
    // A question after a refusal carries ?after=<the old token> (issue 17).
    String(input).split('?')[0] === API_PATHS.HUMAN_CHECK ? issue(input, init) : submit(input, init),
  );

  const askQuestions = (...questions: Array<[number, number]>) => {
    let count = 0;
    issue.mockImplementation(async () => {
      const [a, b] = questions[count % questions.length] ?? [0, 0];
      count += 1;
      return jsonResponse({ success: true, a, b, token: `token-${count}` });
    });
  };

  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    submit.mockReset();
    submit.mockImplementation(async () => submitAnswer());
    issue.mockReset();
    askQuestions(...DEFAULT_QUESTIONS);
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockClear();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  const submits = () =>
    submit.mock.calls.map(([input, init = {}]) => ({
      url: String(input),
      init,
      body: JSON.parse(String(init.body)) as Record<string, unknown>,
      idempotencyKey: new Headers(init.headers).get(IDEMPOTENCY_HEADER),
    }));

  return { fetchMock, submit, issue, askQuestions, submits };
}

/** Lets the 3 s pass that a person takes at least between seeing the question and sending (issue 10). */
export function takeYourTime(): void {
  act(() => vi.advanceTimersByTime(SUBMISSION_RULES.MIN_FILL_MS));
}

/** Checks that one submit went out, a JSON POST to `path` with the session cookie, and returns what it sent. */
export function expectOneJsonPost(api: PublicFormApi, path: string): Record<string, unknown> {
  const sent = api.submits();
  expect(sent).toHaveLength(1);
  const [{ url, init, body }] = sent as [SentSubmit];
  expect(url).toBe(path);
  expect(init.method).toBe('POST');
  expect(init.credentials).toBe('include');
  expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  return body;
}
