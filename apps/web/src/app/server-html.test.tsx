import { PATHS } from '@agency/shared';
import { act, fireEvent } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { SiteContentContext, siteContentOf } from '@/components/content/site-content';
import {
  EDITED_CLIENT,
  EDITED_FEE_TEXT,
  EDITED_SLUG,
  EDITED_TITLE,
  NEW_TESTIMONIAL_QUOTE,
  publishedContent,
} from '@/test/published-content';
import { App } from './app';
import { findRoute } from './route-table';

/**
 * The browser's bundle holds no content (docs/decisions/0043): hydrating a page the server rendered from the
 * published content, the app keeps that text, and a link to another page of the content loads it from the server.
 */
const published = siteContentOf(publishedContent());
let root: Root | undefined;

function ShownPath() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

/** The server's HTML of `path` from the published content, hydrated as the production bundle does (no content). */
async function hydrateServerPage(path: string) {
  await findRoute(path, published).preload();
  const tree = (serverHtml: boolean) => (
    <MemoryRouter initialEntries={[path]}>
      <App serverHtml={serverHtml} />
      <ShownPath />
    </MemoryRouter>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(
    <SiteContentContext.Provider value={published}>{tree(false)}</SiteContentContext.Provider>,
  );
  document.body.append(container);
  const errors: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(
      container,
      <SiteContentContext.Provider value={null}>{tree(true)}</SiteContentContext.Provider>,
      {
        onRecoverableError: (error) => errors.push(error),
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  return { container, errors };
}

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

describe('hydrating a page drawn from the published content', () => {
  it('keeps the case study’s published text, not the seed’s', async () => {
    const { container, errors } = await hydrateServerPage(`${PATHS.portfolio}/${EDITED_SLUG}`);
    expect(errors).toEqual([]);
    expect(container.querySelector('h1')?.textContent).toBe(EDITED_TITLE);
  });

  it('keeps the home carousels’ published projects and quotes', async () => {
    const { container, errors } = await hydrateServerPage(PATHS.home);
    expect(errors).toEqual([]);
    expect(container.querySelector('.carousel--portfolio')?.textContent).toContain(EDITED_CLIENT);
    expect(container.querySelector('.carousel--testimonials')?.textContent).toContain(NEW_TESTIMONIAL_QUOTE);
  });

  it('keeps a training’s published fee and brings its registration form to life', async () => {
    const { container, errors } = await hydrateServerPage(PATHS.creativeTraining);
    expect(errors).toEqual([]);
    expect(container.textContent).toContain(EDITED_FEE_TEXT);
    expect(container.querySelector('form')).not.toBeNull();
  });

  it('follows a link to a page of the content by loading it from the server', async () => {
    const { container } = await hydrateServerPage(PATHS.contact);
    const portfolioLink = [...container.querySelectorAll<HTMLAnchorElement>('header a')].find(
      (link) => link.getAttribute('href') === PATHS.portfolio,
    )!;
    const followed = fireEvent.click(portfolioLink);
    expect(followed).toBe(true);
    expect(container.querySelector('[data-testid="path"]')?.textContent).toBe(PATHS.contact);
  });
});
