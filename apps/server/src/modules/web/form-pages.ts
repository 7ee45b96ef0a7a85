import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  escapeHtml,
  FIRST_TOUCH_ATTRIBUTE,
  FIRST_TOUCH_FIELD_NAMES,
  FORM_SLOT_ATTRIBUTE,
  firstTouchFieldsOf,
  type FirstTouch,
  pathKey,
  PUBLIC_ORIGIN_PLACEHOLDER,
  sumQuestionLabel,
  type FormPageState,
  type PublishedContent,
  type IssuedSumQuestion,
} from '@agency/shared';

/** The pending question and the empty token and key of a prerendered form page (docs/decisions/0019). */
const QUESTION_SLOT = new RegExp(`(<span ${FORM_SLOT_ATTRIBUTE}="question"[^>]*>)What is \\? \\+ \\?(</span>)`);
const inputSlot = (slot: string) => new RegExp(`(<input ${FORM_SLOT_ATTRIBUTE}="${slot}"[^>]*? value=")(")`);
const TOKEN_SLOT = inputSlot('token');
const KEY_SLOT = inputSlot('key');

/** Whether a page has a public form whose question the server fills in per request. */
export function hasFormSlots(html: string): boolean {
  return TOKEN_SLOT.test(html);
}

/**
 * Writes a fresh question, its token and a form post's key into a prerendered form page. Token and key are base64url
 * and dots (or a UUID), which read the same in an attribute, so plain replacement is safe.
 */
export function fillFormSlots(html: string, question: IssuedSumQuestion, idempotencyKey: string): string {
  return html
    .replace(QUESTION_SLOT, (_match, open: string, close: string) => `${open}${sumQuestionLabel(question)}${close}`)
    .replace(TOKEN_SLOT, (_match, open: string, close: string) => `${open}${question.token}${close}`)
    .replace(KEY_SLOT, (_match, open: string, close: string) => `${open}${idempotencyKey}${close}`);
}

const firstTouchSlot = (name: string) =>
  new RegExp(`(<input ${FIRST_TOUCH_ATTRIBUTE}="${name}"[^>]*? value=")[^"]*(")`);
const FIRST_TOUCH_SLOTS = FIRST_TOUCH_FIELD_NAMES.map((name) => [name, firstTouchSlot(name)] as const);

/**
 * Writes a visit's first-touch source into the hidden inputs of a form page (docs/decisions/0041), so a form post
 * without JavaScript carries it. The values are cleaned already and escaped for the attribute all the same.
 */
export function fillFirstTouchSlots(html: string, touch: FirstTouch): string {
  const fields = firstTouchFieldsOf(touch);
  return FIRST_TOUCH_SLOTS.reduce(
    (page, [name, slot]) =>
      page.replace(slot, (_match, open: string, close: string) => `${open}${escapeHtml(fields[name])}${close}`),
    html,
  );
}

const ROOT_OPEN = '<div id="root">';
/** The app's scripts: a page rendered for a post without JavaScript is complete without them (0019). */
const SCRIPTS = /<script(?: type="module"[^>]*)?>[\s\S]*?<\/script>\s*|<link rel="modulepreload"[^>]*>\s*/g;

interface SsrEntry {
  renderPage: (
    url: string,
    options: { formState: FormPageState; content?: PublishedContent },
  ) => Promise<{ html: string }>;
}

/** What a form page needs of a set of the site's pages (site-pages.ts's PageSet). */
interface PagesShown {
  content: PublishedContent | undefined;
  pageOf(key: string): string | undefined;
  read(name: string): Promise<{ body: Buffer }>;
}

/** The site's pages (site-pages.ts's SitePages). */
interface SitePagesShown {
  available: boolean;
  current(): Promise<PagesShown>;
}

interface Shell {
  before: string;
  after: string;
}

/**
 * Renders a public form's page as the answer to a form post (docs/decisions/0019): the web app's SSR bundle
 * (apps/web/dist/server/entry-server.js) renders the page with the form's state and the published content the site's
 * current pages show (docs/decisions/0043), and the result goes into that set's page of the same path (its head,
 * inlined CSS and the public address), without the app's scripts. Without a build (`available()` false) form posts
 * are answered with JSON.
 */
export function createFormPages(webRoot: string, publicOrigin: () => string, site: SitePagesShown) {
  const entryFile = path.resolve(webRoot, '..', 'server', 'entry-server.js');
  let entry: Promise<SsrEntry> | undefined;
  // Each set of pages has its own shells; a set no longer served is dropped with its shells.
  const shells = new WeakMap<PagesShown, Map<string, Shell>>();

  const shellOf = async (pages: PagesShown, pagePath: string): Promise<Shell> => {
    let ofSet = shells.get(pages);
    if (!ofSet) shells.set(pages, (ofSet = new Map()));
    let shell = ofSet.get(pagePath);
    if (!shell) {
      const file = pages.pageOf(pathKey(pagePath));
      if (!file) throw new Error(`The site has no page for ${pagePath}.`);
      const html = (await pages.read(file)).body.toString('utf8').replace(SCRIPTS, '');
      const start = html.indexOf(ROOT_OPEN);
      const end = html.lastIndexOf('</div>', html.indexOf('</body>'));
      if (start < 0 || end < start) throw new Error(`The page for ${pagePath} has no root element.`);
      shell = { before: html.slice(0, start + ROOT_OPEN.length), after: html.slice(end) };
      ofSet.set(pagePath, shell);
    }
    return shell;
  };

  return {
    /** Whether the site is built with its SSR bundle, so form posts can be answered with pages. */
    available: () => site.available && existsSync(entryFile),
    async render(pagePath: string, formState: FormPageState): Promise<string> {
      entry ??= import(pathToFileURL(entryFile).href) as Promise<SsrEntry>;
      // A failed load is tried again next time rather than failing for good.
      const loaded = await entry.catch((error: unknown) => {
        entry = undefined;
        throw error;
      });
      const pages = await site.current();
      const { html } = await loaded.renderPage(pagePath, { formState, content: pages.content });
      const shell = await shellOf(pages, pagePath);
      return `${shell.before}${html.replaceAll(PUBLIC_ORIGIN_PLACEHOLDER, publicOrigin())}${shell.after}`;
    },
  };
}

export type FormPages = ReturnType<typeof createFormPages>;
