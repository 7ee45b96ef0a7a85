import { MutationCache, QueryCache, QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ApiError } from './api-client';

/**
 * How the staff screens load and change data (docs/decisions/0033-staff-data-loading.md): TanStack Query, one
 * client per staff screen. Every staff request goes through it, so this module is the one place that notices a
 * session the server no longer accepts, whichever screen or request met it.
 */

/** What a query or a mutation tells the access check below about itself. */
export interface StaffRequestMeta extends Record<string, unknown> {
  /**
   * An owners-only call (issue 12): a 403 says the account is not, or no longer, an owner. The session goes on; the
   * role is asked again (ROLE_CHECK_KEY), and the screen follows that answer.
   */
  ownersOnly?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: StaffRequestMeta;
    mutationMeta: StaffRequestMeta;
    defaultError: unknown;
  }
}

/** The query that knows the signed-in account's role (the owner check): asked again after an owners-only 403. */
export const ROLE_CHECK_KEY = ['role-check'] as const;

const isRoleCheck = (key: QueryKey | undefined) => key?.[0] === ROLE_CHECK_KEY[0];

/**
 * A client for one staff screen. Nothing is retried or refetched behind the staff member's back (a failed request
 * says so at once, and each request on the screen is one they can count); the inbox's polls ask for it by name.
 * A 401 from any request, or a 403 from a staff-only one (the account is no longer staff), ends the session once.
 */
export function createStaffQueryClient(onSessionEnded: () => void): QueryClient {
  let ended = false;
  const noticeAccess = (error: unknown, meta: StaffRequestMeta | undefined, key?: QueryKey) => {
    if (!(error instanceof ApiError) || !error.isSessionEnded) return;
    if (error.status === 403 && meta?.ownersOnly) {
      if (!isRoleCheck(key)) void client.invalidateQueries({ queryKey: ROLE_CHECK_KEY });
      return;
    }
    if (ended) return;
    ended = true;
    onSessionEnded();
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => noticeAccess(error, query.meta, query.queryKey) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => noticeAccess(error, mutation.meta),
    }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
  return client;
}

/** Gives a staff screen its client; `onSessionEnded` is the screen's way out (useStaffSession's leave). */
export function StaffQueryProvider({ onSessionEnded, children }: { onSessionEnded: () => void; children: ReactNode }) {
  const latest = useRef(onSessionEnded);
  useEffect(() => {
    latest.current = onSessionEnded;
  });
  const [client] = useState(() => createStaffQueryClient(() => latest.current()));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** An answer the access check above deals with (a 401, or a 403): the screen that met it need not say anything. */
export const isAccessError = (error: unknown) => error instanceof ApiError && error.isSessionEnded;
