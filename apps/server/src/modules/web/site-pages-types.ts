import type { PublishedContent } from '@agency/shared';

/**
 * What the rest of the server sees of the site's pages store (site-pages.ts, docs/decisions/0043). Apart from the
 * store, so the app's dependencies (app-deps.ts) name it without importing the store and, through it, the content
 * service that itself reads those dependencies.
 */

export interface AddressedFile {
  body: Buffer;
  etag: string;
  /** A page with a public form: its question, token and key are written in per request (docs/decisions/0019). */
  formSlots: boolean;
}

/** A drawn og:image of a page whose title the published content changed. */
export interface DrawnImage {
  body: Buffer;
  etag: string;
}

/** One set of pages: every request reads one set from start to end. */
export interface PageSet {
  /** The site revision it shows; 0 for the build's own files. */
  revision: number;
  /** The published content it was rendered from; none for the build's files (the SSR bundle's seed). */
  content: PublishedContent | undefined;
  /** The file of a page, by its route key (pathKey). */
  pageOf(key: string): string | undefined;
  notFound: string;
  /** Whether an addressed file (a page, sitemap.xml, robots.txt) of that name is served, e.g. /about/index.html. */
  has(name: string): boolean;
  read(name: string): Promise<AddressedFile>;
  /** A drawn og:image by its path (/og/blog-x.png), when this set draws it rather than the build. */
  drawn(imagePath: string): DrawnImage | undefined;
  /** Whether the build's og:image of that path belongs to a page this set no longer has (an item taken off). */
  dropped(imagePath: string): boolean;
}

export interface SitePages {
  /** Whether the site is built (its routes manifest is there); without it, page requests get a JSON note. */
  available: boolean;
  /** The set to answer a request from: waits for the first one at start. */
  current(): Promise<PageSet>;
  /**
   * Reads the revision and, when it is not the one served, renders the published content and swaps the new set in;
   * resolves once the newest revision seen is served. Calls during a render are folded into one more render after it.
   */
  refresh(): Promise<void>;
  /** One page rendered with the given content (a draft in place), as a public page but noindex (the editor's preview). */
  renderPreview(content: PublishedContent, pagePath: string): Promise<string>;
  /** How long the last full render took, with its revision. */
  lastRender(): { revision: number; ms: number } | undefined;
  /** Stops polling (the server's shutdown, a test's end). */
  close(): void;
}
