import { PATHS, SPEC_MESSAGES } from '@agency/shared';
import { Link } from '@/components/ui/link';
import { StaffArea, StaffPageFrame, type StaffSession } from '@/features/auth';
import { OwnerPage } from '@/features/owner';
import { Reports } from '@/features/reports';
import { Redirect } from '@/components/ui/link';

/**
 * /dashboard/reports (issue 21 item 6): owners read everyone's figures, other staff their own (the server decides by
 * the session). Guarded as /dashboard is: no session, or one the server no longer accepts, goes to /auth and back.
 */
export default function ReportsPage() {
  return <StaffArea>{(session) => <ReportsScreen session={session} />}</StaffArea>;
}

function ReportsScreen({ session }: { session: StaffSession }) {
  const { loading, user, redirect, leave } = session;
  if (redirect) return <Redirect to={redirect} />;
  if (loading || !user) {
    return (
      <StaffPageFrame wide>
        <p role="status">{SPEC_MESSAGES.LOADING}</p>
      </StaffPageFrame>
    );
  }
  return (
    <StaffPageFrame
      wide
      nav={
        <Link to={PATHS.dashboard} className="owner-nav__link">
          Inbox
        </Link>
      }
    >
      <OwnerPage title="Reports" username={user.displayName ?? user.username} onLogout={() => leave('logout')}>
        <Reports />
      </OwnerPage>
    </StaffPageFrame>
  );
}
