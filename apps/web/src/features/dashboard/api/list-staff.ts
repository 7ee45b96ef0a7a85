import { INBOX_PATHS, StaffListSchema, type StaffMember } from '@agency/shared';
import { request } from '@/lib/api-client';

/** GET: the staff accounts an enquiry can be assigned to. */
export function listStaff(signal?: AbortSignal): Promise<StaffMember[]> {
  return request(INBOX_PATHS.STAFF, { signal, schema: StaffListSchema }).then((answer) => answer.staff);
}
