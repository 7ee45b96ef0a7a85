import { describe, expect, it } from 'vitest';
import { createSumQuestion, isCorrectSum, sumQuestionLabel } from './captcha';

/** A random source that returns the given values in turn. */
const sequence = (...values: number[]) => {
  let index = 0;
  return () => values[index++ % values.length] ?? 0;
};

describe('the arithmetic human check', () => {
  it('draws both operands from the digits 0 to 9 only', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 2_000; i += 1) {
      const { a, b } = createSumQuestion();
      for (const operand of [a, b]) {
        expect(Number.isInteger(operand)).toBe(true);
        expect(operand).toBeGreaterThanOrEqual(0);
        expect(operand).toBeLessThanOrEqual(9);
        seen.add(operand);
      }
    }
    expect([...seen].sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('maps the lowest and highest random values to 0 and 9', () => {
    expect(createSumQuestion(sequence(0, 0.9999999))).toEqual({ a: 0, b: 9 });
  });

  it('asks the question as "What is A + B?"', () => {
    expect(sumQuestionLabel({ a: 3, b: 7 })).toBe('What is 3 + 7?');
  });

  it('accepts the correct sum, also with surrounding spaces', () => {
    expect(isCorrectSum({ a: 3, b: 7 }, '10')).toBe(true);
    expect(isCorrectSum({ a: 0, b: 0 }, '0')).toBe(true);
    expect(isCorrectSum({ a: 9, b: 9 }, ' 18 ')).toBe(true);
  });

  it.each(['11', '9', '', ' ', '1 0', '10.0', '-10', '+10', '1e1', 'ten', '0x0A'])(
    'refuses %j as the answer to 3 + 7',
    (answer) => {
      expect(isCorrectSum({ a: 3, b: 7 }, answer)).toBe(false);
    },
  );
});
