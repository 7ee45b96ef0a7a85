import { createSumQuestion, isCorrectSum, type IssuedSumQuestion, type SumQuestion } from '@agency/shared';
import { useCallback, useEffect, useState } from 'react';
import { fetchSumQuestion } from './fetch-sum-question';

/** The question on screen: its digits and where it came from. */
export interface AskedSumQuestion extends SumQuestion {
  /** The server's signed token; null when the server could not be reached and the page drew the digits itself. */
  token: string | null;
  /**
   * performance.now() when the form's first question arrived (a question renewed after a refusal keeps it, as its
   * token keeps the first-served time): the server refuses a form sent sooner than 3 s after it.
   */
  receivedAt: number;
}

export interface SumQuestionState {
  /** null in the prerendered HTML, during hydration and while a question is on its way. */
  question: AskedSumQuestion | null;
  /**
   * Asks for a new question: `'same-form'` after a refusal (a wrong sum, an expired question), which keeps the time
   * the form was first served; `'new-form'` after a success.
   */
  renew: (form: 'same-form' | 'new-form') => void;
  isCorrect: (answer: string) => boolean;
}

/**
 * When the page that carries the server's question arrived (its response's first byte, on performance.now()'s
 * clock): the question's first-served time, which the server signed a moment before. A public page hydrates on the
 * visitor's first touch (docs/decisions/0031), often seconds after it arrived, so hydration's time would make the
 * visitor wait for nothing.
 */
function pageArrivedAt(): number {
  const [navigation] = performance.getEntriesByType?.('navigation') ?? [];
  const responseStart = (navigation as Partial<PerformanceNavigationTiming> | undefined)?.responseStart;
  return responseStart ? responseStart : performance.now();
}

/** How long the page waits for the server's question before drawing one itself. */
export const QUESTION_WAIT_MS = 8000;

/**
 * The arithmetic human check of the public forms (spec 5, issue 10): the server issues the question with a token
 * (GET /api/human-check) once the page runs in the browser; if it cannot be reached the page draws the digits itself
 * and the form is sent without a token, which the server files as unverified. A question the server wrote into the
 * page (`issued`, docs/decisions/0019) is the first one, and none is fetched until it is renewed.
 */
export function useSumQuestion(issued: IssuedSumQuestion | null = null): SumQuestionState {
  const [question, setQuestion] = useState<AskedSumQuestion | null>(() =>
    issued ? { ...issued, receivedAt: pageArrivedAt() } : null,
  );
  /** Which round of questions, and what a renewal after a refusal carries over: the old token and first arrival. */
  const [round, setRound] = useState<{ count: number; after?: { token: string | null; receivedAt: number } }>({
    count: 0,
  });
  const [startedWithIssued] = useState(issued !== null);

  useEffect(() => {
    if (round.count === 0 && startedWithIssued) return;
    let current = true;
    const controller = new AbortController();
    const giveUp = setTimeout(() => controller.abort(), QUESTION_WAIT_MS);
    void fetchSumQuestion(controller.signal, round.after?.token ?? undefined)
      .then(
        ({ a, b, token }) => ({ a, b, token }),
        () => ({ ...createSumQuestion(), token: null }),
      )
      .then((asked) => {
        clearTimeout(giveUp);
        if (current) setQuestion({ ...asked, receivedAt: round.after?.receivedAt ?? performance.now() });
      });
    return () => {
      current = false;
      clearTimeout(giveUp);
      controller.abort();
    };
  }, [round, startedWithIssued]);

  const renew = useCallback(
    (form: 'same-form' | 'new-form') => {
      const after =
        form === 'same-form' && question ? { token: question.token, receivedAt: question.receivedAt } : undefined;
      setQuestion(null);
      setRound(({ count }) => ({ count: count + 1, after }));
    },
    [question],
  );
  const isCorrect = useCallback((answer: string) => question !== null && isCorrectSum(question, answer), [question]);

  return { question, renew, isCorrect };
}
