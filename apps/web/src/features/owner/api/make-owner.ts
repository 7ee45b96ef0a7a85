import { STAFF_ADMIN_PATHS, StaffAccountAnswerSchema, type StaffAccount } from '@agency/shared';
import { request } from '@/lib/api-client';

/** POST (owners): make a staff member an owner; resolves with the account as it is now. */
export function makeOwner(id: number): Promise<StaffAccount> {
  return request(STAFF_ADMIN_PATHS.makeOwner(id), { method: 'POST', schema: StaffAccountAnswerSchema }).then(
    (answer) => answer.account,
  );
}
