import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { PATHS, SPEC_MESSAGES } from '@agency/shared';
import { StaffPageFrame, useStaffSession } from '@/features/auth';
import {
  OwnerNav,
  OwnerPage,
  OwnerPageFailed,
  OwnersOnly,
  useOwnerCheck,
  type OwnerScreenProps,
  type StaffAreaPath,
} from '@/features/owner';

interface OwnerScreenFrameProps {
  current: Exclude<StaffAreaPath, typeof PATHS.dashboard>;
  title: string;
  children: (props: OwnerScreenProps) => ReactNode;
}

/**
 * The frame of an owner's page (issue 12), guarded as /dashboard is (useStaffSession): a visitor without a session,
 * five idle minutes and a session the server no longer accepts (401) go to /auth, which returns here; Logout goes
 * home. Staff who are not owners (403) see "Only owners can see this page." and a link back to the inbox.
 */
export function OwnerScreen({ current, title, children }: OwnerScreenFrameProps) {
  // The session's ends (Logout, five idle minutes, a refused request) are handled as on the inbox.
  const { loading, user, redirect, leave } = useStaffSession();
  const owner = useOwnerCheck(user !== null, () => leave('refused'));

  if (redirect) return <Navigate to={redirect} replace />;
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

  const onDenied = (status: 401 | 403) => (status === 401 ? leave('refused') : owner.reload());
  return (
    <StaffPageFrame wide nav={<OwnerNav current={current} accounts={owner.accounts} />}>
      <OwnerPage title={title} username={user.username} onLogout={() => leave('logout')}>
        {children({ accounts: owner.accounts, reloadAccounts: owner.reload, onDenied })}
      </OwnerPage>
    </StaffPageFrame>
  );
}
