import { FORM_SLOT_ATTRIBUTE, type FormPageState, type IssuedSumQuestion } from '@agency/shared';
import { createContext } from 'react';

/**
 * The state a public form starts from when the server renders its page as the answer to a form post without
 * JavaScript (docs/decisions/0019): values, errors, the question, the key, the success. Provided by entry-server only.
 */
export const FormPageStateContext = createContext<FormPageState | null>(null);

/** What the server put into the page's slots: the question with its token, and the form post's key. */
export interface IssuedSlots {
  question: IssuedSumQuestion | null;
  idempotencyKey: string;
}

/** The question as the server wrote it: sumQuestionLabel's text. */
const ISSUED_QUESTION = /^What is (\d) \+ (\d)\?$/;

const slotSelector = (slot: string) => `[${FORM_SLOT_ATTRIBUTE}="${slot}"]`;

/**
 * The slots a public form starts with: on the server, empty (prerendered; the server fills them per request) unless a
 * form post's answer is being rendered; in the browser while the page hydrates, what the server wrote into them, so
 * the first render equals the HTML and no second question is fetched. A form already live (a page rendered in the
 * browser after a navigation) finds none and asks the server as before.
 */
export function issuedSlotsOf(pageState: FormPageState | null): IssuedSlots | null {
  if (pageState) return { question: pageState.question, idempotencyKey: pageState.idempotencyKey };
  if (typeof document === 'undefined') return { question: null, idempotencyKey: '' };
  const token = document.querySelector<HTMLInputElement>(`input${slotSelector('token')}`);
  const form = token?.form;
  if (!token || !form || token.value === '' || window.__formKit?.live.has(form)) return null;
  const digits = ISSUED_QUESTION.exec(form.querySelector(slotSelector('question'))?.textContent ?? '');
  if (!digits) return null;
  const [a, b] = [Number(digits[1]), Number(digits[2])];
  const key = form.querySelector<HTMLInputElement>(`input${slotSelector('key')}`)?.value ?? '';
  return { question: { a, b, token: token.value }, idempotencyKey: key };
}
