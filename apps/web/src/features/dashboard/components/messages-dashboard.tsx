import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ALL_KINDS, API_PATHS, DEFAULT_AVATAR, PATHS, type UndoTicket } from '@agency/shared';
import { Link } from '@/components/ui/link';
import { isAccessError } from '@/lib/staff-query';
import { useInboxCounts } from '../api/get-inbox-counts';
import { useStaff } from '../api/list-staff';
import { DashboardContext, type DashboardContextValue } from '../dashboard-context';
import { enquiryKindOf, hrefOf, listLabelOf, searchOf, viewOf, withKind, type InboxView } from '../inbox-query';
import { EnquiryView } from './enquiry-view';
import { FailedMailsNotice } from './failed-mails-notice';
import { UndoButton } from './undo-button';
import { UnmatchedMails } from './unmatched-mails';
import { InboxFilters } from './inbox-filters';
import { InboxList } from './inbox-list';
import { MessageTabs, panelIdOf, tabIdOf } from './message-tabs';
import '@/components/ui/forms.css';
import './dashboard.css';

export interface DashboardUser {
  username: string;
  /** The name the person goes by (issue 23); the username when they set none. */
  displayName?: string;
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
  const viewHref = hrefOf(view);
  // The status line belongs to the view it spoke in: moving to another tab, filter or enquiry takes it away
  // (docs/decisions/0047), unless the change that moved the view said it for the view it moved to.
  const [announcement, setAnnouncementFor] = useState<{ text: string; view: string } | null>(null);
  const shownView = useRef(viewHref);
  useLayoutEffect(() => {
    shownView.current = viewHref;
  }, [viewHref]);
  const [drawnView, setDrawnView] = useState(viewHref);
  if (drawnView !== viewHref) {
    setDrawnView(viewHref);
    if (announcement?.view === drawnView) setAnnouncementFor(null);
  }
  const setAnnouncement = useCallback(
    (text: string, inView?: string) => setAnnouncementFor(text ? { text, view: inView ?? shownView.current } : null),
    [],
  );

  const fail = useCallback(
    (error: unknown, what: string) => {
      if (isAccessError(error)) return;
      console.warn(`${what} failed`, error);
      setAnnouncement(`${what} did not work. Please try again.`);
    },
    [setAnnouncement],
  );
  // The Undo beside the message it belongs to: it goes with the message, or after its few seconds.
  const [undoable, setUndoable] = useState<{ text: string; ticket: UndoTicket } | null>(null);
  const statusLine = useRef<HTMLParagraphElement>(null);
  const announceUndoable = useCallback(
    (text: string, ticket: UndoTicket | null, inView?: string) => {
      setAnnouncement(text, inView);
      setUndoable(ticket && { text, ticket });
    },
    [setAnnouncement, setUndoable],
  );
  const counts = useInboxCounts();
  const staff = useStaff();

  const context = useMemo<DashboardContextValue>(
    () => ({ announce: setAnnouncement, announceUndoable, fail, staff: staff.data ?? [], draftOwner: user.email }),
    [announceUndoable, fail, setAnnouncement, staff.data, user.email],
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
              {/* The display name, fresh from the staff list (a name changed on the profile shows at once), and the
                  way to the profile (issue 23). */}
              Welcome,{' '}
              <Link to={PATHS.profile} className="dashboard__profile-link">
                <strong>
                  {staff.data?.find((member) => member.me)?.username ?? user.displayName ?? user.username}
                </strong>
              </Link>
            </p>
          </div>
          <button type="button" className="btn btn--secondary dashboard__logout" onClick={onLogout}>
            Logout
          </button>
        </header>

        <FailedMailsNotice />
        <UnmatchedMails />

        <MessageTabs selected={view.kind} onSelect={(kind) => go(withKind(view, kind))} unreadCounts={unreadCounts} />

        <p className="dashboard__announcement" role="status" ref={statusLine} tabIndex={-1}>
          {announcement?.view === viewHref ? announcement.text : ''}
          {undoable && announcement?.view === viewHref && announcement.text === undoable.text ? (
            <>
              {' '}
              <UndoButton
                key={undoable.ticket.token}
                ticket={undoable.ticket}
                onGone={(hadFocus) => {
                  setUndoable(null);
                  // The button leaves from under the keyboard: focus stays on the line that says what happened.
                  if (hadFocus) statusLine.current?.focus();
                }}
              />
            </>
          ) : null}
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
