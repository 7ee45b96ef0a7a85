import { createSumQuestion, isCorrectSum, type SumQuestion } from '@agency/shared';
import { useCallback, useState, useSyncExternalStore } from 'react';

export interface SumQuestionState {
  /** null in the prerendered HTML and during hydration: a question drawn at build time would differ from the client's. */
  question: SumQuestion | null;
  regenerate: () => void;
  isCorrect: (answer: string) => boolean;
}

const subscribeToNothing = () => () => undefined;

/** false while prerendering and hydrating, true once the page runs in the browser. */
function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/** The arithmetic human check of the public forms (spec 5), shown only once the page runs in the browser. */
export function useSumQuestion(): SumQuestionState {
  const hydrated = useIsHydrated();
  const [drawn, setDrawn] = useState<SumQuestion>(() => createSumQuestion());
  const question = hydrated ? drawn : null;

  const regenerate = useCallback(() => setDrawn(createSumQuestion()), []);
  const isCorrect = useCallback((answer: string) => question !== null && isCorrectSum(question, answer), [question]);

  return { question, regenerate, isCorrect };
}
