import type { ReactNode } from 'react';
import { PATHS, PROFILE_COPY, SPEC_MESSAGES, type Profile } from '@agency/shared';
import { Link } from '@/components/ui/link';
import { useProfile } from '../api/profile';
import { AvatarForm, DisplayNameForm, NotificationChoices, PasswordForm, type AvatarUrlOf } from './profile-forms';
import '@/components/ui/forms.css';
import './profile.css';

interface ProfileScreenProps {
  onLogout: () => void;
  /** The profile as the server saved it after a new name or picture, for the screens' header. */
  onSaved: (profile: Profile) => void;
  /** The notification choices, drawn by the features that own them. */
  notifications: ReactNode;
  avatarUrlOf: AvatarUrlOf;
}

/**
 * /dashboard/profile (issue 23 item 3): the signed-in person's name, picture, password and notification choices, one
 * card each, in one column on a phone. A session the server no longer accepts leaves through the staff area.
 */
export function ProfileScreen({ onLogout, onSaved, notifications, avatarUrlOf }: ProfileScreenProps) {
  const profile = useProfile();
  return (
    <div className="profile-page">
      <header className="profile-page__header">
        <div className="profile-page__welcome">
          <h1 className="profile-page__title">{PROFILE_COPY.TITLE}</h1>
          <p className="profile-page__back">
            <Link to={PATHS.dashboard}>Back to the inbox</Link>
          </p>
        </div>
        <button type="button" className="btn btn--secondary" onClick={onLogout}>
          Logout
        </button>
      </header>
      {profile.data ? (
        <div className="profile-page__cards">
          <DisplayNameForm profile={profile.data.profile} onSaved={onSaved} />
          <AvatarForm profile={profile.data.profile} avatarUrlOf={avatarUrlOf} onSaved={onSaved} />
          <PasswordForm email={profile.data.profile.email} />
          <NotificationChoices>{notifications}</NotificationChoices>
        </div>
      ) : profile.isError ? (
        <p role="alert" className="alert alert--error">
          Your profile could not be loaded. Please check your connection and try again.{' '}
          <button type="button" className="btn btn--secondary" onClick={() => void profile.refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <p role="status">{SPEC_MESSAGES.LOADING}</p>
      )}
    </div>
  );
}
