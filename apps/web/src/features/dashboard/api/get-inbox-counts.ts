import { useQuery } from '@tanstack/react-query';
import { INBOX_PATHS, InboxCountsSchema, type InboxCounts } from '@agency/shared';
import { request } from '@/lib/api-client';
import { INBOX_POLL_MS, inboxKeys } from '../inbox-cache';

/** GET: each kind's count of new enquiries, and what its trash and spam hold. */
export function getInboxCounts(signal?: AbortSignal): Promise<InboxCounts['counts']> {
  return request(INBOX_PATHS.COUNTS, { signal, schema: InboxCountsSchema }).then((answer) => answer.counts);
}

/**
 * The tabs' counts, asked again every INBOX_POLL_MS while the page is visible and at once when it shows again
 * (TanStack Query pauses the interval of a hidden page). A change on screen updates them from its answer.
 */
export const useInboxCounts = () =>
  useQuery({
    queryKey: inboxKeys.counts,
    queryFn: ({ signal }) => getInboxCounts(signal),
    refetchInterval: INBOX_POLL_MS,
    refetchOnWindowFocus: 'always',
  });
