import { INBOX_PATHS, InboxCountsSchema, type InboxCounts } from '@agency/shared';
import { request } from '@/lib/api-client';

/** GET: each kind's count of new enquiries, and what its trash and spam hold. */
export function getInboxCounts(signal?: AbortSignal): Promise<InboxCounts['counts']> {
  return request(INBOX_PATHS.COUNTS, { signal, schema: InboxCountsSchema }).then((answer) => answer.counts);
}
