import type { ReactNode } from 'react';
import { PATHS } from '@agency/shared';
import { Link } from '@/components/ui/link';
import './owner.css';

interface OwnerPageProps {
  title: string;
  username: string;
  onLogout: () => void;
  children: ReactNode;
}

/** An owner's page: its title, who is signed in (their name the way to the profile) and Logout, then the page itself. */
export function OwnerPage({ title, username, onLogout, children }: OwnerPageProps) {
  return (
    <div className="owner-page">
      <header className="owner-page__header">
        <div className="owner-page__welcome">
          <h1 className="owner-page__title">{title}</h1>
          <p className="owner-page__greeting">
            Signed in as{' '}
            <Link to={PATHS.profile} className="owner-page__profile-link">
              <strong>{username}</strong>
            </Link>
          </p>
        </div>
        <button type="button" className="btn btn--secondary" onClick={onLogout}>
          Logout
        </button>
      </header>
      {children}
    </div>
  );
}

/** What staff who are not owners see on an owner's page (the server answered 403). */
export function OwnersOnly({ title }: { title: string }) {
  return (
    <div className="owner-page">
      <section className="owner-card owner-card--notice" aria-labelledby="owners-only-title">
        <h1 className="owner-page__title" id="owners-only-title">
          {title}
        </h1>
        <p>Only owners can see this page.</p>
        <p>
          <Link to={PATHS.dashboard} className="owner-link">
            Back to the inbox
          </Link>
        </p>
      </section>
    </div>
  );
}

/** The owner check could not reach the server. */
export function OwnerPageFailed({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <div className="owner-page">
      <section className="owner-card owner-card--notice" aria-labelledby="owner-failed-title">
        <h1 className="owner-page__title" id="owner-failed-title">
          {title}
        </h1>
        <p role="alert">This page could not be loaded. Please check your connection and try again.</p>
        <p>
          <button type="button" className="btn btn--secondary" onClick={onRetry}>
            Try again
          </button>
        </p>
      </section>
    </div>
  );
}
