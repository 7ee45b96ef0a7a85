import { useState } from 'react';
import {
  API_PATHS,
  DEFAULT_AVATAR,
  DEFAULT_MESSAGE_KIND,
  MESSAGE_KIND_LABELS,
  SPEC_MESSAGES,
  TIMINGS,
  type MessageKind,
} from '@agency/shared';
import { useInactivityTimer } from '../hooks/use-inactivity-timer';
import { useMessages } from '../hooks/use-messages';
import { FailedMailsNotice } from './failed-mails-notice';
import { MessageTabs, panelIdOf, tabIdOf } from './message-tabs';
import { MessagesTable } from './messages-table';
import '@/components/ui/forms.css';
import './dashboard.css';

export interface DashboardUser {
  username: string;
  email: string;
  avatarUrl: string;
}

interface MessagesDashboardProps {
  user: DashboardUser;
  /** Sign out and go home: the Logout button and the inactivity timeout. */
  onLogout: () => void;
  /** The server refused a list or delete (401/403): sign out and go to /auth. */
  onSessionEnded: () => void;
}

const DEFAULT_AVATAR_URL = `${API_PATHS.PROFILE_IMAGES}/${DEFAULT_AVATAR}`;

/** The Messages Dashboard of spec 2/4: welcome, avatar, Logout, four tabs and the selected kind's messages. */
export function MessagesDashboard({ user, onLogout, onSessionEnded }: MessagesDashboardProps) {
  const [kind, setKind] = useState<MessageKind>(DEFAULT_MESSAGE_KIND);
  const { loading, messages, remove } = useMessages(kind, onSessionEnded);

  useInactivityTimer(TIMINGS.INACTIVITY_LOGOUT_MS, () => {
    window.alert(SPEC_MESSAGES.INACTIVITY_LOGOUT);
    onLogout();
  });

  return (
    <div className="dashboard">
      <header className="dashboard__header">
        <img
          className="dashboard__avatar"
          src={user.avatarUrl}
          alt={`Profile picture of ${user.username}`}
          width={56}
          height={56}
          onError={(event) => {
            // A missing upload falls back to the default avatar (spec 7), once, so a missing default cannot loop.
            if (!event.currentTarget.src.endsWith(DEFAULT_AVATAR_URL)) event.currentTarget.src = DEFAULT_AVATAR_URL;
          }}
        />
        <div className="dashboard__welcome">
          <h1 className="dashboard__title">Messages Dashboard</h1>
          <p className="dashboard__greeting">
            Welcome, <strong>{user.username}</strong>
          </p>
        </div>
        <button type="button" className="btn btn--secondary dashboard__logout" onClick={onLogout}>
          Logout
        </button>
      </header>

      <FailedMailsNotice />

      <MessageTabs selected={kind} onSelect={setKind} />

      <section
        className="dashboard__panel"
        role="tabpanel"
        id={panelIdOf(kind)}
        aria-labelledby={tabIdOf(kind)}
        aria-busy={loading}
      >
        <h2 className="visually-hidden">{MESSAGE_KIND_LABELS[kind]}</h2>
        {loading ? (
          <div className="dashboard__loading" role="status">
            <span className="dashboard__spinner" aria-hidden="true" />
            {SPEC_MESSAGES.LOADING_MESSAGES}
          </div>
        ) : messages.length === 0 ? (
          <p className="dashboard__empty" role="status">
            {SPEC_MESSAGES.NO_MESSAGES}
          </p>
        ) : (
          <MessagesTable kind={kind} messages={messages} onDelete={remove} />
        )}
      </section>
    </div>
  );
}
