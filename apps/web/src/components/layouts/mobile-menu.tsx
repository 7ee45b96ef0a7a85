import { lazy, Suspense, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

/* The open menu is fetched on the first sign that the visitor reaches for the button (pointer, touch or focus), so
   it is usually in memory by the time the click lands, and pages never carry it in their first download. */
const loadMobileMenuPanel = () => import('./mobile-menu-panel');
const MobileMenuPanel = lazy(loadMobileMenuPanel);
const preloadMobileMenuPanel = () => void loadMobileMenuPanel();

/** The phone menu's button, and the full-screen menu it opens. */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const openButtonRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  const close = () => {
    setOpen(false);
    openButtonRef.current?.focus();
  };

  // A navigation from inside the menu closes it (state reset during render, React's pattern for derived state).
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setOpen(false);
  }

  return (
    <>
      <button
        ref={openButtonRef}
        type="button"
        className="menu-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preloadMobileMenuPanel}
        onTouchStart={preloadMobileMenuPanel}
        onFocus={preloadMobileMenuPanel}
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span>Menu</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <MobileMenuPanel onClose={close} />
        </Suspense>
      )}
    </>
  );
}
