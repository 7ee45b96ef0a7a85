import { useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { PATHS, SPEC_MESSAGES, TIMINGS } from '@agency/shared';
import { StaffPageFrame, useSession } from '@/features/auth';
import {
  OwnerNav,
  OwnerPage,
  OwnerPageFailed,
  OwnersOnly,
  useOwnerCheck,
  type OwnerScreenProps,
  type StaffAreaPath,
} from '@/features/owner';
import { useInactivityTimer } from '@/lib/use-inactivity-timer';

type Exit = typeof PATHS.home | typeof PATHS.auth;

interface OwnerScreenFrameProps {
  current: Exclude<StaffAreaPath, typeof PATHS.dashboard>;
  title: string;
  children: (props: OwnerScreenProps) => ReactNode;
}

/**
 * The frame of an owner's page (issue 12), guarded as /dashboard is: a visitor without a session goes to /auth,
 * Logout and five idle minutes go home, and a session the server no longer accepts (401) goes to /auth. Staff who are not owners (403)
 * see "Only owners can see this page." and a link back to the inbox.
 */
export function OwnerScreen({ current, title, children }: OwnerScreenFrameProps) {
  const { loading, user, logout } = useSession();
  const [exit, setExit] = useState<Exit | null>(null);
  const owner = useOwnerCheck(user !== null, () => leave(PATHS.auth));
  // The inbox's five idle minutes (spec 4) hold on every page of the staff area.
  useInactivityTimer(TIMINGS.INACTIVITY_LOGOUT_MS, () => {
    if (!user) return;
    window.alert(SPEC_MESSAGES.INACTIVITY_LOGOUT);
    leave(PATHS.home);
  });

  function leave(to: Exit) {
    if (exit) return;
    setExit(to);
    void logout();
  }

  if (!user && exit) return <Navigate to={exit} replace />;
  if (!loading && !user) return <Navigate to={PATHS.auth} replace />;
  if (loading || !user || owner.status === 'checking' || owner.status === 'signed-out') {
    return (
      <StaffPageFrame wide>
        <p role="status">{SPEC_MESSAGES.LOADING}</p>
      </StaffPageFrame>
    );
  }
  if (owner.status === 'not-owner') {
    return (
      <StaffPageFrame wide>
        <OwnersOnly title={title} />
      </StaffPageFrame>
    );
  }
  if (owner.status === 'failed') {
    return (
      <StaffPageFrame wide>
        <OwnerPageFailed title={title} onRetry={owner.reload} />
      </StaffPageFrame>
    );
  }

  const onDenied = (status: 401 | 403) => (status === 401 ? leave(PATHS.auth) : owner.reload());
  return (
    <StaffPageFrame wide nav={<OwnerNav current={current} />}>
      <OwnerPage title={title} username={user.username} onLogout={() => leave(PATHS.home)}>
        {children({ accounts: owner.accounts, reloadAccounts: owner.reload, onDenied })}
      </OwnerPage>
    </StaffPageFrame>
  );
}
