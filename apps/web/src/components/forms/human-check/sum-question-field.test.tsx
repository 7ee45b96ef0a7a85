import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SumQuestionField } from './sum-question-field';
import { drawDigits, readSumQuestion } from './test-utils';
import { useSumQuestion } from './use-sum-question';

function SumQuestionDemo() {
  const sum = useSumQuestion();
  const [answer, setAnswer] = useState('');
  return (
    <form>
      <SumQuestionField question={sum.question} value={answer} onChange={setAnswer} />
      <output>{sum.isCorrect(answer) ? 'correct' : 'not correct'}</output>
      <button type="button" onClick={sum.regenerate}>
        New question
      </button>
    </form>
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('SumQuestionField', () => {
  it('prerenders without digits, so the HTML built ahead of time never disagrees with the browser', () => {
    const html = renderToString(<SumQuestionDemo />);
    expect(html).toContain('What is ? + ?');
    expect(html).not.toMatch(/What is \d/);
  });

  it('hydrates the prerendered HTML without a mismatch and then draws two digits from 0 to 9', async () => {
    vi.spyOn(Math, 'random').mockImplementation(drawDigits(0, 9));
    const consoleError = vi.spyOn(console, 'error');
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SumQuestionDemo />);
    document.body.append(container);

    const recoverableErrors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <SumQuestionDemo />, { onRecoverableError: (error) => recoverableErrors.push(error) });
    });

    expect(recoverableErrors).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    expect(readSumQuestion().label).toBe('What is 0 + 9?');
  });

  it('accepts only the exact sum as the answer', () => {
    vi.spyOn(Math, 'random').mockImplementation(drawDigits(7, 8));
    render(<SumQuestionDemo />);
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
});
