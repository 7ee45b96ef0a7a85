import { useQuery } from '@tanstack/react-query';
import { INBOX_PATHS, InboxPageSchema, type InboxPage, type InboxView as ListKind } from '@agency/shared';
import { request } from '@/lib/api-client';
import { inboxKeys } from '../inbox-cache';
import type { ListQuery } from '../inbox-query';

/** GET: one page (50) of a kind's enquiries, or every kind's (`all`), in a folder, newest first, with the filters and the cursor. */
export function listEnquiries(kind: ListKind, query: ListQuery, signal?: AbortSignal): Promise<InboxPage> {
  return request(INBOX_PATHS.list(kind), { signal, query: { ...query }, schema: InboxPageSchema });
}

/** A page of a view; shown again at once from the cache when the view comes back, and asked again meanwhile. */
export const useEnquiries = (kind: ListKind, query: ListQuery) =>
  useQuery({ queryKey: inboxKeys.list(kind, query), queryFn: ({ signal }) => listEnquiries(kind, query, signal) });
