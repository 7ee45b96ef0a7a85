import { ENQUIRY_KINDS, type MessageKind, type SubmissionByKind } from '@agency/shared';
import type { SpamReason } from '../lib/database-schema';
import { insertEnquiry } from '../modules/messages/messages.repository';
import { VALID_SUBMISSIONS } from './fixtures';
import type { TestContext } from './test-context';

/** Stores an enquiry as the submit route does (reference, folder, phone key), at a chosen time; answers its id. */
export async function storeEnquiry<K extends MessageKind>(
  context: TestContext,
  kind: K,
  options: { values?: Record<string, unknown>; createdAt?: number; spamReason?: SpamReason } = {},
): Promise<{ id: number; reference: string }> {
  const createdAt = options.createdAt ?? context.now().getTime();
  const schema = ENQUIRY_KINDS[kind].schema;
  const submission = schema.parse({ ...VALID_SUBMISSIONS[kind], ...options.values }) as SubmissionByKind[K];
  return insertEnquiry(
    context.db,
    kind,
    submission,
    { spam_reason: options.spamReason ?? null, human_check: 'verified' },
    createdAt,
  );
}
