import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { PATHS, SPEC_MESSAGES } from '@agency/shared';
import { StaffPageFrame, useSession } from '@/features/auth';
import { MessagesDashboard } from '@/features/dashboard';
import { OwnerNav, useOwnerCheck } from '@/features/owner';

type Exit = typeof PATHS.home | typeof PATHS.auth;

/**
 * /dashboard, protected. A visitor without a session is sent to /auth (issue 4; spec 4 says both
 * /auth and home, so: arriving signed out goes to /auth, choosing to log out or timing out goes
 * home, and a session the server no longer accepts goes to /auth to sign in again).
 */
export default function DashboardPage() {
  const { loading, user, logout } = useSession();
  // Owners get the staff area's links; other staff (403) and failed checks see the inbox alone.
  const owner = useOwnerCheck(user !== null);
  const [exit, setExit] = useState<Exit | null>(null);

  if (!user && exit) return <Navigate to={exit} replace />;
  if (loading) {
    return (
      <StaffPageFrame wide>
        <p role="status">{SPEC_MESSAGES.LOADING}</p>
      </StaffPageFrame>
    );
  }
  if (!user) return <Navigate to={PATHS.auth} replace />;

  function leave(to: Exit) {
    if (exit) return;
    setExit(to);
    void logout();
  }

  return (
    <StaffPageFrame wide nav={owner.status === 'owner' ? <OwnerNav current={PATHS.dashboard} /> : undefined}>
      <MessagesDashboard user={user} onLogout={() => leave(PATHS.home)} onSessionEnded={() => leave(PATHS.auth)} />
    </StaffPageFrame>
  );
}
