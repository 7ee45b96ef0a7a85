import { queryOptions, useQuery } from '@tanstack/react-query';
import { STAFF_ADMIN_PATHS, StaffAccountsAnswerSchema, type StaffAccount } from '@agency/shared';
import { request } from '@/lib/api-client';
import { ROLE_CHECK_KEY } from '@/lib/staff-query';

/** GET (owners): every account with its role; staff who are not owners get a 403. */
export function listAccounts(signal?: AbortSignal): Promise<StaffAccount[]> {
  return request(STAFF_ADMIN_PATHS.ACCOUNTS, { signal, schema: StaffAccountsAnswerSchema }).then(
    (answer) => answer.accounts,
  );
}

/**
 * The accounts list is also the role check (ROLE_CHECK_KEY): only an owner gets it. An owners-only 403 anywhere asks
 * it again (lib/staff-query.tsx); a change to an account writes the account the server answered into it.
 */
export const accountsQuery = queryOptions({
  queryKey: ROLE_CHECK_KEY,
  queryFn: ({ signal }) => listAccounts(signal),
  meta: { ownersOnly: true },
});

export const useAccounts = (enabled: boolean) => useQuery({ ...accountsQuery, enabled });
