/**
 * What a public form sends beside its kind's fields, and what it gets back (issue 10). The spec's bare payload
 * (no human check, no honeypot, no key) still works for older clients.
 */

/** The server-issued arithmetic question: the two digits and a signed, expiring, single-use token. */
export interface IssuedSumQuestion {
  a: number;
  b: number;
  token: string;
}

/** The human check's two fields in a submission (JSON and form posts alike). */
export const HUMAN_CHECK_FIELDS = { token: 'humanCheckToken', answer: 'humanCheckAnswer' } as const;

/**
 * GET /api/human-check?after=<token>: the new question after a refusal carries the old one's first-served time, so a
 * corrected form is never "too fast" (issue 17).
 */
export const HUMAN_CHECK_AFTER_PARAMETER = 'after';

/** The honeypot: a field people never see or fill; anything in it marks the enquiry as spam. */
export const HONEYPOT_FIELD = 'website';

/** A form post's idempotency key (a JSON call sends the header instead). */
export const IDEMPOTENCY_FIELD = 'idempotencyKey';

/**
 * A browser form post's outcome (docs/decisions/0045): the redirect names it in the form page's address under this
 * parameter, and the page shows it in the element of this id, the address's fragment.
 */
export const FORM_OUTCOME = { param: 'outcome', anchor: 'form-outcome' } as const;
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export const SUBMISSION_RULES = {
  /** A question may be answered for this long after it was issued. */
  HUMAN_CHECK_TTL_MS: 30 * 60 * 1000,
  /**
   * A form sent sooner than this after it was first served to the visitor (the first question's time, carried by
   * every later question) is refused as too fast, never stored as spam (issue 17, docs/decisions/0027).
   */
  MIN_FILL_MS: 3000,
  /** Auto-replies to one e-mail address in a day, across the four forms; more enquiries are stored without one. */
  AUTO_REPLIES_PER_ADDRESS_PER_DAY: 3,
  /** A repeated idempotency key within this time gets the first answer. */
  IDEMPOTENCY_TTL_MS: 24 * 60 * 60 * 1000,
  IDEMPOTENCY_KEY_MAX: 100,
} as const;

/** A submit's answer: the spec's `success` and `message`, and the enquiry's reference. */
export interface SubmitAnswer {
  success: true;
  message: string;
  reference: string;
}

/** The reference a visitor quotes: `RD-26-00123` (the year in Lagos, then the number in one series for all forms). */
export const REFERENCE_PATTERN = /^RD-\d{2}-\d{5,}$/;

// Built once: a formatter with a time zone costs a fraction of a millisecond to build, and the submit path builds a
// reference inside its transaction, where every other submission waits for the database (issue 13).
const LAGOS_YEAR = new Intl.DateTimeFormat('en-NG', { timeZone: 'Africa/Lagos', year: '2-digit' });

export function formatReference(number: number, at: Date): string {
  const year = LAGOS_YEAR.format(at);
  return `RD-${year}-${String(number).padStart(5, '0')}`;
}

/**
 * The slots of a public form's page that the server fills per request (docs/decisions/0019): the question's two
 * digits (`a`, `b`), its token (`token`) and the form post's idempotency key (`key`), each marked by this attribute.
 */
export const FORM_SLOT_ATTRIBUTE = 'data-form-slot';

/** What a public form shows when the server renders its page as the answer to a form post (docs/decisions/0019). */
export interface FormPageState {
  /** What the visitor sent (empty after a success): text, selects and radios as strings, checkbox groups as lists. */
  values: Record<string, string | string[]>;
  /** Each message under its field, keyed by API field name. */
  errors: Record<string, string>;
  /** A message for the whole form (a 429's), shown where the form shows its failures. */
  formError: string | null;
  /** The question on the page, its token and what was answered to it ('' for a fresh question). */
  question: IssuedSumQuestion;
  answer: string;
  /** The key a post of this page carries. */
  idempotencyKey: string;
  /** After a success: the spec's message and the enquiry's reference. */
  sent: { message: string; reference: string } | null;
}
