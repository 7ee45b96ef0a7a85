import { startTransition, StrictMode } from 'react';
import { hydrateRoot, createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/app';
import { findRoute } from './app/route-table';
import { startSessionCheck } from './features/auth';
import { captureFirstTouch } from './lib/first-touch';

// Where the visit came from, read on the page it landed on, before any client-side navigation (0041).
captureFirstTouch();

const container = document.getElementById('root')!;
/** `serverHtml`: hydrating the server's page, whose parts drawn from the site's content are kept (0043). */
const app = (serverHtml: boolean) => (
  <StrictMode>
    <BrowserRouter>
      <App serverHtml={serverHtml} />
    </BrowserRouter>
  </StrictMode>
);

/**
 * Poppins for the staff screens, which have no boot module: declared from script, as the boot module does for a public
 * page after its first paint (scripts/prerender.mjs), since index.html no longer asks for the files before the first
 * paint. A public page's boot module has usually declared them already.
 */
function loadFonts() {
  if ([...document.fonts].some((face) => face.family === 'Poppins')) return;
  const faces = ['400', '700'].map(
    (weight) => new FontFace('Poppins', `url(/fonts/poppins-latin-${weight}-normal.woff2) format('woff2')`, { weight }),
  );
  void Promise.all(faces.map((face) => face.load())).then(
    () => faces.forEach((face) => document.fonts.add(face)),
    () => undefined,
  );
}
loadFonts();

// The session check goes out now, beside the page's module, rather than after hydration (early-session-check.ts).
startSessionCheck();

/**
 * A public page's chunks, each after those it imports (the boot module's `data-chunks`, written by the prerenderer;
 * staff screens have none). Importing the module of a page evaluates its whole graph in one task: the form kit with
 * its schemas is tens of milliseconds on a phone. One chunk per task, with the browser free in between, keeps every
 * task short (docs/decisions/0030-quiet-main-thread.md).
 */
const pageChunks = document.querySelector<HTMLElement>('script[data-chunks]')?.dataset.chunks?.split(' ') ?? [];

const nextTask = () => new Promise((resolve) => setTimeout(resolve));

async function loadPageInSteps() {
  for (const chunk of pageChunks.filter(Boolean)) {
    await import(/* @vite-ignore */ chunk);
    await nextTask();
  }
  // A page whose <main> the browser keeps as the server drew it needs no page module (App, route table's content).
  const route = findRoute(window.location.pathname, null);
  if (route.content !== 'page') await route.preload();
}

// The prerendered HTML is only hydrated once the matched page's module is in memory, so nothing flashes. Hydrating
// in a transition lets React yield to the browser every few milliseconds instead of holding the main thread for the
// whole page in one task (docs/decisions/0024-critical-path.md: the long task that was most of the total blocking time).
void loadPageInSteps()
  .catch(() => undefined)
  .finally(() => {
    if (container.firstElementChild) startTransition(() => void hydrateRoot(container, app(true)));
    else createRoot(container).render(app(false));
  });
