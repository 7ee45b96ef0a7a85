import { PATHS, SCROLL_THRESHOLDS } from '@agency/shared';
import { Link, NavLink } from '@/components/ui/link';
import { HEADER_LINKS, REQUEST_QUOTE_LINK } from '@/content/navigation';
import { Logo } from './logo';
import { MegaMenu } from './mega-menu';
import { MobileMenu } from './mobile-menu';
import { useScrolledPast } from './use-scrolled-past';

export function Header() {
  const compact = useScrolledPast(SCROLL_THRESHOLDS.COMPACT_HEADER_PX);
  return (
    <header className={`site-header${compact ? ' site-header--compact' : ''}`} data-compact={compact}>
      <div className="site-header__inner container">
        <Link to={PATHS.home} className="site-header__brand">
          <Logo inverted />
        </Link>
        <nav aria-label="Main" className="main-nav">
          <ul className="main-nav__list">
            {HEADER_LINKS.before.map((link) => (
              <li key={link.to} className="main-nav__item">
                <NavLink to={link.to} className="main-nav__link" end>
                  {link.label}
                </NavLink>
              </li>
            ))}
            <MegaMenu />
            {HEADER_LINKS.after.map((link) => (
              <li key={link.to} className="main-nav__item">
                <NavLink to={link.to} className="main-nav__link">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Link to={REQUEST_QUOTE_LINK.to} className="btn btn--primary site-header__cta">
          {REQUEST_QUOTE_LINK.label}
        </Link>
        <MobileMenu />
      </div>
    </header>
  );
}
