import type { ReactNode } from 'react';
import { Logo } from '@/components/layouts/logo';
import { Link } from '@/components/ui/link';
import { BRAND } from '@/content/brand';
import '@/components/ui/forms.css';
import './auth.css';

/**
 * The staff screens live outside the public layout (spec 2); this frame gives them the brand, a way
 * back to the website, the page's main landmark and, for owners, the staff area's links (`nav`).
 */
export function StaffPageFrame({
  children,
  wide = false,
  nav,
}: {
  children: ReactNode;
  wide?: boolean;
  nav?: ReactNode;
}) {
  return (
    <div className="staff-page">
      <header className="staff-page__header">
        <Link to="/" className="staff-page__brand" aria-label={`${BRAND.name} home`}>
          <Logo inverted />
        </Link>
        {nav}
      </header>
      <main id="main" tabIndex={-1} className={wide ? 'staff-page__main staff-page__main--wide' : 'staff-page__main'}>
        {children}
      </main>
    </div>
  );
}

/**
 * The e-mail link pages (/confirm-email, /reset-password) are public routes inside the site layout (spec 2),
 * which already provides the header, footer and main landmark: they only need the card's column.
 */
export function StaffCardColumn({ children }: { children: ReactNode }) {
  return <div className="staff-page__main staff-page__main--in-site">{children}</div>;
}
