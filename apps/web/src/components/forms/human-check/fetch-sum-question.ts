import { API_PATHS, LIMITS, type IssuedSumQuestion } from '@agency/shared';
import { request, type ResponseSchema } from '@/lib/api-client';

const isDigit = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= LIMITS.SUM_OPERAND_MIN && (value as number) <= LIMITS.SUM_OPERAND_MAX;

const issuedSumQuestionSchema: ResponseSchema<IssuedSumQuestion> = {
  parse(answer) {
    const { a, b, token } = (typeof answer === 'object' && answer !== null ? answer : {}) as Record<string, unknown>;
    if (!isDigit(a) || !isDigit(b) || typeof token !== 'string' || token === '') {
      throw new TypeError('The answer is not a question of two digits with a token');
    }
    return { a, b, token };
  },
};

/** GET /api/human-check: a new question of two digits and its signed, single-use token (issue 10). */
export function fetchSumQuestion(signal?: AbortSignal): Promise<IssuedSumQuestion> {
  return request(API_PATHS.HUMAN_CHECK, { signal, schema: issuedSumQuestionSchema });
}
