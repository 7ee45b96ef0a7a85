import { PATHS, SPEC_MESSAGES } from '@agency/shared';
import { Link } from '@/components/ui/link';
import { StaffArea, StaffPageFrame, type StaffSession } from '@/features/auth';
import { ContentArea, EDITORS_ONLY, isContentEditor } from '@/features/content';
import { OwnerPage, useOwnerCheck } from '@/features/owner';
import { Redirect } from '@/components/ui/link';

/**
 * /dashboard/content (issue 22): owners and the colleagues they name as editors write, preview, publish, schedule
 * and roll back the site's content. Guarded as /dashboard is; anyone else is told who may (the API answers 403).
 */
export default function ContentPage() {
  return <StaffArea>{(session) => <ContentScreen session={session} />}</StaffArea>;
}

function ContentScreen({ session }: { session: StaffSession }) {
  const { loading, user, redirect, leave } = session;
  const owner = useOwnerCheck(user !== null && !isContentEditor(user));
  if (redirect) return <Redirect to={redirect} />;
  const editor = isContentEditor(user);
  if (loading || !user || (!editor && (owner.status === 'checking' || owner.status === 'signed-out'))) {
    return (
      <StaffPageFrame wide>
        <p role="status">{SPEC_MESSAGES.LOADING}</p>
      </StaffPageFrame>
    );
  }
  const allowed = editor || owner.status === 'owner';
  return (
    <StaffPageFrame
      wide
      nav={
        <Link to={PATHS.dashboard} className="owner-nav__link">
          Inbox
        </Link>
      }
    >
      <OwnerPage title="Content" username={user.displayName ?? user.username} onLogout={() => leave('logout')}>
        {allowed ? (
          <ContentArea />
        ) : (
          <section className="owner-card owner-card--notice">
            <p>{owner.status === 'failed' ? 'This page could not be loaded. Please try again.' : EDITORS_ONLY}</p>
            <p>
              <Link to={PATHS.dashboard} className="owner-link">
                Back to the inbox
              </Link>
            </p>
          </section>
        )}
      </OwnerPage>
    </StaffPageFrame>
  );
}
