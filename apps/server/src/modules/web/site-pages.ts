import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { pathKey, PUBLIC_ORIGIN_PLACEHOLDER, type FormPageState, type PublishedContent } from '@agency/shared';
import type { Database } from '../../lib/database-schema';
import type { Logger } from '../../lib/logger';
import { onSiteRevision, publishedContent, siteRevision } from '../content/content.service';
import { hasFormSlots } from './form-pages';
import type { AddressedFile, DrawnImage, PageSet, SitePages } from './site-pages-types';

export type { AddressedFile, DrawnImage, PageSet, SitePages } from './site-pages-types';

/**
 * The public pages as the server answers them (docs/decisions/0043): the build's files while the site revision is 0
 * (the build rendered the seed), otherwise a set rendered here from the published content with the build's SSR bundle
 * and page assembly (apps/web/dist/server: entry-server.js, site-assembly.mjs). A new set is rendered aside and
 * swapped in with one assignment; a request takes one set and answers wholly from it.
 */

const MANIFEST_FILE = 'routes-manifest.json';
const NOT_FOUND_FILE = '404.html';
const SITEMAP_FILE = 'sitemap.xml';
/** How often an instance looks for a revision made elsewhere (another instance, the scheduler of another one). */
export const REVISION_POLL_MS = 1000;

const RoutesManifestSchema = z.object({
  routes: z.record(z.string(), z.string()),
  notFound: z.string(),
});

/** The build's files that name the public address: the pages, sitemap.xml and robots.txt (docs/decisions/0017). */
const ADDRESSED_FILE = /\.(?:html|xml|txt)$/;

/**
 * Whether a file name is of the addressed kind (outside the hashed assets): such a file is served from a set of pages
 * or not at all, never from the disk, where a page the published content removed still lies.
 */
export const isAddressedName = (name: string) =>
  ADDRESSED_FILE.test(name) && !name.startsWith('assets/') && !/(?:^|\/)\./.test(name);

