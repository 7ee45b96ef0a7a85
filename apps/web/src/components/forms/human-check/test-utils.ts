import { act, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { expect, vi } from 'vitest';

const QUESTION_PATTERN = /^What is (\d) \+ (\d)\?$/;

/** Finds the arithmetic check the way a visitor does: by its label "What is A + B?". */
export function getSumInput(): HTMLInputElement {
  return screen.getByRole('textbox', { name: QUESTION_PATTERN });
}

/** Waits until the question has arrived from the server (or been drawn in the page) and reads it. */
export async function findSumQuestion(): Promise<{ a: number; b: number; label: string }> {
  await screen.findByRole('textbox', { name: QUESTION_PATTERN });
  return readSumQuestion();
}

export function readSumQuestion(): { a: number; b: number; label: string } {
  const input = getSumInput();
  const label = input.labels?.[0]?.textContent?.replace('*', '').trim() ?? '';
  const match = QUESTION_PATTERN.exec(label);
  if (!match) throw new Error(`Not a sum question: "${label}"`);
  return { a: Number(match[1]), b: Number(match[2]), label };
}

export async function answerSumQuestion(user: UserEvent, options: { correct: boolean }): Promise<void> {
  const { a, b } = await findSumQuestion();
  const input = getSumInput();
  await user.clear(input);
  await user.type(input, String(options.correct ? a + b : a + b + 1));
}

/** Makes Math.random draw the given digits in turn (0..9 each), for a question the page draws itself. */
export function drawDigits(...digits: number[]): () => number {
  let index = 0;
  return () => {
    const digit = digits[index % digits.length] ?? 0;
    index += 1;
    return (digit + 0.5) / 10;
  };
}

/**
 * Renders `ui` to HTML as the prerenderer does, hydrates it, and checks React found no mismatch and the question
 * arrived once the page ran in the browser.
 */
export async function expectHydratesWithoutMismatch(ui: ReactElement): Promise<void> {
  const container = document.createElement('div');
  container.innerHTML = renderToString(ui);
  document.body.append(container);
  const consoleError = vi.spyOn(console, 'error');
  const recoverableErrors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, ui, { onRecoverableError: (error) => recoverableErrors.push(error) });
  });
  expect(recoverableErrors).toEqual([]);
  expect(consoleError).not.toHaveBeenCalled();
  expect(await within(container).findByRole('textbox', { name: QUESTION_PATTERN })).toBeInTheDocument();
  container.remove();
}
