// The base stylesheet comes first so component stylesheets can build on it.
import '@/styles/global.css';
import { Suspense, useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { SiteLayout } from '@/components/layouts/site-layout';
import { PageHead } from '@/components/seo/page-head';
import { RouteMetaContext } from '@/components/seo/route-meta';
import { releaseHeldPress } from '@/components/forms/pre-hydration';
import { AppProviders } from './providers';
import { findRoute } from './route-table';

/** Moves the view to the top and focus to the main content after a client-side navigation, as a page load would. */
function useNavigationFocus(pathname: string) {
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    window.scrollTo(0, 0);
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}

/**
 * Rendered after the page inside its Suspense boundary, so its effect runs once the page itself has hydrated (React
 * hydrates a boundary's content after the shell around it): marks the root (`data-hydrated`, what the browser tests
 * wait for) and lets through a button press held before the app was there (releaseHeldPress). Renders nothing.
 */
function PageHydrated() {
  useEffect(() => {
    document.getElementById('root')?.setAttribute('data-hydrated', '');
    releaseHeldPress();
  }, []);
  return null;
}

export function App() {
  const { pathname } = useLocation();
  const route = findRoute(pathname);
  useNavigationFocus(pathname);

  const page = (
    <RouteMetaContext.Provider
      value={{ id: route.id, canonicalPath: route.path, indexable: route.indexable, trail: route.trail }}
      key={route.id}
    >
      {route.head && <PageHead title={route.head.title} description={route.head.description} />}
      <Suspense fallback={null}>
        {route.element}
        <PageHydrated />
      </Suspense>
    </RouteMetaContext.Provider>
  );

  return <AppProviders>{route.chrome === 'site' ? <SiteLayout>{page}</SiteLayout> : page}</AppProviders>;
}
