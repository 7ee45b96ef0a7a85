import { LIMITS } from './limits';

export interface SumQuestion {
  a: number;
  b: number;
}

const randomDigit = (random: () => number) =>
  LIMITS.SUM_OPERAND_MIN + Math.floor(random() * (LIMITS.SUM_OPERAND_MAX - LIMITS.SUM_OPERAND_MIN + 1));

/** The arithmetic human check of every public form: two random digits 0 to 9 (spec 5). */
export function createSumQuestion(random: () => number = Math.random): SumQuestion {
  return { a: randomDigit(random), b: randomDigit(random) };
}

export function sumQuestionLabel(question: SumQuestion): string {
  return `What is ${question.a} + ${question.b}?`;
}

export function isCorrectSum(question: SumQuestion, answer: string): boolean {
  const trimmed = answer.trim();
  return /^\d+$/.test(trimmed) && Number(trimmed) === question.a + question.b;
}
