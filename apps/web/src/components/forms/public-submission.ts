import { HONEYPOT_FIELD, HUMAN_CHECK_FIELDS, type FirstTouchField } from '@agency/shared';

/**
 * What a public form sends beside its kind's fields: the human check and the honeypot, as it is (issue 10), and the
 * visit's first-touch source where one was read (docs/decisions/0041).
 */
export type SubmissionFields = { [HONEYPOT_FIELD]: string } & Partial<
  Record<(typeof HUMAN_CHECK_FIELDS)[keyof typeof HUMAN_CHECK_FIELDS] | FirstTouchField, string>
>;

/** Handed by the form kit to a public form's call in features/<feature>/api/. */
export interface PublicSubmission {
  /** Sent in the JSON body beside the fields. */
  fields: SubmissionFields;
  /** Sent as the Idempotency-Key header: the same for every try of one filled form, so it is stored once. */
  idempotencyKey: string;
}

/** The answer of a submit, as far as the form reads it: the enquiry's reference, if the server gave one. */
export function referenceOf(answer: unknown): string | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const { reference } = answer as { reference?: unknown };
  return typeof reference === 'string' && reference !== '' ? reference : null;
}

/** A new random key; randomUUID exists only in secure contexts (https, localhost), getRandomValues everywhere. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
