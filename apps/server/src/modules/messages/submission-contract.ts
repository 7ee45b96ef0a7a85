import type { FirstTouch, SubmitAnswer } from '@agency/shared';
import type { HumanCheckVerdict, SpamReason } from '../../lib/database-schema';
import type { StoredAnswer } from './messages.repository';

// What the submit pipeline (messages.service.ts submitEnquiry) takes and gives back, apart from the service so the
// form posts and the submission's input name it without importing the service's dependencies.

/** How the human check judged a submission before it is stored (issue 10). */
export interface SubmissionVerdict {
  spamReason: SpamReason | null;
  humanCheck: HumanCheckVerdict;
  /** The accepted token's random part and expiry: spent in the same transaction, so it works once. */
  spentToken?: { nonce: string; expiresAt: number };
  /** The form's idempotency key: its answer is stored with the enquiry. */
  idempotencyKey?: string;
  /** Where the visitor came from, cleaned and classified (docs/decisions/0041); null when nothing was carried. */
  firstTouch?: FirstTouch | null;
}

/** What storing gives back: stored, or the first answer of an idempotency key that raced this one. */
export type StoreOutcome =
  { stored: true; reference: string; answer: SubmitAnswer } | { stored: false; replay: StoredAnswer };

/** Why a submission was refused: the message, and each field's own message where a field is at fault. */
export interface Refusal {
  message: string;
  errors?: Record<string, string>;
}

/** What became of a submission; the routes map each outcome to their answer. */
export type SubmitEnquiryOutcome =
  /** Stored (or taken as spam, answered the same), its mails queued. */
  | { outcome: 'stored'; status: 201; answer: SubmitAnswer }
  /** An idempotency key answered before: its first answer, as it was answered. */
  | { outcome: 'repeated'; status: number; answer: SubmitAnswer }
  /** The form limit reached for this client: nothing read further. */
  | { outcome: 'limited'; retryAfterSeconds: number }
  /** A field refused by the kind's schema, and the human check's refusal too when it failed as well. */
  | { outcome: 'invalid'; fields: Refusal; humanCheck?: Refusal }
  /** The fields are good; the question's answer, its token, or the time taken is not. */
  | { outcome: 'human-check-failed'; humanCheck: Refusal };
