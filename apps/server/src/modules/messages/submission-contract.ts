import type { SubmitAnswer } from '@agency/shared';
import type { HumanCheckVerdict, SpamReason } from '../../lib/database-schema';
import type { StoredAnswer } from './messages.repository';

// What storing a submission takes and gives back (messages.service.ts submitMessage), apart from the service so the
// routes and the form posts name it without importing the service's dependencies.

/** How the submit route judged a submission before storing it (issue 10). */
export interface SubmissionVerdict {
  spamReason: SpamReason | null;
  humanCheck: HumanCheckVerdict;
  /** The accepted token's random part and expiry: spent in the same transaction, so it works once. */
  spentToken?: { nonce: string; expiresAt: number };
  /** The form's idempotency key: its answer is stored with the enquiry. */
  idempotencyKey?: string;
}

export type SubmitOutcome =
  { stored: true; reference: string; answer: SubmitAnswer } | { stored: false; replay: StoredAnswer };
