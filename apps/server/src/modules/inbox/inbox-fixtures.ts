import { ENQUIRY_KINDS, formatReference, type MessageKind, type SubmissionByKind } from '@agency/shared';
import type { SpamReason } from '../../lib/database-schema';
import { VALID_SUBMISSIONS } from '../../test/fixtures';
import type { TestContext } from '../../test/test-context';
import { insertMessage, nextEnquiryNumber } from '../messages/messages.repository';

type Parse<K extends MessageKind> = (values: Record<string, unknown>) => SubmissionByKind[K];

// One parse per kind, so each gives its own kind's submission type.
const PARSE: { [K in MessageKind]: Parse<K> } = {
  web_dev: (values) => ENQUIRY_KINDS.web_dev.schema.parse(values),
  creative_design: (values) => ENQUIRY_KINDS.creative_design.schema.parse(values),
  contact: (values) => ENQUIRY_KINDS.contact.schema.parse(values),
  request_quote: (values) => ENQUIRY_KINDS.request_quote.schema.parse(values),
};

/** Stores an enquiry as the submit route does (reference, folder, phone key), at a chosen time; answers its id. */
export async function storeEnquiry<K extends MessageKind>(
  context: TestContext,
  kind: K,
  options: { values?: Record<string, unknown>; createdAt?: number; spamReason?: SpamReason } = {},
): Promise<{ id: number; reference: string }> {
  const createdAt = options.createdAt ?? context.now().getTime();
  const parse: Parse<K> = PARSE[kind];
  const submission = parse({ ...VALID_SUBMISSIONS[kind], ...options.values });
  const reference = formatReference(await nextEnquiryNumber(context.db, kind, createdAt), new Date(createdAt));
  const id = await insertMessage(
    context.db,
    kind,
    submission,
    { reference, spam_reason: options.spamReason ?? null, human_check: 'verified' },
    createdAt,
  );
  return { id, reference };
}
