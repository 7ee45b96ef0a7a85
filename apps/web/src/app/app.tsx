// The base stylesheet comes first so component stylesheets can build on it.
import '@/styles/global.css';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { ServerHtmlContext } from '@/components/content/server-rendered-island';
import { useSiteContentIfBundled } from '@/components/content/site-content';
import { SiteLayout } from '@/components/layouts/site-layout';
import { PageHead } from '@/components/seo/page-head';
import { RouteMetaContext } from '@/components/seo/route-meta';
import { releaseHeldPress } from '@/components/forms/pre-hydration';
import { LoadsDocumentContext } from '@/components/ui/link';
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

/**
 * A page of the site's content reached inside the app without the content (the history's Back to the page the app
 * started on, after a client-side navigation): loaded again from the server, as a link to it would be.
 */
function LoadFromServer() {
  useEffect(() => window.location.reload(), []);
  return null;
}

/**
 * Whether the app shows the page the server rendered (`serverHtml`, given by entry-client when it hydrates) and has
 * not navigated since: that page's content-driven parts are kept as the server drew them (docs/decisions/0043).
 */
function useShowsServerHtml(serverHtml: boolean, pathname: string): boolean {
  const [firstPath] = useState(pathname);
  const [navigated, setNavigated] = useState(false);
  if (!navigated && pathname !== firstPath) setNavigated(true);
  return serverHtml && !navigated && pathname === firstPath;
}

export function App({ serverHtml = false }: { serverHtml?: boolean }) {
  const { pathname } = useLocation();
  const content = useSiteContentIfBundled();
  const route = findRoute(pathname, content);
  const showsServerHtml = useShowsServerHtml(serverHtml, pathname);
  useNavigationFocus(pathname);
  const loadsDocument = useCallback(
    (to: string) => Boolean(findRoute(new URL(to, 'http://site').pathname, content).content),
    [content],
  );

  // The whole of the page's <main> is the server's: the browser has nothing of it to draw (docs/decisions/0043).
  const mainFromServer = route.content === 'page' && showsServerHtml && !import.meta.env.SSR;
  const missingContent = Boolean(route.content) && !content && !showsServerHtml;

  const page = (
    <RouteMetaContext.Provider
      value={{ id: route.id, canonicalPath: route.path, indexable: route.indexable, trail: route.trail }}
      key={route.id}
    >
      {route.head && <PageHead title={route.head.title} description={route.head.description} />}
      {missingContent ? (
        <LoadFromServer />
      ) : (
        <Suspense fallback={null}>
          {route.element}
          <PageHydrated />
        </Suspense>
      )}
    </RouteMetaContext.Provider>
  );

  return (
    <AppProviders>
      <LoadsDocumentContext.Provider value={loadsDocument}>
        <ServerHtmlContext.Provider value={showsServerHtml}>
          {route.chrome === 'bare' ? (
            page
          ) : mainFromServer ? (
            <SiteLayout mainFromServer>
              <PageHydrated />
            </SiteLayout>
          ) : (
            <SiteLayout>{page}</SiteLayout>
          )}
        </ServerHtmlContext.Provider>
      </LoadsDocumentContext.Provider>
    </AppProviders>
  );
}
