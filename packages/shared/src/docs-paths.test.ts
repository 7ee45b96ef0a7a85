import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The docs a newcomer reads first name files of the repository; a file renamed or removed must not leave them
// pointing at nothing, and nothing a reader needs may sit outside the repository (issue 19, item 7).

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DOCS = ['docs/architecture.md', 'README.md', 'apps/server/README.md'] as const;

/** Folders a build or a run makes (.gitignore): named in the docs, absent from a fresh checkout. */
const MADE_BY_A_RUN = new Set(['node_modules', 'dist', 'dist-ssr', 'data', 'coverage', 'test-results', '.tmp']);
const REPOSITORY_FOLDER = /^(apps|packages|docs|scripts)\//;
const FILE_EXTENSION = /\.[A-Za-z0-9]+$/;
/** A placeholder (`<ref>`, `*.eml`, `{file}`, `…`), a variable (`$PORT`, `KEY=value`) or a package (`@agency/…`). */
const NOT_A_FILE = /[*<>{}…$=@]/;
const DECISION = /docs\/decisions\/(\d{4})\b/g;

/** What a word of a code span or a layout line looks like once its punctuation is taken off. */
function bare(word: string): string {
  return word.replace(/^[("'[]+/, '').replace(/[)"',.:;\]]+$/, '');
}

/** Whether a word reads as a path in this repository, rather than a URL, an address, a media type or a placeholder. */
function isRepositoryPath(word: string): boolean {
  if (!word.includes('/') || word.includes('://') || word.startsWith('/') || NOT_A_FILE.test(word)) return false;
  const segments = word.replace(/^\.\//, '').split('/');
  // DATA_DIR/outbox, DIR/main-thread.txt: a folder given by a variable or an option.
  if (/^[A-Z][A-Z0-9_]*$/.test(segments[0] ?? '')) return false;
  if (segments.some((segment) => MADE_BY_A_RUN.has(segment))) return false;
  return FILE_EXTENSION.test(segments.at(-1) ?? '') || REPOSITORY_FOLDER.test(word);
}

/**
 * Every path a doc names: each word of its `code spans`, and the first word of each line of its fenced blocks (a
 * layout such as `src/app.ts   createApp(deps) ...`).
 */
function namedPaths(markdown: string): string[] {
  const words: string[] = [];
  const prose = markdown.replace(/^```[^\n]*\n([\s\S]*?)^```/gm, (_block, body: string) => {
    for (const line of body.split('\n')) words.push(line.trim().split(/\s+/)[0] ?? '');
    return '';
  });
  for (const span of prose.matchAll(/`([^`]+)`/g)) words.push(...(span[1] ?? '').split(/\s+/));
  return [...new Set(words.map(bare).filter(isRepositoryPath))];
}

/** Found from the repository's root, or from the doc's own folder (`src/app.ts` in apps/server/README.md). */
function exists(named: string, doc: string): boolean {
  const decision = /^docs\/decisions\/(\d{4})$/.exec(named.replace(/\/$/, ''));
  if (decision) return decisionExists(decision[1] ?? '');
  return existsSync(path.join(ROOT, named)) || existsSync(path.join(ROOT, path.dirname(doc), named));
}

function decisionExists(number: string): boolean {
  return readdirSync(path.join(ROOT, 'docs/decisions')).some((file) => file.startsWith(`${number}-`));
}

/** The named paths, decision records ("docs/decisions/0019") and relative links that lead to no file. */
function missingPaths(markdown: string, doc: string): string[] {
  const missing = namedPaths(markdown).filter((named) => !exists(named, doc));
  for (const [reference, number = ''] of markdown.matchAll(DECISION)) {
    if (!decisionExists(number)) missing.push(reference);
  }
  for (const [, target = ''] of markdown.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (target.startsWith('#') || /^[a-z]+:/i.test(target)) continue;
    const file = target.replace(/#.*$/, '');
    if (!existsSync(path.join(ROOT, path.dirname(doc), file))) missing.push(target);
  }
  return missing;
}

/** Relative paths that climb out of the repository (`../shared/spec/...`): a reader of the repository has no such file. */
function pathsOutside(markdown: string): string[] {
  return [...markdown.matchAll(/(?:^|[\s`("'[])(\.\.\/[^\s`)"',;]*)/gm)].map((match) => match[1] ?? '');
}

const read = (doc: string) => readFileSync(path.join(ROOT, doc), 'utf8');

describe('the docs name what exists', () => {
  it.each(DOCS)('every file, folder and decision that %s names is in the repository', (doc) => {
    const markdown = read(doc);
    expect(namedPaths(markdown).length, `${doc} names no path: the reading of code spans is broken`).toBeGreaterThan(5);
    expect(missingPaths(markdown, doc)).toEqual([]);
  });

  it.each(DOCS)('%s points at nothing outside the repository', (doc) => {
    expect(pathsOutside(read(doc))).toEqual([]);
  });

  it('docs/architecture.md walks both roads file by file: the enquiry to the inbox, the status change to the table', () => {
    const named = namedPaths(read('docs/architecture.md'));
    expect(named.filter((file) => file.startsWith('apps/web/src/')).length).toBeGreaterThan(10);
    expect(named.filter((file) => file.startsWith('apps/server/src/')).length).toBeGreaterThan(10);
  });
});

describe('the check itself', () => {
  it('reports a renamed file, a decision that was never written and a broken link', () => {
    const markdown = [
      'The route is `apps/server/src/modules/messages/messages.routez.ts`, its reason docs/decisions/0999.',
      'Next to it: `src/app.ts`, `apps/web/src/lib/api-client.ts` and [the layout](./no-such-file.md).',
    ].join('\n');
    expect(missingPaths(markdown, 'apps/server/README.md')).toEqual([
      'apps/server/src/modules/messages/messages.routez.ts',
      'docs/decisions/0999',
      './no-such-file.md',
    ]);
  });

  it('reads paths across line breaks and in layout blocks, and leaves placeholders, URLs and run-time files alone', () => {
    const markdown = [
      'Mails land in `data/outbox/*.eml` or `DATA_DIR/outbox/<Message-ID>.eml`; the build in `apps/web/dist/client`;',
      'the call is `GET /api/enquiries/{kind}` from `http://localhost:3000/x.html`, the limit `5/1m,30/1h`, and `PATCH',
      '/api/enquiries/contact/7` goes through `apps/web/src/lib/nope.ts`.',
      '```',
      'src/gone.ts      the layout names it',
      '  inbox/         a folder under the line above',
      '```',
    ].join('\n');
    expect(missingPaths(markdown, 'apps/server/README.md')).toEqual(['src/gone.ts', 'apps/web/src/lib/nope.ts']);
  });

  it('finds a path that leaves the repository, in a code span, a link or plain text', () => {
    const markdown =
      'The spec (`../shared/spec/product-spec.md`), [codes](../shared/CONVENTIONS.md), see ../notes/todo.md first.';
    expect(pathsOutside(markdown)).toEqual([
      '../shared/spec/product-spec.md',
      '../shared/CONVENTIONS.md',
      '../notes/todo.md',
    ]);
  });
});
