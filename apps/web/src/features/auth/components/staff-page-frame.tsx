import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BRAND } from '@/content/brand';
import './auth.css';

/**
 * The staff screens live outside the public layout (spec 2); this frame gives them the brand, a way
 * back to the website and the page's main landmark.
 */
export function StaffPageFrame({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="staff-page">
      <header className="staff-page__header">
        <Link to="/" className="staff-page__brand">
          <img src={BRAND.logo.src} width={BRAND.logo.width} height={BRAND.logo.height} alt={`${BRAND.name} home`} />
        </Link>
      </header>
      <main id="main" className={wide ? 'staff-page__main staff-page__main--wide' : 'staff-page__main'}>
        {children}
      </main>
    </div>
  );
}
