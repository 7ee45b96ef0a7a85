import type { ReactNode } from 'react';
import { PATHS, PROFILE_COPY, SPEC_MESSAGES } from '@agency/shared';
import { Link } from '@/components/ui/link';
import { useProfile } from '../api/profile';
import { AvatarForm, DisplayNameForm, NotificationChoices, PasswordForm, type AvatarUrlOf } from './profile-forms';
import '@/components/ui/forms.css';
import './profile.css';

interface ProfileScreenProps {
  onLogout: () => void;
  /** The notification choices, drawn by the features that own them. */
  notifications: ReactNode;
  avatarUrlOf: AvatarUrlOf;
}

/**
 * /dashboard/profile (issue 23 item 3): the signed-in person's name, picture, password and notification choices, one
 * card each, in one column on a phone. A session the server no longer accepts leaves through the staff area.
 */
export function ProfileScreen({ onLogout, notifications, avatarUrlOf }: ProfileScreenProps) {
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
          <DisplayNameForm profile={profile.data.profile} />
          <AvatarForm profile={profile.data.profile} avatarUrlOf={avatarUrlOf} />
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

/** The way to the profile from a staff screen's header: the person's picture and name. */
export function ProfileLink({ name, avatarUrl }: { name: string; avatarUrl: string }) {
  return (
    <Link to={PATHS.profile} className="profile-link">
      <img className="profile-link__avatar" src={avatarUrl} alt="" width={32} height={32} />
      <span className="profile-link__name">{name}</span>
      <span className="visually-hidden">: {PROFILE_COPY.TITLE.toLowerCase()}</span>
    </Link>
  );
}
