import { API_PATHS, HUMAN_CHECK_FIELDS } from '@agency/shared';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, networkFailure, requestsTo, stubApi } from '@/test/stub-api';
import { issuedSlotsOf } from '../form-page-state';
import { SumQuestionField } from './sum-question-field';
import { drawDigits, findSumQuestion, readSumQuestion } from './test-utils';
import { QUESTION_WAIT_MS, useSumQuestion } from './use-sum-question';

function SumQuestionDemo() {
  const sum = useSumQuestion();
  const [answer, setAnswer] = useState('');
  return (
    <form>
      <SumQuestionField question={sum.question} token={sum.question?.token ?? ''} value={answer} onChange={setAnswer} />
      <output>{sum.isCorrect(answer) ? 'correct' : 'not correct'}</output>
      <p>Token: {sum.question ? String(sum.question.token) : 'no question yet'}</p>
      <button type="button" onClick={() => sum.renew('new-form')}>
        New question
      </button>
      <button type="button" onClick={() => sum.renew('same-form')}>
        Question after a refusal
      </button>
    </form>
  );
}

/** As a public form starts: with the question the server wrote into the page, if it did (docs/decisions/0019). */
function IssuedQuestionDemo() {
  const [slots] = useState(() => issuedSlotsOf(null));
  const sum = useSumQuestion(slots?.question ?? null);
  return (
    <form>
      <SumQuestionField question={sum.question} token={sum.question?.token ?? ''} value="" onChange={() => undefined} />
    </form>
  );
}

