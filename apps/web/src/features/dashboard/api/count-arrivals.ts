import { INBOX_PATHS, InboxArrivalsSchema, type MessageKind } from '@agency/shared';
import { request } from '@/lib/api-client';
import type { ListQuery } from '../inbox-query';

/** GET: how many enquiries of a view are newer than `since` (a page's `newest`): the open list's poll. */
export function countArrivals(
  kind: MessageKind,
  query: ListQuery & { since?: string },
  signal?: AbortSignal,
): Promise<number> {
  return request(INBOX_PATHS.arrivals(kind), { signal, query: { ...query }, schema: InboxArrivalsSchema }).then(
    (answer) => answer.count,
  );
}
