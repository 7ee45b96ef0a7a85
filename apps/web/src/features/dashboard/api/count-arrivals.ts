import { useQuery } from '@tanstack/react-query';
import { INBOX_PATHS, InboxArrivalsSchema, type InboxView as ListKind } from '@agency/shared';
import { request } from '@/lib/api-client';
import { INBOX_POLL_MS, inboxKeys } from '../inbox-cache';
import type { ListQuery } from '../inbox-query';

/** GET: how many enquiries of a view are newer than `since` (a page's `newest`): the open list's poll. */
export function countArrivals(
  kind: ListKind,
  query: ListQuery & { since?: string },
  signal?: AbortSignal,
): Promise<number> {
  return request(INBOX_PATHS.arrivals(kind), { signal, query: { ...query }, schema: InboxArrivalsSchema }).then(
    (answer) => answer.count,
  );
}

/**
 * The open list's poll (issue 17): every INBOX_POLL_MS while the page is visible, and at once when it shows again,
 * how many enquiries of the view are newer than its newest row. 0 until the first poll: the list was just loaded.
 */
export const useArrivals = (kind: ListKind, query: ListQuery, since: string | null, enabled: boolean) =>
  useQuery({
    queryKey: inboxKeys.arrivals(kind, query, since),
    queryFn: ({ signal }) => countArrivals(kind, { ...query, ...(since ? { since } : {}) }, signal),
    enabled,
    initialData: 0,
    staleTime: INBOX_POLL_MS,
    refetchInterval: INBOX_POLL_MS,
    refetchOnWindowFocus: 'always',
  });
