import { API_PATHS, HUMAN_CHECK_AFTER_PARAMETER, LIMITS, type IssuedSumQuestion } from '@agency/shared';
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

/**
 * GET /api/human-check: a new question of two digits and its signed, single-use token (issue 10). `after`, the token
 * of the question the form had, keeps the time the form was first served (issue 17).
 */
export function fetchSumQuestion(signal?: AbortSignal, after?: string): Promise<IssuedSumQuestion> {
  const path = after
    ? `${API_PATHS.HUMAN_CHECK}?${new URLSearchParams({ [HUMAN_CHECK_AFTER_PARAMETER]: after }).toString()}`
    : API_PATHS.HUMAN_CHECK;
  return request(path, { signal, schema: issuedSumQuestionSchema });
}
