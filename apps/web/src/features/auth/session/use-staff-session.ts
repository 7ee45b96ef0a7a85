import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { PATHS, SPEC_MESSAGES, TIMINGS } from '@agency/shared';
import { clearDrafts } from '@/lib/drafts';
import { useInactivityTimer } from '@/lib/use-inactivity-timer';
import { signInPathReturningTo } from './return-path';
import type { ProfileChanges, StaffUser } from './session-context';
import { useSession } from './use-session';

/**
 * Why a staff screen ends its session: the Logout button (home, drafts cleared), five idle minutes (spec 4, after
 * its alert) or a request the server refused with 401 (both to /auth, which comes back to this page, drafts kept).
 */
export type StaffExit = 'logout' | 'idle' | 'refused';

export interface StaffSession {
  loading: boolean;
  user: StaffUser | null;
  /** Where to go instead of this page: signed out (to /auth, returning here) or after leave(); null to stay. */
  redirect: string | null;
  leave: (why: StaffExit) => void;
  /** Takes in a change the person made to their own name or picture (the profile page). */
  update: (changes: ProfileChanges) => void;
}

/**
 * Where the staff member goes when a session ends, whichever way: every screen of the staff area uses it through
 * StaffArea, whose query client calls leave('refused') on the first request the server refuses with 401.
 */
export function useStaffSession(): StaffSession {
  const { loading, user, logout, update } = useSession();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const [exit, setExit] = useState<string | null>(null);

  function leave(why: StaffExit) {
    if (exit) return;
    if (why === 'logout') clearDrafts();
    setExit(why === 'logout' ? PATHS.home : signInPathReturningTo(here));
    void logout();
  }

  useInactivityTimer(TIMINGS.INACTIVITY_LOGOUT_MS, () => {
    if (!user) return;
    window.alert(SPEC_MESSAGES.INACTIVITY_LOGOUT);
    leave('idle');
  });

  const redirect = user ? null : (exit ?? (loading ? null : signInPathReturningTo(here)));
  return { loading, user, redirect, leave, update };
}
