import { startTransition, StrictMode } from 'react';
import { hydrateRoot, createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/app';
import { findRoute } from './app/route-table';
import { startSessionCheck } from './features/auth';

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

// The session check goes out now, beside the page's module, rather than after hydration (early-session-check.ts).
startSessionCheck();

// The prerendered HTML is only hydrated once the matched page's module is in memory, so nothing flashes. Hydrating
// in a transition lets React yield to the browser every few milliseconds instead of holding the main thread for the
// whole page in one task (docs/decisions/0024-critical-path.md: the long task that was most of the total blocking time).
void findRoute(window.location.pathname)
  .preload()
  .finally(() => {
    if (container.firstElementChild) startTransition(() => void hydrateRoot(container, app));
    else createRoot(container).render(app);
  });
