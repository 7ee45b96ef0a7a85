import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { API_PATHS, PATHS } from '@agency/shared';
import { startHarness, type Harness } from './harness';
import { WEB_CLIENT_DIR, WEB_ROUTES_MANIFEST } from './harness/paths';
import { PUBLISHED_CHANGES, publishEachType, signInCookie } from './harness/publish-each-type';

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

let harness: Harness | undefined;

afterAll(async () => {
  await harness?.close();
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
const describeMessage = (message: VnuMessage, dir = WEB_CLIENT_DIR) =>
  `${path.relative(dir, fileOf(message))}:${message.lastLine ?? '?'}: ${message.message}` +
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

      const problems = messages
        .filter((message) => fileOf(message) !== controlFile)
        .map((message) => describeMessage(message));
      expect(problems, `${problems.length} errors in ${pages.length} pages`).toEqual([]);
    },
    CHECK_TIMEOUT_MS + 30_000,
  );

  it(
    'reports no error on any page the server renders again after a change of each content type is published',
    async () => {
      assertJavaInstalled();
      const jar = vnuJar();
      harness = await startHarness();
      const owner = { email: 'ada.owner@rendezvous.test', password: 'Owner#Ada2026' };
      const form = new FormData();
      form.set('email', owner.email);
      form.set('password', owner.password);
      expect((await fetch(`${harness.baseUrl}${API_PATHS.REGISTER}`, { method: 'POST', body: form })).status).toBe(201);
      const link = (await harness.waitForMail(owner.email)).links.find(
        (candidate) => new URL(candidate).pathname === PATHS.confirmEmail,
      );
      const token = link ? new URL(link).searchParams.get('token') : null;
      expect((await fetch(`${harness.baseUrl}${API_PATHS.CONFIRM_EMAIL}?token=${token}`)).status).toBe(200);
      const published = await publishEachType(harness.baseUrl, await signInCookie(harness.baseUrl, owner));

      // Every page the sitemap lists (the server's own, of the new revision), and the 404 page it renders.
      const sitemap = await (await fetch(`${harness.baseUrl}/sitemap.xml`)).text();
      const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
      expect(listed).toEqual(expect.arrayContaining([published.casePath, published.blogPath, PATHS.portfolio]));
      const regenerated = path.join(workDir, 'regenerated');
      mkdirSync(regenerated);
      const files: string[] = [];
      for (const [index, pagePath] of [...listed, '/this-page-does-not-exist'].entries()) {
        const answer = await fetch(`${harness.baseUrl}${pagePath}`);
        const html = await answer.text();
        expect(answer.status, pagePath).toBe(pagePath === '/this-page-does-not-exist' ? 404 : 200);
        const file = path.join(regenerated, `${index}-${pagePath.replace(/[^a-z0-9]+/gi, '-')}.html`);
        writeFileSync(file, html);
        files.push(file);
      }
      // The pages are the new revision's: the new case study's card, the new testimonial, the new fee.
      const read = (pagePath: string) => readFileSync(files[listed.indexOf(pagePath)]!, 'utf8');
      expect(read(PATHS.portfolio)).toContain(`>${PUBLISHED_CHANGES.caseShortTitle}<`);
      expect(read(PATHS.home)).toContain(PUBLISHED_CHANGES.testimonialName);
      expect(read(published.trainingPath)).toContain(`N${PUBLISHED_CHANGES.newFee}`);
      // The uploaded pictures are drawn from their AVIF and WebP variants, with the editor's alt text: the case
      // study's on its page, the post's cover above its text.
      for (const [pagePath, alt] of [
        [published.casePath, PUBLISHED_CHANGES.caseImageAlt],
        [published.blogPath, PUBLISHED_CHANGES.blogCoverAlt],
      ] as const) {
        const html = read(pagePath);
        expect(html, pagePath).toMatch(/<picture><source type="image\/avif" srcset="\/media\/[^"]+ 480w/i);
        expect(html, pagePath).toContain(`alt="${alt}"`);
      }

      const messages = await runVnu(jar, [controlFile, ...files]);
      const control = messages.filter((message) => fileOf(message) === controlFile);
      expect(control.map((message) => message.message).join('\n')).toMatch(/aria-label/);
      const problems = messages
        .filter((message) => fileOf(message) !== controlFile)
        .map((message) => describeMessage(message, regenerated));
      expect(problems, `${problems.length} errors in ${files.length} regenerated pages`).toEqual([]);
    },
    CHECK_TIMEOUT_MS + 120_000,
  );
});
