import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ALL_KINDS, API_PATHS, DEFAULT_AVATAR } from '@agency/shared';
import { isAccessError } from '@/lib/staff-query';
import { useInboxCounts } from '../api/get-inbox-counts';
import { useStaff } from '../api/list-staff';
import { DashboardContext, type DashboardContextValue } from '../dashboard-context';
import { enquiryKindOf, listLabelOf, searchOf, viewOf, withKind, type InboxView } from '../inbox-query';
import { EnquiryView } from './enquiry-view';
import { FailedMailsNotice } from './failed-mails-notice';
import { UnmatchedMails } from './unmatched-mails';
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
}

const DEFAULT_AVATAR_URL = `${API_PATHS.PROFILE_IMAGES}/${DEFAULT_AVATAR}`;

/**
 * The staff inbox (spec 2/4, issue 11): welcome, avatar, Logout, the four kinds as tabs with their unread counts, and
 * either the selected kind's list or one enquiry. What is shown is read from the address (inbox-query.ts). While the
 * page is visible it asks every INBOX_POLL_MS what arrived (issue 17): the tabs' counts, and the open list's "N new".
 * Its data comes and goes through the staff area's query client (lib/staff-query.tsx), which also ends the session
 * when the server no longer accepts it; the five idle minutes are the staff area's too (useStaffSession).
 */
export function MessagesDashboard({ user, onLogout }: MessagesDashboardProps) {
  const [params, setParams] = useSearchParams();
  const view = viewOf(params);
  const [announcement, setAnnouncement] = useState('');

  const fail = useCallback((error: unknown, what: string) => {
    if (isAccessError(error)) return;
    console.warn(`${what} failed`, error);
    setAnnouncement(`${what} did not work. Please try again.`);
  }, []);
  const counts = useInboxCounts();
  const staff = useStaff();

  const context = useMemo<DashboardContextValue>(
    () => ({ announce: setAnnouncement, fail, staff: staff.data ?? [], draftOwner: user.email }),
    [fail, staff.data, user.email],
  );

  const go = (next: InboxView) => {
    setAnnouncement('');
    setParams(searchOf(next));
  };
  // The "All" tab's folders hold every kind's.
  const allCounts = counts.data
    ? Object.values(counts.data).reduce(
        (sum, kind) => ({
          new: sum.new + kind.new,
          unread: sum.unread + kind.unread,
          trash: sum.trash + kind.trash,
          spam: sum.spam + kind.spam,
        }),
        { new: 0, unread: 0, trash: 0, spam: 0 },
      )
    : null;
  const kindCounts = view.kind === ALL_KINDS ? allCounts : (counts.data?.[view.kind] ?? null);
  // The badge and a row's dot mean one thing: unread by the signed-in person (docs/decisions/0047).
  const unreadCounts = Object.fromEntries([
    ...Object.entries(counts.data ?? {}).map(([kind, folderCounts]) => [kind, folderCounts.unread]),
    [ALL_KINDS, allCounts?.unread ?? 0],
  ]);
  const enquiryKind = enquiryKindOf(view);

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
        <UnmatchedMails />

        <MessageTabs selected={view.kind} onSelect={(kind) => go(withKind(view, kind))} unreadCounts={unreadCounts} />

        <p className="dashboard__announcement" role="status">
          {announcement}
        </p>

        <section
          className="dashboard__panel"
          role="tabpanel"
          id={panelIdOf(view.kind)}
          aria-labelledby={tabIdOf(view.kind)}
        >
          <h2 className="visually-hidden">{listLabelOf(view.kind)}</h2>
          {view.enquiry === null || enquiryKind === null ? (
            <>
              <InboxFilters view={view} go={go} folderCounts={kindCounts} />
              <InboxList view={view} />
            </>
          ) : (
            <EnquiryView
              key={`${enquiryKind}/${view.enquiry}`}
              view={{ ...view, enquiry: view.enquiry }}
              kind={enquiryKind}
            />
          )}
        </section>
      </div>
    </DashboardContext>
  );
}
