import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
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

const ManifestSchema = z.object({ routes: z.record(z.string(), z.string()) });

interface SsrEntry {
  renderPage: (url: string, options: { formState: FormPageState }) => Promise<{ html: string }>;
}

const ROOT_OPEN = '<div id="root">';
/** The app's scripts: a page rendered for a post without JavaScript is complete without them (0019). */
const SCRIPTS = /<script(?: type="module"[^>]*)?>[\s\S]*?<\/script>\s*|<link rel="modulepreload"[^>]*>\s*/g;

/**
 * Renders a public form's page as the answer to a form post (docs/decisions/0019): the web app's SSR bundle
 * (apps/web/dist/server/entry-server.js) renders the page with the form's state, and the result goes into the
 * prerendered file of the same page (its head, inlined CSS and the public address), without the app's scripts.
 * Without a build (`available()` false) form posts are answered with JSON.
 */
export function createFormPages(webRoot: string, publicOrigin: () => string) {
  const entryFile = path.resolve(webRoot, '..', 'server', 'entry-server.js');
  const manifestFile = path.join(webRoot, 'routes-manifest.json');
  let entry: Promise<SsrEntry> | undefined;
  const shells = new Map<string, { before: string; after: string }>();

  const shellOf = (pagePath: string) => {
    let shell = shells.get(pagePath);
    if (!shell) {
      const manifest = ManifestSchema.parse(JSON.parse(readFileSync(manifestFile, 'utf8')));
      const file = manifest.routes[pathKey(pagePath)];
      if (!file) throw new Error(`The build has no page for ${pagePath}.`);
      const html = readFileSync(path.join(webRoot, file), 'utf8')
        .replaceAll(PUBLIC_ORIGIN_PLACEHOLDER, publicOrigin())
        .replace(SCRIPTS, '');
      const start = html.indexOf(ROOT_OPEN);
      const end = html.lastIndexOf('</div>', html.indexOf('</body>'));
      if (start < 0 || end < start) throw new Error(`The page for ${pagePath} has no root element.`);
      shell = { before: html.slice(0, start + ROOT_OPEN.length), after: html.slice(end) };
      shells.set(pagePath, shell);
    }
    return shell;
  };

  return {
    /** Whether the site is built with its SSR bundle, so form posts can be answered with pages. */
    available: () => existsSync(entryFile) && existsSync(manifestFile),
    async render(pagePath: string, formState: FormPageState): Promise<string> {
      entry ??= import(pathToFileURL(entryFile).href) as Promise<SsrEntry>;
      // A failed load is tried again next time rather than failing for good.
      const loaded = await entry.catch((error: unknown) => {
        entry = undefined;
        throw error;
      });
      const { html } = await loaded.renderPage(pagePath, { formState });
      const shell = shellOf(pagePath);
      return `${shell.before}${html.replaceAll(PUBLIC_ORIGIN_PLACEHOLDER, publicOrigin())}${shell.after}`;
    },
  };
}

export type FormPages = ReturnType<typeof createFormPages>;
