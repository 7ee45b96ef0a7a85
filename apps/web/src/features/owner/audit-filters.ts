import { AUDIT_ACTIONS, type AuditAction } from '@agency/shared';

/** What the audit log is filtered by; the page keeps it in the address, so a filtered view can be bookmarked. */
export interface AuditFilters {
  action?: AuditAction;
  actorId?: string;
  from?: string;
  to?: string;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isAction = (value: string | null): value is AuditAction => AUDIT_ACTIONS.some((action) => action === value);

/** The filters an address names; a value the server would refuse is left out rather than sent. */
export function auditFiltersOf(params: URLSearchParams): AuditFilters {
  const action = params.get('action');
  const actorId = params.get('actorId');
  const from = params.get('from');
  const to = params.get('to');
  return {
    ...(isAction(action) ? { action } : {}),
    ...(actorId && /^[1-9]\d*$/.test(actorId) ? { actorId } : {}),
    ...(from && ISO_DAY.test(from) ? { from } : {}),
    ...(to && ISO_DAY.test(to) ? { to } : {}),
  };
}

/** The filters as a query string, without the leading "?"; empty when nothing is filtered. */
export function auditSearchOf(filters: AuditFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  return params.toString();
}
