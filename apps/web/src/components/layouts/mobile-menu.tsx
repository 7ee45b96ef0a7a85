import { lazy, Suspense, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { HEADER_LINKS, REQUEST_QUOTE_LINK, SERVICES_MENU } from '@/content/navigation';

/* The open menu is fetched on the first sign that the visitor reaches for the button (pointer, touch or focus), so
   it is usually in memory by the time the click lands, and pages never carry it in their first download. */
const loadMobileMenuPanel = () => import('./mobile-menu-panel');
const MobileMenuPanel = lazy(loadMobileMenuPanel);
const preloadMobileMenuPanel = () => void loadMobileMenuPanel();

/** The id the menu link of the page without JavaScript points at: `:target` opens the menu. */
const STATIC_MENU_ID = 'mobile-menu';

const subscribeToHash = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};
/**
 * True while the menu of the page without JavaScript is open (the URL's target). A visitor may open it before the app
 * runs (public pages start it on the first touch): it stays until they close it or leave, rather than vanishing
 * under their finger when the app takes over.
 */
const useStaticMenuOpen = () =>
  useSyncExternalStore(
    subscribeToHash,
    () => window.location.hash === `#${STATIC_MENU_ID}`,
    () => false,
  );

const noSubscription = () => () => undefined;
/** False in the prerendered HTML and while hydrating, true once the app runs: the menu's JavaScript is there. */
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

const MenuIcon = () => (
  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
    <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);

/**
 * The phone menu of a page without JavaScript (or before it runs): a link to a full-screen list of every page that
 * CSS shows while it is the URL's target, with a link that closes it. Once the app runs, the button and dialog below
 * take its place (docs/decisions/0019).
 */
function StaticMobileMenu() {
  const links = [...HEADER_LINKS.before, ...HEADER_LINKS.after];
  return (
    <>
      <a href={`#${STATIC_MENU_ID}`} className="menu-button">
        <MenuIcon />
        <span>Menu</span>
      </a>
      <nav id={STATIC_MENU_ID} className="mobile-menu mobile-menu--static" aria-label="Mobile">
        <div className="mobile-menu__top">
          <a href="#" className="menu-button">
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <span>Close</span>
          </a>
        </div>
        <ul className="mobile-menu__list">
          {[links[0]!, HEADER_LINKS.services, ...links.slice(1)].map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="mobile-menu__link">
                {link.label}
              </Link>
              {link.to === HEADER_LINKS.services.to ? (
                <ul className="mobile-menu__sublist">
                  {SERVICES_MENU.map((item) => (
                    <li key={item.to}>
                      <Link to={item.to} className="mobile-menu__sublink">
                        {item.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
        <Link to={REQUEST_QUOTE_LINK.to} className="btn btn--primary mobile-menu__cta">
          {REQUEST_QUOTE_LINK.label}
        </Link>
      </nav>
    </>
  );
}

/** The phone menu's button, and the full-screen menu it opens. */
export function MobileMenu() {
  const hydrated = useHydrated();
  const staticMenuOpen = useStaticMenuOpen();
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

  if (!hydrated || staticMenuOpen) return <StaticMobileMenu />;

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
        <MenuIcon />
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
