import type { ReactNode } from 'react';
import { ServerRenderedIsland } from '@/components/content/server-rendered-island';
import { Footer } from './footer';
import { Header } from './header';
import { ScrollToTop } from './scroll-to-top';
import './layout.css';

/**
 * The shared layout of every public page: skip link, header, main content, footer, scroll-to-top. With
 * `mainFromServer`, the browser hydrating a page drawn wholly from the site's content keeps the server's `<main>` as
 * it is (ServerRenderedIsland) and `children` (what renders nothing) go after it.
 */
export function SiteLayout({ children, mainFromServer = false }: { children: ReactNode; mainFromServer?: boolean }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <Header />
      {mainFromServer ? (
        <>
          {/* Keyed apart, so the first navigation draws a new <main> rather than patching the adopted one. */}
          <ServerRenderedIsland as="main" id="main" tabIndex={-1} key="server" />
          {children}
        </>
      ) : (
        <main id="main" tabIndex={-1} key="app">
          {children}
        </main>
      )}
      <Footer />
      <ScrollToTop />
    </>
  );
}
