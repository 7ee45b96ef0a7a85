import { useInfiniteQuery } from '@tanstack/react-query';
import { AuditPageSchema, STAFF_ADMIN_PATHS } from '@agency/shared';
import { request } from '@/lib/api-client';
import type { AuditFilters } from '../audit-filters';

export type AuditPage = ReturnType<typeof AuditPageSchema.parse>;

/** GET (owners): one page of the audit log, newest first; `after` is the last page's `older` (the next page down). */
export function listAuditLog(filters: AuditFilters, after: number | null, signal?: AbortSignal): Promise<AuditPage> {
  return request(STAFF_ADMIN_PATHS.AUDIT, {
    signal,
    query: { ...filters, after: after ?? undefined },
    schema: AuditPageSchema,
  });
}

/** The log under some filters, page by page: each "Older" adds the next page below those already shown. */
export const useAuditLog = (filters: AuditFilters) =>
  useInfiniteQuery({
    queryKey: ['audit-log', filters],
    queryFn: ({ pageParam, signal }) => listAuditLog(filters, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.older,
    meta: { ownersOnly: true },
  });
