import { PATHS, waitingForApproval, type StaffAccount } from '@agency/shared';
import { Link } from '@/components/ui/link';
import './owner.css';

const LINKS = [
  { to: PATHS.dashboard, label: 'Inbox' },
  { to: PATHS.staffAccounts, label: 'Staff' },
  // On a phone the first word is left to screen readers ("Log", "Requests", "Hours" show), so the six links keep one
  // row and the inbox's first enquiry stays on a 375x812 phone's first screen.
  { to: PATHS.auditLog, label: 'Audit log', phoneHides: 'Audit ', phoneShows: 'log' },
  { to: PATHS.dataRequests, label: 'Data requests', phoneHides: 'Data ', phoneShows: 'requests' },
  { to: PATHS.businessHours, label: 'Business hours', phoneHides: 'Business ', phoneShows: 'hours' },
  { to: PATHS.savedReplies, label: 'Saved replies', phoneHides: 'Saved ', phoneShows: 'replies' },
] as const;

export type StaffAreaPath = (typeof LINKS)[number]['to'];

/**
 * The staff area's pages, shown to owners in the staff header; other staff have only the inbox and see none. The
 * Staff link carries the number of accounts waiting for approval (issue 17), from the owner check's accounts.
 */
export function OwnerNav({ current, accounts }: { current: StaffAreaPath; accounts: readonly StaffAccount[] }) {
  const waiting = waitingForApproval(accounts).length;
  return (
    <nav className="owner-nav" aria-label="Staff area">
      <ul className="owner-nav__list">
        {LINKS.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="owner-nav__link"
              aria-current={link.to === current ? 'page' : undefined}
              aria-label={
                link.to === PATHS.staffAccounts && waiting > 0
                  ? `${link.label}, ${waiting} waiting for approval`
                  : undefined
              }
            >
              {'phoneHides' in link ? (
                // One flex item, so the space between the words stays.
                <span>
                  <span className="owner-nav__phone-hidden">{link.phoneHides}</span>
                  <span className="owner-nav__phone-shown">{link.phoneShows}</span>
                </span>
              ) : (
                link.label
              )}
              {link.to === PATHS.staffAccounts && waiting > 0 ? (
                <span className="owner-nav__badge" aria-hidden="true">
                  {waiting}
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
