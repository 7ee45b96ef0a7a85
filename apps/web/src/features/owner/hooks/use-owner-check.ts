import { useEffect, useEffectEvent, useState } from 'react';
import type { StaffAccount } from '@agency/shared';
import { ApiError } from '@/lib/api-client';
import { listAccounts } from '../api/list-accounts';

export type OwnerCheck =
  | { status: 'checking' }
  | { status: 'owner'; accounts: StaffAccount[]; reload: () => void }
  /** The server answered 403: signed in, but not an owner. */
  | { status: 'not-owner'; reload: () => void }
  /** The server answered 401: the session is over. */
  | { status: 'signed-out' }
  | { status: 'failed'; reload: () => void };

type Outcome = { status: 'owner'; accounts: StaffAccount[] } | { status: 'not-owner' | 'signed-out' | 'failed' };

/**
 * Whether the signed-in user is an owner, asked once with the accounts list (owners only: 403 for other staff), so
 * the owner's pages and the inbox's links need no role in the session. reload() asks again, keeping the list on
 * screen meanwhile; an owner's pages call it after each change to an account. `onSignedOut` runs on a 401.
 */
export function useOwnerCheck(enabled: boolean, onSignedOut?: () => void): OwnerCheck {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [version, setVersion] = useState(0);
  const signedOut = useEffectEvent(() => onSignedOut?.());

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    listAccounts(controller.signal).then(
      (accounts) => {
        if (!controller.signal.aborted) setOutcome({ status: 'owner', accounts });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const status = error instanceof ApiError ? error.status : 0;
        setOutcome({ status: status === 401 ? 'signed-out' : status === 403 ? 'not-owner' : 'failed' });
        if (status === 401) signedOut();
      },
    );
    return () => controller.abort();
  }, [enabled, version]);

  const reload = () => setVersion((count) => count + 1);
  if (!enabled || outcome === null) return { status: 'checking' };
  if (outcome.status === 'owner') return { status: 'owner', accounts: outcome.accounts, reload };
  if (outcome.status === 'signed-out') return { status: 'signed-out' };
  return { status: outcome.status, reload };
}
