import type { FormPageState, PublishedContent } from '@agency/shared';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from './app/app';
import { findRoute, NOT_FOUND_ROUTE, PAGE_ROUTES, publicRoutes, type PageRoute } from './app/route-table';
import {
  seedSiteContent,
  SiteContentContext,
  siteContentOf,
  type SiteContent,
} from './components/content/site-content';
import { FormPageStateContext } from './components/forms/form-page-state';
import { renderHeadTags, type HeadData } from './components/seo/head-data';
import { HeadCollectorContext, type HeadCollector } from './components/seo/route-meta';

export { PAGE_ROUTES, NOT_FOUND_ROUTE, findRoute, type PageRoute };
export { BRAND } from './content/brand';
// The prerender script is plain JavaScript run by node: it takes the path-key rule and the placeholder origin the
// server replaces with APP_URL (docs/decisions/0017) from this bundle.
export { pathKey, PUBLIC_ORIGIN_PLACEHOLDER } from '@agency/shared';

export interface RenderedPage {
  html: string;
  head: HeadData;
  headTags: string;
}

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

export interface RenderOptions {
  /** The state of the page's public form, when the server answers a form post with its page (docs/decisions/0019). */
  formState?: FormPageState;
  /** What the pages show of the content staff edit (docs/decisions/0043); by default the seed, as the build has it. */
  content?: PublishedContent;
}

/** The same PublishedContent object (one site revision) is converted once for all the pages rendered from it. */
const siteContents = new WeakMap<PublishedContent, SiteContent>();

function siteContentFor(published: PublishedContent | undefined): SiteContent {
  if (!published) return seedSiteContent();
  let content = siteContents.get(published);
  if (!content) {
    content = siteContentOf(published);
    siteContents.set(published, content);
  }
  return content;
}

/** A public page to render: where it is, under which other addresses, and what the build needs of it. */
export type PublicPage = Pick<PageRoute, 'id' | 'path' | 'aliases' | 'indexable' | 'source' | 'chrome'>;

/**
 * The public pages of the site with this content (by default the seed): the site's own and one per published case
 * study and blog post, in the sitemap's order. An unpublished or deleted item has none; the staff screens are not
 * among them (PAGE_ROUTES has both, from the seed).
 */
export function publicPages(content?: PublishedContent): PublicPage[] {
  return publicRoutes(siteContentFor(content)).map(({ id, path, aliases, indexable, source, chrome }) => ({
    id,
    path,
    aliases,
    indexable,
    source,
    chrome,
  }));
}

/**
 * Renders one path to HTML, waiting for every lazy module, and returns its head tags: at build time for every page
 * from the seed, in the server for every public page from the published content (docs/decisions/0043), and for a
 * public form's page as the answer to a form post without JavaScript.
 */
export async function renderPage(url: string, options: RenderOptions = {}): Promise<RenderedPage> {
  const content = siteContentFor(options.content);
  await findRoute(new URL(url, 'http://prerender').pathname, content).preload();
  let head: HeadData | undefined;
  const collector: HeadCollector = {
    collect: (pageHead) => {
      head = pageHead;
    },
  };
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <HeadCollectorContext.Provider value={collector}>
        <FormPageStateContext.Provider value={options.formState ?? null}>
          <SiteContentContext.Provider value={content}>
            <StaticRouter location={url}>
              <App />
            </StaticRouter>
          </SiteContentContext.Provider>
        </FormPageStateContext.Provider>
      </HeadCollectorContext.Provider>
    </StrictMode>,
    // Never outline a large Suspense boundary into a script-revealed segment: pages must read without scripts.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await streamToString(prelude);
  if (html.includes('<script')) throw new Error(`The page at ${url} needs an inline script; it must render fully.`);
  if (!head) throw new Error(`The page at ${url} rendered no <PageHead>.`);
  return { html, head, headTags: renderHeadTags(head) };
}
