import type { StaffAccount } from '@agency/shared';
import { ApiError } from '@/lib/api-client';
import { useAccounts } from '../api/list-accounts';

export type OwnerCheck =
  | { status: 'checking' }
  | { status: 'owner'; accounts: StaffAccount[]; reload: () => void }
  /** The server answered 403: signed in, but not an owner. */
  | { status: 'not-owner'; reload: () => void }
  /** The server answered 401: the session is over (the staff area is already leaving, lib/staff-query.tsx). */
  | { status: 'signed-out' }
  | { status: 'failed'; reload: () => void };

/**
 * Whether the signed-in user is an owner, asked once with the accounts list (owners only: 403 for other staff), so
 * the owner's pages and the inbox's links need no role in the session. While it asks again the list stays on screen.
 */
export function useOwnerCheck(enabled: boolean): OwnerCheck {
  const accounts = useAccounts(enabled);
  const reload = () => void accounts.refetch();
  if (!enabled || accounts.isPending) return { status: 'checking' };
  if (accounts.isSuccess) return { status: 'owner', accounts: accounts.data, reload };
  const status = accounts.error instanceof ApiError ? accounts.error.status : 0;
  if (status === 401) return { status: 'signed-out' };
  return { status: status === 403 ? 'not-owner' : 'failed', reload };
}
