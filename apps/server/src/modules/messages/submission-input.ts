import {
  API_MESSAGES,
  FIELD_MESSAGES,
  FIRST_TOUCH_FIELD_NAMES,
  type FirstTouchField,
  HONEYPOT_FIELD,
  HUMAN_CHECK_FIELDS,
  IDEMPOTENCY_FIELD,
  IDEMPOTENCY_HEADER,
  SUBMISSION_RULES,
} from '@agency/shared';
import type { Request } from 'express';
import type { HumanCheckVerdict, SpamReason } from '../../lib/database-schema';
import { AppError } from '../../lib/errors';
import { TOKEN_MAX, type HumanCheck } from '../human-check/human-check';
import type { Refusal, SubmissionVerdict } from './submission-contract';

/** What a submission carries beside its kind's fields, taken off the body before the kind's strict schema runs. */
export interface SubmissionExtras {
  fields: unknown;
  token: unknown;
  answer: unknown;
  honeypot: unknown;
  idempotencyKey: string | undefined;
  /** The first-touch source the form carried (docs/decisions/0041), as sent: cleaned when stored. */
  firstTouch: Partial<Record<FirstTouchField, unknown>>;
}

const IDEMPOTENCY_KEY = new RegExp(`^[A-Za-z0-9_-]{1,${SUBMISSION_RULES.IDEMPOTENCY_KEY_MAX}}$`);

/** Splits the body into the kind's fields and the extras; reads the idempotency key from the header or the body. */
export function extrasOf(req: Request): SubmissionExtras {
  const body: unknown = req.body;
  let fields: unknown = body;
  let token: unknown;
  let answer: unknown;
  let honeypot: unknown;
  let keyField: unknown;
  const firstTouch: SubmissionExtras['firstTouch'] = {};
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const {
      [HUMAN_CHECK_FIELDS.token]: bodyToken,
      [HUMAN_CHECK_FIELDS.answer]: bodyAnswer,
      [HONEYPOT_FIELD]: bodyHoneypot,
      [IDEMPOTENCY_FIELD]: bodyKey,
      ...rest
    } = body as Record<string, unknown>;
    for (const name of FIRST_TOUCH_FIELD_NAMES) {
      firstTouch[name] = rest[name];
      delete rest[name];
    }
    fields = rest;
    token = bodyToken;
    answer = bodyAnswer;
    honeypot = bodyHoneypot;
    keyField = bodyKey;
  }
  const header = req.get(IDEMPOTENCY_HEADER);
  const key = header ?? keyField;
  if (key !== undefined && key !== '' && (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key))) {
    throw new AppError(400, API_MESSAGES.IDEMPOTENCY_KEY_INVALID);
  }
  const idempotencyKey = typeof key === 'string' && key !== '' ? key : undefined;
  return { fields, token, answer, honeypot, idempotencyKey, firstTouch };
}

function wrongSum(message: string): AppError {
  return new AppError(400, message, { [HUMAN_CHECK_FIELDS.answer]: message });
}

function expired(): AppError {
  return new AppError(400, API_MESSAGES.HUMAN_CHECK_EXPIRED, {
    [HUMAN_CHECK_FIELDS.answer]: API_MESSAGES.HUMAN_CHECK_EXPIRED,
  });
}

/**
 * Judges the human check and the invisible spam defences (docs/decisions/0018, 0027):
 * - a correct answer to a question this server issued less than 30 minutes ago -> verified;
 * - neither field (the spec's bare payload) -> unverified, or refused when REQUIRE_HUMAN_CHECK=true;
 * - a wrong or missing answer -> 400 with the form's own wrong-sum message; a forged or expired token -> 400 asking
 *   for the new question;
 * - the form sent under 3 s after it was first served to the visitor -> 400 asking to send it again (the token stays
 *   good, so the page keeps the question, the answer and every field): a person is never told "sent" while filed;
 * - the honeypot filled -> stored as spam, answered as a success (no person fills a field they cannot see).
 */
export function judgeSubmission(
  extras: SubmissionExtras,
  options: { humanCheck: HumanCheck; now: number; requireHumanCheck: boolean; wrongSumMessage: string },
): Omit<SubmissionVerdict, 'idempotencyKey'> {
  const { token, answer } = extras;
  const answered = answer !== undefined && answer !== null && answer !== '';
  const honeypotHit = typeof extras.honeypot === 'string' ? extras.honeypot.trim() !== '' : extras.honeypot != null;
  let humanCheck: HumanCheckVerdict = 'unverified';
  let spentToken: SubmissionVerdict['spentToken'];

  if ((token === undefined || token === null || token === '') && !answered) {
    if (options.requireHumanCheck) throw wrongSum(options.wrongSumMessage);
  } else {
    if (typeof token !== 'string' || token.length > TOKEN_MAX) throw expired();
    const reading = options.humanCheck.read(token, options.now);
    if (!reading.valid) throw expired();
    const text = typeof answer === 'number' ? String(answer) : typeof answer === 'string' ? answer.trim() : '';
    if (!/^\d{1,3}$/.test(text) || Number(text) !== reading.claims.a + reading.claims.b) {
      throw wrongSum(options.wrongSumMessage);
    }
    humanCheck = 'verified';
    spentToken = {
      nonce: reading.claims.nonce,
      expiresAt: reading.claims.issuedAt + SUBMISSION_RULES.HUMAN_CHECK_TTL_MS,
    };
    if (!honeypotHit && options.now - reading.claims.firstServedAt < SUBMISSION_RULES.MIN_FILL_MS) {
      throw new AppError(400, API_MESSAGES.SENT_TOO_FAST);
    }
  }
  const spamReason: SpamReason | null = honeypotHit ? 'honeypot' : null;
  return { spamReason, humanCheck, spentToken };
}

/** The kit's own first check of the answer on the form's page: an empty one is a missing field, not a wrong sum (0005). */
export function emptyAnswerRefusal(answer: unknown): Refusal | undefined {
  const text = typeof answer === 'string' ? answer.trim() : answer;
  if (text !== undefined && text !== '') return undefined;
  return { message: FIELD_MESSAGES.SUM_REQUIRED, errors: { [HUMAN_CHECK_FIELDS.answer]: FIELD_MESSAGES.SUM_REQUIRED } };
}
