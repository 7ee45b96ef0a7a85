import { STAFF_ADMIN_PATHS, StaffAccountAnswerSchema, type StaffAccount } from '@agency/shared';
import { request } from '@/lib/api-client';

/** POST (owners): make an owner staff again (never the last owner: 409); resolves with the account as it is now. */
export function makeStaff(id: number): Promise<StaffAccount> {
  return request(STAFF_ADMIN_PATHS.makeStaff(id), { method: 'POST', schema: StaffAccountAnswerSchema }).then(
    (answer) => answer.account,
  );
}
