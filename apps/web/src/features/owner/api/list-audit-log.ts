import { AuditPageSchema, STAFF_ADMIN_PATHS } from '@agency/shared';
import { request } from '@/lib/api-client';
import type { AuditFilters } from '../audit-filters';

export type AuditPage = ReturnType<typeof AuditPageSchema.parse>;

/** GET (owners): one page of the audit log, newest first; `before` is the previous page's `older`. */
export function listAuditLog(filters: AuditFilters, before: number | null, signal?: AbortSignal): Promise<AuditPage> {
  return request(STAFF_ADMIN_PATHS.AUDIT, {
    signal,
    query: { ...filters, before: before ?? undefined },
    schema: AuditPageSchema,
  });
}
