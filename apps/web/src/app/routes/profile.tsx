import { SPEC_MESSAGES } from '@agency/shared';
import { Redirect } from '@/components/ui/link';
import { avatarUrlOf, StaffArea, StaffPageFrame, type StaffSession } from '@/features/auth';
// The switch alone: the inbox's screens stay out of this page's chunk.
import { AssignmentMailSetting } from '@/features/dashboard/components/assignment-mail-setting';
import { DigestSetting } from '@/features/dashboard/components/digest-setting';
import { ProfileScreen } from '@/features/profile';

/**
 * /dashboard/profile (issue 23 item 3), for every staff member and owner, guarded as /dashboard is (StaffArea): a
 * visitor without a session goes to /auth, which comes back here. The notification choices are drawn by the features
 * that own them; the assignment mail's choice (issue 23 item 4) sits beside the digest's.
 */
export default function ProfilePage() {
  return <StaffArea>{(session) => <Profile {...session} />}</StaffArea>;
}

function Profile({ loading, user, redirect, leave, update }: StaffSession) {
  if (redirect) return <Redirect to={redirect} />;
  if (loading || !user) {
    return (
      <StaffPageFrame>
        <p role="status">{SPEC_MESSAGES.LOADING}</p>
      </StaffPageFrame>
    );
  }
  return (
    <StaffPageFrame>
      <ProfileScreen
        onLogout={() => leave('logout')}
        onSaved={(profile) => update({ displayName: profile.name, profile_image: profile.profile_image })}
        avatarUrlOf={avatarUrlOf}
        notifications={
          <>
            <DigestSetting />
            <AssignmentMailSetting />
          </>
        }
      />
    </StaffPageFrame>
  );
}
