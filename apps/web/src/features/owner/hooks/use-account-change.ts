import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffAccount } from '@agency/shared';
import { isAccessError } from '@/lib/staff-query';
import { accountsQuery } from '../api/list-accounts';

/**
 * One change to an account (approve, refuse, remove, make owner or staff): one request, whose answer (the account as
 * it is now) replaces it in the accounts list, and so on the Staff page and in the staff area's links. A change to
 * one's own account asks the role again (no longer an owner, or signed out); a refused change asks for the list again,
 * as someone else may have changed it meanwhile.
 */
export function useAccountChange() {
  const client = useQueryClient();
  const askAgain = () => void client.invalidateQueries({ queryKey: accountsQuery.queryKey });
  return useMutation({
    mutationFn: ({ call, account }: { call: (id: number) => Promise<StaffAccount>; account: StaffAccount }) =>
      call(account.id),
    meta: { ownersOnly: true },
    onSuccess: (changed) => {
      client.setQueryData(accountsQuery.queryKey, (accounts) =>
        accounts?.map((account) => (account.id === changed.id ? changed : account)),
      );
      if (changed.me) askAgain();
    },
    onError: (error) => {
      if (!isAccessError(error)) askAgain();
    },
  });
}
