import { STAFF_ADMIN_PATHS, StaffAccountAnswerSchema, type StaffAccount } from '@agency/shared';
import { request } from '@/lib/api-client';

/** POST (owners): refuse a waiting account; resolves with the account as it is now. */
export function refuseAccount(id: number): Promise<StaffAccount> {
  return request(STAFF_ADMIN_PATHS.refuse(id), { method: 'POST', schema: StaffAccountAnswerSchema }).then(
    (answer) => answer.account,
  );
}
