import { STAFF_ADMIN_PATHS, StaffAccountAnswerSchema, type StaffAccount } from '@agency/shared';
import { request } from '@/lib/api-client';

/** POST (owners): approve a waiting account (it becomes staff and gets a mail); resolves with the account as it is now. */
export function approveAccount(id: number): Promise<StaffAccount> {
  return request(STAFF_ADMIN_PATHS.approve(id), { method: 'POST', schema: StaffAccountAnswerSchema }).then(
    (answer) => answer.account,
  );
}
