import type { ReactNode } from 'react';
import { PATHS, SPEC_MESSAGES } from '@agency/shared';
import { StaffArea, StaffPageFrame, type StaffSession } from '@/features/auth';
import {
  OwnerNav,
  OwnerPage,
  OwnerPageFailed,
  OwnersOnly,
  useOwnerCheck,
  type OwnerScreenProps,
  type StaffAreaPath,
} from '@/features/owner';
import { Redirect } from '@/components/ui/link';

interface OwnerScreenFrameProps {
  current: Exclude<StaffAreaPath, typeof PATHS.dashboard>;
  title: string;
  children: (props: OwnerScreenProps) => ReactNode;
}

/**
 * The frame of an owner's page (issue 12), guarded as /dashboard is (StaffArea): a visitor without a session, five
 * idle minutes and a session the server no longer accepts (401) go to /auth, which returns here; Logout goes home.
 * Staff who are not owners (403, also when a later request meets one) see "Only owners can see this page." and a
 * link back to the inbox.
 */
export function OwnerScreen(props: OwnerScreenFrameProps) {
  return <StaffArea>{(session) => <OwnerScreenBody {...props} session={session} />}</StaffArea>;
}

function OwnerScreenBody({ current, title, children, session }: OwnerScreenFrameProps & { session: StaffSession }) {
  const { loading, user, redirect, leave } = session;
  const owner = useOwnerCheck(user !== null);

  if (redirect) return <Redirect to={redirect} />;
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

  return (
    <StaffPageFrame wide nav={<OwnerNav current={current} accounts={owner.accounts} />}>
      <OwnerPage title={title} username={user.displayName ?? user.username} onLogout={() => leave('logout')}>
        {children({ accounts: owner.accounts })}
      </OwnerPage>
    </StaffPageFrame>
  );
}
