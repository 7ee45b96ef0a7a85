import { useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { Link, NavLink } from '@/components/ui/link';
import { HEADER_LINKS, SERVICES_MENU } from '@/content/navigation';

/**
 * The Services item of the desktop navigation. The panel opens on hover and whenever keyboard focus enters the
 * item, so keyboard users reach all six services with Tab; Escape closes it and returns focus to "Services".
 */
export function MegaMenu() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const triggerRef = useRef<HTMLAnchorElement>(null);
  const { pathname } = useLocation();

  // A navigation closes the panel (state reset during render, React's pattern for "derived from a prop").
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setOpen(false);
  }

  // Only focus arriving from outside opens the panel, so Escape's return of focus to "Services" keeps it closed.
  const openWhenFocusArrives = (event: FocusEvent<HTMLLIElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(true);
  };

  const closeWhenFocusLeaves = (event: FocusEvent<HTMLLIElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  const closeOnEscape = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    setOpen(false);
    triggerRef.current?.focus();
  };

  return (
    <li
      className={`main-nav__item mega${open ? ' mega--open' : ''}`}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={openWhenFocusArrives}
      onBlur={closeWhenFocusLeaves}
      onKeyDown={closeOnEscape}
    >
      <NavLink
        ref={triggerRef}
        to={HEADER_LINKS.services.to}
        className="main-nav__link mega__trigger"
        aria-expanded={open}
        aria-controls={panelId}
      >
        {HEADER_LINKS.services.label}
        <svg className="mega__chevron" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </NavLink>
      <div className="mega__panel" id={panelId} hidden={!open}>
        <ul className="mega__list">
          {SERVICES_MENU.map((item) => (
            <li key={item.to}>
              <Link to={item.to} className="mega__link">
                <span className="mega__title">{item.label}</span>
                <span className="mega__blurb">{item.blurb}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </li>
  );
}
