import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { LoginInput, SessionUser } from '@agency/shared';
import { checkSession } from '../api/check-session';
import { takeEarlySessionCheck } from './early-session-check';
import { avatarUrlOf } from './avatar-url';
import { SessionContext, type ProfileChanges, type SessionState, type StaffUser } from './session-context';

function toStaffUser(user: SessionUser): StaffUser {
  return { ...user, avatarUrl: avatarUrlOf(user.profile_image) };
}

/**
 * Holds the signed-in staff user. The check runs in an effect (or was started by the entry script, see
 * early-session-check.ts), so prerendering never calls the API and public pages render without waiting for it; the ref keeps it to one call even when React
 * StrictMode runs effects twice in development.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<StaffUser | null>(null);
  const [loading, setLoading] = useState(true);
  const checkStarted = useRef(false);

  useEffect(() => {
    if (checkStarted.current) return;
    checkStarted.current = true;
    void (takeEarlySessionCheck() ?? checkSession()).then((signedIn) => {
      setUser((current) => current ?? (signedIn ? toStaffUser(signedIn) : null));
      setLoading(false);
    });
  }, []);

  // Login and logout are only used on the staff screens: loading them on demand keeps them (and the message
  // catalogue they read) out of the JavaScript every public page downloads.
  const login = useCallback(async (credentials: LoginInput) => {
    const { login: requestLogin } = await import('../api/login');
    const staffUser = toStaffUser(await requestLogin(credentials));
    setUser(staffUser);
    setLoading(false);
    return staffUser;
  }, []);

  const logout = useCallback(async () => {
    const { logout: requestLogout } = await import('../api/logout');
    await requestLogout();
    setUser(null);
  }, []);

  const update = useCallback((changes: ProfileChanges) => {
    setUser((current) => (current ? toStaffUser({ ...current, ...changes }) : current));
  }, []);

  const session = useMemo<SessionState>(
    () => ({ loading, user, login, logout, update }),
    [loading, user, login, logout, update],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
