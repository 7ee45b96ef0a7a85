import { INBOX_PATHS, InboxPageSchema, type InboxPage, type MessageKind } from '@agency/shared';
import { request } from '@/lib/api-client';
import type { ListQuery } from '../inbox-query';

/** GET: one page (50) of a kind's enquiries in a folder, newest first, with the filters and the cursor. */
export function listEnquiries(kind: MessageKind, query: ListQuery, signal?: AbortSignal): Promise<InboxPage> {
  return request(INBOX_PATHS.list(kind), { signal, query: { ...query }, schema: InboxPageSchema });
}