/** What the server does to a prerendered form page per request: the digits and the token go into their slots. */
function fillSlots(html: string, a: number, b: number, token: string): string {
  return html
    .replace(/(<span data-form-slot="question">)What is \? \+ \?/, `$1What is ${a} + ${b}?`)
    .replace(/(<input data-form-slot="token"[^>]*? value=")"/, `$1${token}"`);
}

/** The server issues these questions in turn, question n with the token `token-n`. */
function serverIssues(...questions: Array<[number, number]>) {
  let count = 0;
  return stubApi({
    [API_PATHS.HUMAN_CHECK]: () => {
      const [a, b] = questions[count % questions.length] ?? [0, 0];
      count += 1;
      return jsonResponse({ success: true, a, b, token: `token-${count}` });
    },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('SumQuestionField', () => {
  it('is named after the API field its answer is sent as', async () => {
    serverIssues([1, 1]);
    render(<SumQuestionDemo />);
    await findSumQuestion();
    expect(screen.getByRole('textbox', { name: 'What is 1 + 1?' })).toHaveAttribute('name', HUMAN_CHECK_FIELDS.answer);
  });

  it('prerenders without digits, so the HTML built ahead of time never disagrees with the browser', () => {
    const html = renderToString(<SumQuestionDemo />);
    expect(html).toContain('What is ? + ?');
    expect(html).not.toMatch(/What is \d/);
  });

  it('hydrates the prerendered HTML without a mismatch, then shows the question the server issued', async () => {
    const fetchMock = serverIssues([0, 9]);
    const consoleError = vi.spyOn(console, 'error');
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SumQuestionDemo />);
    document.body.append(container);

    const recoverableErrors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <SumQuestionDemo />, { onRecoverableError: (error) => recoverableErrors.push(error) });
    });

    expect((await findSumQuestion()).label).toBe('What is 0 + 9?');
    expect(screen.getByText('Token: token-1')).toBeInTheDocument();
    expect(requestsTo(fetchMock, API_PATHS.HUMAN_CHECK)).toHaveLength(1);
    expect(recoverableErrors).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('without JavaScript the prerendered slots hold "What is ? + ?" and an empty token, for the server to fill', () => {
    const html = renderToString(<IssuedQuestionDemo />);
    expect(html).toContain('<span data-form-slot="question">What is ? + ?</span>');
    expect(html).toMatch(/<input data-form-slot="token" type="hidden" name="humanCheckToken" value=""\/>/);
    expect(fillSlots(html, 3, 4, 'server-token')).toContain('value="server-token"');
  });

  it('hydrating a page the server filled adopts its question and token: no mismatch and no second question', async () => {
    const fetchMock = serverIssues([0, 9]);
    const consoleError = vi.spyOn(console, 'error');
    const container = document.createElement('div');
    container.innerHTML = fillSlots(renderToString(<IssuedQuestionDemo />), 3, 4, 'server-token');
    document.body.append(container);

    const recoverableErrors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <IssuedQuestionDemo />, { onRecoverableError: (error) => recoverableErrors.push(error) });
    });

    expect(readSumQuestion().label).toBe('What is 3 + 4?');
    expect(container.querySelector('input[name="humanCheckToken"]')).toHaveValue('server-token');
    expect(requestsTo(fetchMock, API_PATHS.HUMAN_CHECK)).toHaveLength(0);
    expect(recoverableErrors).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('a page whose slots were not filled asks the server as before', async () => {
    const fetchMock = serverIssues([2, 2]);
    render(<IssuedQuestionDemo />);
    expect((await findSumQuestion()).label).toBe('What is 2 + 2?');
    expect(requestsTo(fetchMock, API_PATHS.HUMAN_CHECK)).toHaveLength(1);
  });

  it('accepts only the exact sum as the answer', async () => {
    serverIssues([7, 8]);
    render(<SumQuestionDemo />);
    await findSumQuestion();
    const input = screen.getByRole('textbox', { name: 'What is 7 + 8?' });

    for (const [typed, verdict] of [
      ['15', 'correct'],
      [' 15 ', 'correct'],
      ['16', 'not correct'],
      ['1.5e1', 'not correct'],
      ['', 'not correct'],
    ] as const) {
      fireEvent.change(input, { target: { value: typed } });
      expect(screen.getByRole('status')).toHaveTextContent(new RegExp(`^${verdict}$`));
    }
  });

  it('asks the server again for a new question, showing no digits until it arrives', async () => {
    let answerSecond: (response: Response) => void = () => undefined;
    let count = 0;
    stubApi({
      [API_PATHS.HUMAN_CHECK]: () => {
        count += 1;
        if (count === 1) return jsonResponse({ success: true, a: 2, b: 3, token: 'first' });
        return new Promise<Response>((resolve) => (answerSecond = resolve));
      },
    });
    render(<SumQuestionDemo />);
    await findSumQuestion();
    fireEvent.click(screen.getByRole('button', { name: 'New question' }));

    expect(screen.getByRole('textbox', { name: 'What is ? + ?' })).toBeInTheDocument();
    expect(screen.getByText('Token: no question yet')).toBeInTheDocument();
    await act(async () => answerSecond(jsonResponse({ success: true, a: 6, b: 1, token: 'second' })));
    expect(readSumQuestion().label).toBe('What is 6 + 1?');
    expect(screen.getByText('Token: second')).toBeInTheDocument();
  });

  it('after a refusal, sends the old token along so the new one keeps the time the form was first served', async () => {
    const fetchMock = serverIssues([2, 3], [6, 1], [4, 4]);
    render(<SumQuestionDemo />);
    await findSumQuestion();
    fireEvent.click(screen.getByRole('button', { name: 'Question after a refusal' }));
    expect(await screen.findByText('Token: token-2')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'New question' }));
    expect(await screen.findByText('Token: token-3')).toBeInTheDocument();
    expect(requestsTo(fetchMock, API_PATHS.HUMAN_CHECK).map((request) => request.url)).toEqual([
      API_PATHS.HUMAN_CHECK,
      `${API_PATHS.HUMAN_CHECK}?after=token-1`,
      API_PATHS.HUMAN_CHECK,
    ]);
  });

  it.each([
    ['the network fails', networkFailure],
    ['the server answers 503', () => jsonResponse({ success: false, message: 'Down for a moment.' }, 503)],
    ['the answer is not a question', () => jsonResponse({ success: true, a: 12, b: 1, token: '' })],
  ])('when %s, draws two digits in the page and has no token', async (_case, answer) => {
    vi.spyOn(Math, 'random').mockImplementation(drawDigits(4, 2));
    stubApi({ [API_PATHS.HUMAN_CHECK]: answer });
    render(<SumQuestionDemo />);

    expect((await findSumQuestion()).label).toBe('What is 4 + 2?');
    expect(screen.getByText('Token: null')).toBeInTheDocument();
  });

  it(`when the server has not answered after ${QUESTION_WAIT_MS / 1000} s, draws two digits in the page`, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(Math, 'random').mockImplementation(drawDigits(5, 5));
    const fetchMock = stubApi({
      [API_PATHS.HUMAN_CHECK]: ({ init }) =>
        new Promise<Response>((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
        ),
    });
    render(<SumQuestionDemo />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));

    act(() => vi.advanceTimersByTime(QUESTION_WAIT_MS - 100));
    expect(screen.getByRole('textbox', { name: 'What is ? + ?' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect((await findSumQuestion()).label).toBe('What is 5 + 5?');
    expect(screen.getByText('Token: null')).toBeInTheDocument();
  });
});
