import { useQuery } from '@tanstack/react-query';
import { INBOX_PATHS, InboxMatchesSchema, type InboxMatches } from '@agency/shared';
import { request } from '@/lib/api-client';
import { inboxKeys } from '../inbox-cache';
import type { ListQuery } from '../inbox-query';

/** GET: each kind's count of enquiries a search and filters match, for the hint about the other tabs. */
export function countMatches(query: ListQuery, signal?: AbortSignal): Promise<InboxMatches['matches']> {
  return request(INBOX_PATHS.MATCHES, { signal, query: { ...query }, schema: InboxMatchesSchema }).then(
    (answer) => answer.matches,
  );
}

export const useMatches = (query: ListQuery) =>
  useQuery({ queryKey: inboxKeys.matches(query), queryFn: ({ signal }) => countMatches(query, signal) });
