import { PATHS } from '@agency/shared';
import { Link } from '@/components/ui/link';
import './owner.css';

const LINKS = [
  { to: PATHS.dashboard, label: 'Inbox' },
  { to: PATHS.staffAccounts, label: 'Staff' },
  { to: PATHS.auditLog, label: 'Audit log' },
  { to: PATHS.dataRequests, label: 'Data requests' },
] as const;

export type StaffAreaPath = (typeof LINKS)[number]['to'];

/** The staff area's pages, shown to owners in the staff header; other staff have only the inbox and see none. */
export function OwnerNav({ current }: { current: StaffAreaPath }) {
  return (
    <nav className="owner-nav" aria-label="Staff area">
      <ul className="owner-nav__list">
        {LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="owner-nav__link" aria-current={link.to === current ? 'page' : undefined}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
