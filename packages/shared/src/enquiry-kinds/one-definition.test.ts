import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MESSAGE_KINDS } from './index';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
/** The program's sources: what runs in the server, the browser and both. */
const SOURCE_FOLDERS = ['apps/server/src', 'apps/web/src', 'packages/shared/src'];
const HERE = path.relative(ROOT, fileURLToPath(new URL('.', import.meta.url)));

/**
 * What knows a kind outside its definition: a table keyed by kind (`Record<MessageKind, ...>` of anything but a
 * count, or an object with a kind's own key), or a branch on one kind. `contact:` alone is also a page's name, so
 * an object keyed by kind is recognised by the three other kinds' keys.
 */
const KIND_LITERAL = MESSAGE_KINDS.map((kind) => kind).join('|');
const KNOWS_A_KIND = [
  /Record<MessageKind,(?!\s*number>)/,
  /:\s*\{\s*\[K in MessageKind\]\s*:.*\}\s*=\s*\{/,
  new RegExp(`^\\s*(${MESSAGE_KINDS.filter((kind) => kind !== 'contact').join('|')})\\s*:`),
  new RegExp(`kind\\s*[!=]==\\s*'(${KIND_LITERAL})'|'(${KIND_LITERAL})'\\s*[!=]==\\s*kind`),
  new RegExp(`case\\s+'(${KIND_LITERAL})'\\s*:`),
];

/** Tests and their helpers name kinds on purpose, and a migration names the tables that existed when it was written. */
const isExempt = (file: string) =>
  /\.test\.tsx?$/.test(file) ||
  file.includes(`${path.sep}test${path.sep}`) ||
  file.includes(`${path.sep}migrations${path.sep}`) ||
  file.startsWith(HERE + path.sep);

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder)).flatMap((name) => {
    const relative = path.join(folder, name);
    if (statSync(path.join(ROOT, relative)).isDirectory()) return sourceFiles(relative);
    return /\.(ts|tsx)$/.test(name) && !isExempt(relative) ? [relative] : [];
  });
}

const findingsIn = (file: string, text: string) =>
  text
    .split('\n')
    .flatMap((line, index) =>
      KNOWS_A_KIND.some((pattern) => pattern.test(line)) ? [`${file}:${index + 1}: ${line.trim()}`] : [],
    );

describe('a kind is known only by its definition (issue 19)', () => {
  it('recognises a table keyed by kind and a branch on one kind, and lets a count per kind and a page name be', () => {
    expect(findingsIn('a.ts', 'const NAMES: Record<MessageKind, string[]> = {')).toHaveLength(1);
    expect(findingsIn('a.ts', "  web_dev: ['firstname'],")).toHaveLength(1);
    expect(findingsIn('a.ts', "  return kind === 'web_dev' ? a : b;")).toHaveLength(1);
    expect(findingsIn('a.ts', "    case 'request_quote':")).toHaveLength(1);
    expect(findingsIn('a.ts', 'const PARSE: { [K in MessageKind]: Parse<K> } = {')).toHaveLength(1);
    expect(findingsIn('a.ts', '  newCounts: Partial<Record<MessageKind, number>>;')).toEqual([]);
    expect(findingsIn('a.ts', 'type Names = { [K in MessageKind]: keyof Columns[K] }[MessageKind];')).toEqual([]);
    expect(findingsIn('a.ts', "  contact: '/contact-7709327',")).toEqual([]);
  });

  it('finds no such table or branch in the sources outside packages/shared/src/enquiry-kinds', () => {
    const files = SOURCE_FOLDERS.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(100);
    const findings = files.flatMap((file) => findingsIn(file, readFileSync(path.join(ROOT, file), 'utf8')));
    expect(findings).toEqual([]);
  });
});
