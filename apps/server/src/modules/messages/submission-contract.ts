import type { MessageKind, SubmissionByKind, SubmitAnswer } from '@agency/shared';
import type { HumanCheckVerdict, SpamReason } from '../../lib/database-schema';
import type { StoredAnswer } from './messages.repository';

// What a submission store takes and gives back, apart from how it stores: app-deps.ts names the store, and the
// service and the in-process store implement it, without a type circle through AppDeps.

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

/** Where the public forms' submissions are stored (enquiry-store.ts, on the app's own connection). */
export interface EnquiryStore {
  submit<K extends MessageKind>(
    kind: K,
    submission: SubmissionByKind[K],
    verdict: SubmissionVerdict,
  ): Promise<SubmitOutcome>;
}