const etagOf = (body: Buffer) =>
  `W/"${body.length.toString(16)}-${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** A file's text with the placeholder origin replaced by the public one, with its ETag (0017). */
function addressed(text: string, publicOrigin: string, isPage: boolean): AddressedFile {
  const body = Buffer.from(text.replaceAll(PUBLIC_ORIGIN_PLACEHOLDER, publicOrigin));
  return { body, etag: etagOf(body), formSlots: isPage && hasFormSlots(text) };
}

/**
 * The build's addressed files, each read on its first request with the placeholder origin replaced by the public
 * one, then answered from memory: the same bytes and ETag every time, whatever the files on disk do later.
 */
function buildSet(webRoot: string, publicOrigin: string): PageSet {
  const manifest = RoutesManifestSchema.parse(JSON.parse(readFileSync(path.join(webRoot, MANIFEST_FILE), 'utf8')));
  const names = new Set(
    readdirSync(webRoot, { recursive: true, encoding: 'utf8' })
      .map((name) => name.split(path.sep).join('/'))
      .filter(isAddressedName),
  );
  const loaded = new Map<string, Promise<AddressedFile>>();
  return {
    revision: 0,
    content: undefined,
    pageOf: (key) => manifest.routes[key],
    notFound: manifest.notFound,
    has: (name) => names.has(name),
    read(name) {
      let file = loaded.get(name);
      if (!file) {
        file = readFile(path.join(webRoot, name), 'utf8').then((text) =>
          addressed(text, publicOrigin, name.endsWith('.html')),
        );
        // A file that could not be read is tried again next time rather than failing for good.
        file.catch(() => loaded.delete(name));
        loaded.set(name, file);
      }
      return file;
    },
    drawn: () => undefined,
    dropped: () => false,
  };
}

/** A route of the web app's route table, as far as the server reads it. */
interface SiteRoute {
  id: string;
  path: string;
  aliases: readonly string[];
  source: string;
  chrome: 'site' | 'bare';
  indexable: boolean;
}

interface RenderedPage {
  html: string;
  headTags: string;
  head: { title: string; ogImagePath: string };
}

/** What the server uses of the SSR bundle (apps/web/src/entry-server.tsx). */
export interface SsrEntry {
  renderPage(url: string, options?: { formState?: FormPageState; content?: PublishedContent }): Promise<RenderedPage>;
  /** The public pages with this content (a page per published case study and blog post); the seed's without. */
  publicPages?: (content?: PublishedContent) => readonly SiteRoute[];
  PAGE_ROUTES: readonly SiteRoute[];
  NOT_FOUND_ROUTE: SiteRoute;
  BRAND: { name: string };
}

interface Assembler {
  builtOn: string;
  ogTitles: Record<string, string>;
  page(route: SiteRoute, rendered: RenderedPage): Promise<string>;
}

/** What the server uses of apps/web/scripts/site-assembly.mjs (copied to dist/server by the build). */
interface AssemblyModule {
  createAssembler(clientDir: string): Promise<Assembler>;
  sitemapXml(origin: string, paths: string[], day: string): string;
  htmlFileOf(key: string): string;
  ogTitleOf(title: string, brand: { name: string }): string;
  drawOgImage(title: string, brand: { name: string }): Promise<Buffer>;
}

interface Renderer {
  entry: SsrEntry;
  assembly: AssemblyModule;
  assembler: Assembler;
}

const NOINDEX = '<meta name="robots" content="noindex">';

/** The public pages of the content: the SSR bundle's own list, or (an older bundle) the indexable routes. */
function publicRoutesOf(entry: SsrEntry, content: PublishedContent | undefined): readonly SiteRoute[] {
  return entry.publicPages ? entry.publicPages(content) : entry.PAGE_ROUTES.filter((route) => route.indexable);
}

export interface SitePagesOptions {
  webRoot: string;
  publicOrigin: string;
  db: Kysely<Database>;
  logger: Logger;
  /** How often the revision is read; 0 to read it only when `refresh()` is called (tests). */
  pollMs?: number;
}

/**
 * The store of the site's pages (docs/decisions/0043). At start: the build's files when the revision is 0, otherwise
 * a set rendered from the published content; requests wait for it. Then the revision is read every `pollMs` and after
 * each change this process makes (onSiteRevision); renders run one at a time, and the newest revision wins.
 */
export function createSitePages(options: SitePagesOptions): SitePages {
  const { webRoot, publicOrigin, db, logger } = options;
  const available = existsSync(path.join(webRoot, MANIFEST_FILE));
  const serverDir = path.resolve(webRoot, '..', 'server');
  let renderer: Promise<Renderer> | undefined;
  let build: PageSet | undefined;
  let set: PageSet | undefined;
  let last: { revision: number; ms: number } | undefined;
  /** Drawn og:images by path and title: a title drawn once is not drawn again for the next revision. */
  const drawnImages = new Map<string, Promise<DrawnImage>>();

  const buildFiles = () => (build ??= buildSet(webRoot, publicOrigin));

  // Loaded on the first render or preview, not at start: at revision 0 the build's files serve and the SSR bundle
  // (React, the pages, the seed) would only take memory (docs/decisions/0043).
  const loadRenderer = () => {
    renderer ??= (async () => {
      const entry = (await import(pathToFileURL(path.join(serverDir, 'entry-server.js')).href)) as SsrEntry;
      const assembly = (await import(pathToFileURL(path.join(serverDir, 'site-assembly.mjs')).href)) as AssemblyModule;
      return { entry, assembly, assembler: await assembly.createAssembler(webRoot) };
    })();
    // A failed load is tried again next time rather than failing for good.
    renderer.catch(() => (renderer = undefined));
    return renderer;
  };

  const drawImage = (assembly: AssemblyModule, brand: { name: string }, imagePath: string, title: string) => {
    const key = `${imagePath}\n${title}`;
    let image = drawnImages.get(key);
    if (!image) {
      image = assembly.drawOgImage(title, brand).then((body) => ({ body, etag: etagOf(body) }));
      image.catch(() => drawnImages.delete(key));
      drawnImages.set(key, image);
    }
    return image;
  };

  /** Every public page, the 404 page and sitemap.xml of this content, over the build's other files. */
  const renderSet = async (content: PublishedContent): Promise<PageSet> => {
    const { entry, assembly, assembler } = await loadRenderer();
    const base = buildFiles();
    const files = new Map<string, AddressedFile>();
    const routes = new Map<string, string>();
    const drawn = new Map<string, DrawnImage>();
    const renderInto = async (route: SiteRoute, url: string, file: string) => {
      const page = await entry.renderPage(url, { content });
      files.set(file, addressed(await assembler.page(route, page), publicOrigin, true));
      return page;
    };
    const pages = publicRoutesOf(entry, content);
    for (const route of pages) {
      for (const [index, pagePath] of [route.path, ...route.aliases].entries()) {
        const key = pathKey(pagePath);
        if (routes.has(key)) continue;
        const file = assembly.htmlFileOf(key);
        const page = await renderInto(route, pagePath, file);
        routes.set(key, file);
        const imagePath = page.head.ogImagePath;
        if (index !== 0 || !imagePath.startsWith('/og/')) continue;
        const title = assembly.ogTitleOf(page.head.title, entry.BRAND);
        // The build drew the image with this title: its file serves.
        if (assembler.ogTitles[imagePath] === title) continue;
        drawn.set(imagePath, await drawImage(assembly, entry.BRAND, imagePath, title));
      }
    }
    await renderInto(entry.NOT_FOUND_ROUTE, '/this-page-does-not-exist', NOT_FOUND_FILE);
    const sitemap = assembly.sitemapXml(
      PUBLIC_ORIGIN_PLACEHOLDER,
      pages.filter((route) => route.indexable).map((route) => route.path),
      assembler.builtOn,
    );
    files.set(SITEMAP_FILE, addressed(sitemap, publicOrigin, false));

    // The build's pages of its own public routes are replaced or gone (an item unpublished since); the staff screens,
    // robots.txt and the rest stay the build's.
    const replaced = new Set<string>();
    // The build draws a page's og:image at /og/<route id>.png; those of pages gone with their items go too.
    const ids = new Set(pages.map((route) => route.id));
    const droppedImages = new Set<string>();
    for (const route of publicRoutesOf(entry, undefined)) {
      for (const pagePath of [route.path, ...route.aliases]) {
        const file = base.pageOf(pathKey(pagePath));
        if (file) replaced.add(file);
      }
      const imagePath = `/og/${route.id}.png`;
      if (!ids.has(route.id) && imagePath in assembler.ogTitles) droppedImages.add(imagePath);
    }
    return {
      revision: content.revision,
      content,
      pageOf(key) {
        const file = routes.get(key) ?? base.pageOf(key);
        return file && (routes.has(key) || !replaced.has(file)) ? file : undefined;
      },
      notFound: NOT_FOUND_FILE,
      has: (name) => files.has(name) || (!replaced.has(name) && base.has(name)),
      read: (name) => {
        const file = files.get(name);
        return file ? Promise.resolve(file) : base.read(name);
      },
      drawn: (imagePath) => drawn.get(imagePath),
      dropped: (imagePath) => droppedImages.has(imagePath),
    };
  };

  /** The set of the database's revision: the build's at 0, else rendered. */
  const setFor = async (content: PublishedContent): Promise<PageSet> => {
    if (content.revision === 0) return buildFiles();
    const started = performance.now();
    const rendered = await renderSet(content);
    last = { revision: content.revision, ms: Math.round(performance.now() - started) };
    logger.info({ revision: content.revision, ms: last.ms }, 'site pages rendered');
    return rendered;
  };

  let wanted = false;
  let running: Promise<void> | undefined;
  const refresh = (): Promise<void> => {
    if (!available) return Promise.resolve();
    wanted = true;
    running ??= (async () => {
      try {
        while (wanted) {
          wanted = false;
          const content = await publishedContent(db);
          if (set && content.revision === set.revision) continue;
          // The one assignment that swaps every page at once.
          set = await setFor(content);
        }
      } finally {
        running = undefined;
      }
    })();
    return running;
  };

  const start = async (): Promise<PageSet> => {
    try {
      if ((await siteRevision(db)) === 0) set ??= buildFiles();
      else await refresh();
    } catch (error) {
      // The build's pages rather than none; the next poll tries again.
      logger.error({ err: error }, 'the site pages could not be rendered at start; serving the build');
    }
    return set ?? buildFiles();
  };
  const ready = available ? start() : undefined;

  const poll = async () => {
    try {
      if (running || !set) return;
      if ((await siteRevision(db)) !== set.revision) await refresh();
    } catch (error) {
      logger.error({ err: error }, 'the site pages could not be rendered again; the next look tries again');
    }
  };
  const pollMs = options.pollMs ?? REVISION_POLL_MS;
  const timer = available && pollMs > 0 ? setInterval(() => void poll(), pollMs) : undefined;
  timer?.unref();
  const stopListening = available
    ? onSiteRevision(() => {
        refresh().catch((error: unknown) => {
          logger.error({ err: error }, 'the site pages could not be rendered again; the next look tries again');
        });
      })
    : undefined;

  return {
    available,
    async current() {
      if (!ready) throw new Error('The web app is not built.');
      await ready;
      return set ?? buildFiles();
    },
    refresh,
    async renderPreview(content, pagePath) {
      const { entry, assembler } = await loadRenderer();
      const key = pathKey(pagePath);
      const route =
        publicRoutesOf(entry, content).find((candidate) =>
          [candidate.path, ...candidate.aliases].some((known) => pathKey(known) === key),
        ) ?? entry.NOT_FOUND_ROUTE;
      const page = await entry.renderPage(pagePath, { content });
      const html = (await assembler.page(route, page)).replaceAll(PUBLIC_ORIGIN_PLACEHOLDER, publicOrigin);
      // A preview is never a page to index, whatever the page would say once published. It is drawn without its
      // scripts, as a visitor without JavaScript sees it: the app in the browser would hydrate the page at the
      // preview's address (an API path, not the page's) and put another page in its place.
      return html
        .replace(/<meta name="robots"[^>]*>/g, '')
        .replace('<head>', `<head>${NOINDEX}`)
        .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
        .replace(/<link rel="modulepreload"[^>]*>/gi, '');
    },
    lastRender: () => last,
    close() {
      if (timer) clearInterval(timer);
      stopListening?.();
    },
  };
}
