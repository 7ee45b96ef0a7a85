import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { API_PATHS, DEFAULT_AVATAR, MESSAGE_KIND_LABELS } from '@agency/shared';
import { ApiError } from '@/lib/api-client';
import { getInboxCounts } from '../api/get-inbox-counts';
import { listStaff } from '../api/list-staff';
import { DashboardContext, type DashboardContextValue } from '../dashboard-context';
import { searchOf, viewOf, withKind, type InboxView } from '../inbox-query';
import { useLoaded } from '../hooks/use-loaded';
import { INBOX_POLL_MS, usePoll } from '../hooks/use-poll';
import { EnquiryView } from './enquiry-view';
import { FailedMailsNotice } from './failed-mails-notice';
import { InboxFilters } from './inbox-filters';
import { InboxList } from './inbox-list';
import { MessageTabs, panelIdOf, tabIdOf } from './message-tabs';
import '@/components/ui/forms.css';
import './dashboard.css';

export interface DashboardUser {
  username: string;
  email: string;
  avatarUrl: string;
}

interface MessagesDashboardProps {
  user: DashboardUser;
  /** The Logout button: sign out and go home. */
  onLogout: () => void;
  /** The server refused a request (401/403): sign out and go to /auth, which comes back here. */
  onSessionEnded: () => void;
}

const DEFAULT_AVATAR_URL = `${API_PATHS.PROFILE_IMAGES}/${DEFAULT_AVATAR}`;

/** 401 or 403: the session expired or the account is not staff, so the inbox must not just look empty. */
const endsSession = (error: unknown) => error instanceof ApiError && error.isSessionEnded;

/**
 * The staff inbox (spec 2/4, issue 11): welcome, avatar, Logout, the four kinds as tabs with their new counts, and
 * either the selected kind's list or one enquiry. What is shown is read from the address (inbox-query.ts). While the
 * page is visible it asks every INBOX_POLL_MS what arrived (issue 17): the tabs' counts, and the open list's "N new".
 * The five idle minutes are the staff area's (useStaffSession).
 */
export function MessagesDashboard({ user, onLogout, onSessionEnded }: MessagesDashboardProps) {
  const [params, setParams] = useSearchParams();
  const view = viewOf(params);
  const [announcement, setAnnouncement] = useState('');
  const [pollCount, setPollCount] = useState(0);

  const fail = useCallback(
    (error: unknown, what: string) => {
      if (endsSession(error)) {
        onSessionEnded();
        return;
      }
      console.warn(`${what} failed`, error);
      setAnnouncement(`${what} did not work. Please try again.`);
    },
    [onSessionEnded],
  );
  const counts = useLoaded('counts', getInboxCounts, (error) => fail(error, 'Counting the enquiries'));
  const staff = useLoaded('staff', listStaff, (error) => fail(error, 'Loading the staff list'));
  usePoll(INBOX_POLL_MS, () => {
    counts.reload();
    setPollCount((count) => count + 1);
  });

  const context = useMemo<DashboardContextValue>(
    () => ({
      announce: setAnnouncement,
      fail,
      refreshCounts: counts.reload,
      staff: staff.data ?? [],
      pollCount,
      draftOwner: user.email,
    }),
    // counts.reload is a new function each render but always bumps the same state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [fail, staff.data, pollCount, user.email],
  );

  const go = (next: InboxView) => {
    setAnnouncement('');
    setParams(searchOf(next));
  };
  const kindCounts = counts.data?.[view.kind] ?? null;
  const newCounts = Object.fromEntries(
    Object.entries(counts.data ?? {}).map(([kind, folderCounts]) => [kind, folderCounts.new]),
  );

  return (
    <DashboardContext value={context}>
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

        <MessageTabs selected={view.kind} onSelect={(kind) => go(withKind(view, kind))} newCounts={newCounts} />

        <p className="dashboard__announcement" role="status">
          {announcement}
        </p>

        <section
          className="dashboard__panel"
          role="tabpanel"
          id={panelIdOf(view.kind)}
          aria-labelledby={tabIdOf(view.kind)}
        >
          <h2 className="visually-hidden">{MESSAGE_KIND_LABELS[view.kind]}</h2>
          {view.enquiry === null ? (
            <>
              <InboxFilters view={view} go={go} folderCounts={kindCounts} />
              <InboxList view={view} />
            </>
          ) : (
            <EnquiryView key={`${view.kind}/${view.enquiry}`} view={{ ...view, enquiry: view.enquiry }} />
          )}
        </section>
      </div>
    </DashboardContext>
  );
}
