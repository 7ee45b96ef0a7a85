import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createSumQuestion, SUBMISSION_RULES, type IssuedSumQuestion } from '@agency/shared';

/**
 * A token's content: the question, when it was issued, a random part that makes it single-use, and when the form was
 * first served to this visitor (issue 17): a question issued after a refusal carries the first one's time, so the
 * time-to-submit rule counts from the form's first showing and a quick correction is never "too fast".
 */
export interface HumanCheckClaims {
  a: number;
  b: number;
  issuedAt: number;
  nonce: string;
  firstServedAt: number;
}

export type TokenReading = { valid: true; claims: HumanCheckClaims } | { valid: false };

/**
 * Signs and reads the arithmetic question's tokens (docs/decisions/0018). The question is no secret (it is shown),
 * so the token only proves that this server issued it and when: HMAC-SHA-256 with a key derived from the session
 * secret, which every instance shares. Expiry is checked here; single use by the caller, in the database.
 */
export function createHumanCheck(secret: string) {
  const key = createHmac('sha256', secret).update('human-check-token').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

  /**
   * A new question. `after`, the token of the question the visitor had (refused, or answered wrongly), passes on its
   * first-served time while it is still valid; a bad or expired one counts as none.
   */
  function issue(now: number, after?: string): IssuedSumQuestion {
    const { a, b } = createSumQuestion();
    const earlier: TokenReading =
      typeof after === 'string' && after.length <= TOKEN_MAX ? read(after, now) : { valid: false };
    const firstServedAt = earlier.valid ? earlier.claims.firstServedAt : now;
    const claims = [a, b, now, randomBytes(12).toString('hex'), firstServedAt];
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return { a, b, token: `${payload}.${sign(payload)}` };
  }

  function read(token: string, now: number): TokenReading {
    const [payload, signature, ...rest] = token.split('.');
    if (!payload || !signature || rest.length > 0) return { valid: false };
    const expected = Buffer.from(sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { valid: false };
    let parts: unknown;
    try {
      parts = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return { valid: false };
    }
    // Tokens issued before issue 17 have four claims: their form was first served when they were issued.
    if (!Array.isArray(parts) || (parts.length !== 4 && parts.length !== 5)) return { valid: false };
    const [a, b, issuedAt, nonce, firstServedAt = issuedAt] = parts as unknown[];
    if (
      typeof a !== 'number' ||
      typeof b !== 'number' ||
      typeof issuedAt !== 'number' ||
      typeof nonce !== 'string' ||
      typeof firstServedAt !== 'number' ||
      firstServedAt > issuedAt
    ) {
      return { valid: false };
    }
    if (now - issuedAt > SUBMISSION_RULES.HUMAN_CHECK_TTL_MS || issuedAt > now + 60_000) return { valid: false };
    return { valid: true, claims: { a, b, issuedAt, nonce, firstServedAt } };
  }

  return { issue, read };
}

export type HumanCheck = ReturnType<typeof createHumanCheck>;

/** The longest token read: a real one is about 120 characters. */
export const TOKEN_MAX = 500;
