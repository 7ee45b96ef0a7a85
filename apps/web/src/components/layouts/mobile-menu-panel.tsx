import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from '@/components/ui/link';
import { HEADER_LINKS, REQUEST_QUOTE_LINK, SERVICES_MENU } from '@/content/navigation';
import { Logo } from './logo';

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The open phone menu: a full-screen dialog with a collapsible Services list, focus kept inside while it is open.
 * Its own chunk: only visitors who open the menu download it (see mobile-menu.tsx).
 */
export default function MobileMenuPanel({ onClose }: { onClose: () => void }) {
  const [servicesOpen, setServicesOpen] = useState(false);
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeButtonRef = useRef<HTMLButtonElement>(null);
  const servicesListId = useId();
  const titleId = useId();

  useEffect(() => {
    closeButtonRef.current?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previousOverflow;
    };
  }, []);

  const trapFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const links = [...HEADER_LINKS.before, ...HEADER_LINKS.after];

  return (
    <div
      ref={dialogRef}
      className="mobile-menu"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      onKeyDown={trapFocus}
    >
      <div className="mobile-menu__top">
        <Logo />
        <h2 id={titleId} className="visually-hidden">
          Menu
        </h2>
        <button ref={closeButtonRef} type="button" className="menu-button" onClick={onClose}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span>Close</span>
        </button>
      </div>
      <nav aria-label="Mobile">
        <ul className="mobile-menu__list">
          <li>
            <Link to={links[0]!.to} className="mobile-menu__link">
              {links[0]!.label}
            </Link>
          </li>
          <li>
            <button
              type="button"
              className="mobile-menu__link mobile-menu__toggle"
              aria-expanded={servicesOpen}
              aria-controls={servicesListId}
              onClick={() => setServicesOpen((value) => !value)}
            >
              {HEADER_LINKS.services.label}
              <svg viewBox="0 0 12 12" width="14" height="14" aria-hidden="true" focusable="false">
                <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" />
              </svg>
            </button>
            <ul id={servicesListId} className="mobile-menu__sublist" hidden={!servicesOpen}>
              <li>
                <Link to={HEADER_LINKS.services.to} className="mobile-menu__sublink">
                  All services
                </Link>
              </li>
              {SERVICES_MENU.map((item) => (
                <li key={item.to}>
                  <Link to={item.to} className="mobile-menu__sublink">
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </li>
          {links.slice(1).map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="mobile-menu__link">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Link to={REQUEST_QUOTE_LINK.to} className="btn btn--primary mobile-menu__cta">
        {REQUEST_QUOTE_LINK.label}
      </Link>
    </div>
  );
}
