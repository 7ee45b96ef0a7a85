import { STAFF_ADMIN_PATHS, StaffAccountsAnswerSchema, type StaffAccount } from '@agency/shared';
import { request } from '@/lib/api-client';

/** GET (owners): every account with its role; staff who are not owners get a 403. */
export function listAccounts(signal?: AbortSignal): Promise<StaffAccount[]> {
  return request(STAFF_ADMIN_PATHS.ACCOUNTS, { signal, schema: StaffAccountsAnswerSchema }).then(
    (answer) => answer.accounts,
  );
}
