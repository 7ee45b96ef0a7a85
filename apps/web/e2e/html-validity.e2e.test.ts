import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { WEB_CLIENT_DIR, WEB_ROUTES_MANIFEST } from './harness/paths';

/** The checker's whole run over the site; it took about 9 s for 62 pages on one core here. */
const CHECK_TIMEOUT_MS = 150_000;

/** A page with one error the checker must report, so a run that checks nothing cannot pass. */
const CONTROL_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Control</title></head>' +
  '<body><p aria-label="planted error">The checker must find the aria-label above.</p></body></html>';

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

const workDir = mkdtempSync(path.join(tmpdir(), 'rd-vnu-'));
const controlFile = path.join(workDir, 'control.html');
writeFileSync(controlFile, CONTROL_PAGE);

afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
});

/** vnu.jar from the vnu-jar package (a dev dependency of apps/web), or why it cannot be used. */
function vnuJar(): string {
  let jar: string;
  try {
    jar = String(createRequire(import.meta.url)('vnu-jar'));
  } catch (error) {
    throw new Error('The vnu-jar package is missing; run npm ci.', { cause: error });
  }
  if (!existsSync(jar)) throw new Error(`vnu-jar is installed but ${jar} is missing; run npm ci.`);
  return jar;
}

/** The system's Java, which vnu.jar needs (17 or later); the package's own Java download never runs here. */
function assertJavaInstalled(): void {
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (java.error || java.status !== 0) {
    throw new Error(
      'Java is missing, so the HTML checker cannot run (install it: apt-get install -y default-jre-headless).',
    );
  }
}

/** Every prerendered page in the build: the HTML files outside the hashed assets. */
function prerenderedPages(dir = WEB_CLIENT_DIR): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.html') && !name.startsWith(`assets${path.sep}`))
    .map((name) => path.join(dir, name))
    .sort();
}

function runVnu(jar: string, files: string[]): Promise<VnuMessage[]> {
  return new Promise((resolve, reject) => {
    execFile(
      'java',
      ['-jar', jar, '--errors-only', '--exit-zero-always', '--format', 'json', '--stdout', ...files],
      { timeout: CHECK_TIMEOUT_MS, killSignal: 'SIGKILL', maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) {
          const reason = error.killed ? `did not finish within ${CHECK_TIMEOUT_MS / 1000} s` : error.message;
          reject(new Error(`The HTML checker ${reason}.\n${stderr}`));
          return;
        }
        try {
          resolve((JSON.parse(stdout) as { messages: VnuMessage[] }).messages);
        } catch {
          reject(new Error(`The HTML checker's output is not its JSON report:\n${stdout}\n${stderr}`));
        }
      },
    );
  });
}

const fileOf = (message: VnuMessage) => (message.url ? fileURLToPath(new URL(message.url)) : '');

/** One line per problem: the page, the line, the checker's message and the markup it points at. */
const describeMessage = (message: VnuMessage) =>
  `${path.relative(WEB_CLIENT_DIR, fileOf(message))}:${message.lastLine ?? '?'}: ${message.message}` +
  (message.extract ? `\n    ${message.extract.replace(/\s+/g, ' ').trim()}` : '');

describe('the W3C Nu HTML checker', () => {
  it(
    'reports no error on any prerendered page, and does report the one planted in a control page',
    async () => {
      assertJavaInstalled();
      const jar = vnuJar();
      const pages = prerenderedPages();
      const manifest = JSON.parse(readFileSync(WEB_ROUTES_MANIFEST, 'utf8')) as {
        routes: Record<string, string>;
        notFound: string;
      };
      const manifestFiles = new Set([...Object.values(manifest.routes), manifest.notFound]);
      expect(pages.length, 'prerendered pages found').toBeGreaterThanOrEqual(manifestFiles.size);

      const messages = await runVnu(jar, [controlFile, ...pages]);
      const control = messages.filter((message) => fileOf(message) === controlFile);
      expect(control.map((message) => message.message).join('\n')).toMatch(/aria-label/);

      const problems = messages.filter((message) => fileOf(message) !== controlFile).map(describeMessage);
      expect(problems, `${problems.length} errors in ${pages.length} pages`).toEqual([]);
    },
    CHECK_TIMEOUT_MS + 30_000,
  );
});
