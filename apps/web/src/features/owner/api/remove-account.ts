import { STAFF_ADMIN_PATHS, StaffAccountAnswerSchema, type StaffAccount } from '@agency/shared';
import { request } from '@/lib/api-client';

/** POST (owners): remove a staff member or owner (their sessions end at once); resolves with the account as it is now. */
export function removeAccount(id: number): Promise<StaffAccount> {
  return request(STAFF_ADMIN_PATHS.remove(id), { method: 'POST', schema: StaffAccountAnswerSchema }).then(
    (answer) => answer.account,
  );
}
