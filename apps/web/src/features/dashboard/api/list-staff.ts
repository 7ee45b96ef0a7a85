import { useQuery } from '@tanstack/react-query';
import { INBOX_PATHS, StaffListSchema, type StaffMember } from '@agency/shared';
import { request } from '@/lib/api-client';
import { inboxKeys } from '../inbox-cache';

/** GET: the staff accounts an enquiry can be assigned to. */
export function listStaff(signal?: AbortSignal): Promise<StaffMember[]> {
  return request(INBOX_PATHS.STAFF, { signal, schema: StaffListSchema }).then((answer) => answer.staff);
}

/** Asked once per visit of the inbox: the staff list changes when an owner approves or removes someone. */
export const useStaff = () =>
  useQuery({ queryKey: inboxKeys.staff, queryFn: ({ signal }) => listStaff(signal), staleTime: Infinity });
