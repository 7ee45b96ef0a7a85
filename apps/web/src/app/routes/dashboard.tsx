import { PATHS, SPEC_MESSAGES } from '@agency/shared';
import { Link } from '@/components/ui/link';
import { StaffArea, StaffPageFrame, type StaffSession } from '@/features/auth';
// The role check alone: the Content area's screens stay out of the inbox's chunk.
import { isContentEditor } from '@/features/content/content-access';
import { MessagesDashboard } from '@/features/dashboard';
import { OwnerNav, useOwnerCheck } from '@/features/owner';
import { Redirect } from '@/components/ui/link';

/**
 * /dashboard, protected. A visitor without a session is sent to /auth, which comes back here after signing in (issue
 * 4; issue 17); Logout goes home; five idle minutes and a session the server no longer accepts go to /auth, which
 * returns to the enquiry that was open with its half-typed note (StaffArea).
 */
export default function DashboardPage() {
  return <StaffArea>{(session) => <Inbox {...session} />}</StaffArea>;
}

function Inbox({ loading, user, redirect, leave }: StaffSession) {
  // Owners get the staff area's links; other staff (403) and failed checks see the inbox alone.
  const owner = useOwnerCheck(user !== null);

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
      nav={owner.status === 'owner' ? <OwnerNav current={PATHS.dashboard} accounts={owner.accounts} /> : undefined}
    >
      <MessagesDashboard user={user} onLogout={() => leave('logout')} />
      {/* The daily digest's switch and the other notification choices are on the profile (issue 23). */}
      <p className="dashboard__reports">
        <Link to={PATHS.profile}>Your profile: name, picture, password and notifications</Link>
      </p>
      {/* Reports (issue 21): owners read everyone's figures, other staff their own; the staff area has no menu for
          them, and the owners' one-row menu keeps its six links, so the way in sits here for both. */}
      <p className="dashboard__reports">
        <Link to={PATHS.reports}>
          {owner.status === 'owner'
            ? 'Reports: response times, wins and sources by week'
            : 'Your response times by week'}
        </Link>
      </p>
      {/* The Content area (issue 22): owners and the editors they name. */}
      {owner.status === 'owner' || isContentEditor(user) ? (
        <p className="dashboard__reports">
          <Link to={PATHS.content}>Content: case studies, blog posts, testimonials and trainings</Link>
        </p>
      ) : null}
    </StaffPageFrame>
  );
}
