import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { CONTENT_PATHS, PATHS } from '@agency/shared';
import { createFreshDatabase, findFreePort, startSmtpSink } from '@agency/testing';
import { describe, expect, it, onTestFinished } from 'vitest';
import { blogPostData } from '../src/modules/content/content-fixtures';
import { runOnMysql } from '../vitest.config.js';
import { call, confirmFromMail, register, signIn } from './harness/api';
import { waitUntil } from './harness/child-process';
import { startServer, type ServerProcess } from './harness/server-process';
import { DEFAULT_WEB_ROOT } from '../src/lib/paths';

/**
 * The servers render the public pages with the built web app (apps/web/dist: its SSR bundle and page assembly): built
 * here when missing, as `npm run build -w apps/web` (the browser tests' harness rebuilds it when stale).
 */
function ensureWebBuilt(): void {
  if (existsSync(path.join(DEFAULT_WEB_ROOT, '..', 'server', 'site-assembly.mjs'))) return;
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV'));
  const repoRoot = path.resolve(DEFAULT_WEB_ROOT, '..', '..', '..', '..');
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: repoRoot, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`npm run build -w apps/web failed (exit ${result.status}).`);
}

const OWNER = 'owner@agency.test';
const NEW_CLIENT = 'Client Renamed By The Check';
/** Both processes answer for one public address, as two machines behind one name do: their pages are the same bytes. */
const APP_URL = 'http://www.publish.test';
/**
 * How soon both must show a change. Issue 22's 10 s is measured by bench:publish on the built server; here two servers
 * run from source (tsx) and render at once on two cores other tests share: 7.5 s at load 9, 16 s at load 12.
 */
const LIVE_MS = 30_000;

/** A page's text without what is written per request (a form's question, token and key). */
const fixedPart = (html: string) =>
  html
    .replace(/(data-form-slot="(?:token|key)"[^>]*? value=")[^"]*"/g, '$1"')
    .replace(/(data-form-slot="question"[^>]*>)[^<]*</g, '$1<');

async function pageOf(baseUrl: string, pagePath: string) {
  const response = await fetch(`${baseUrl}${pagePath}`);
  return { status: response.status, text: fixedPart(await response.text()) };
}

describe(`two server processes on one ${runOnMysql ? 'MariaDB' : 'SQLite'} database`, () => {
  it('a blog post published on one is served by both, the same bytes, within seconds; unpublished on the other, it is gone from both', async () => {
    ensureWebBuilt();
    const database = await createFreshDatabase(runOnMysql ? 'mysql' : 'sqlite');
    onTestFinished(() => database.drop());
    const sink = await startSmtpSink();
    onTestFinished(() => sink.close());
    const servers: ServerProcess[] = [];
    for (let i = 0; i < 2; i += 1) {
      const server = await startServer({
        port: await findFreePort(),
        env: {
          DATA_DIR: database.dataDir,
          DATABASE_URL: database.databaseUrl ?? '',
          SMTP_URL: sink.url,
          APP_URL,
        },
      });
      onTestFinished(() => server.stop());
      servers.push(server);
    }
    onTestFinished(() => rmSync(database.dataDir, { recursive: true, force: true }));
    const [a, b] = servers.map((server) => server.baseUrl) as [string, string];
    const output = () => servers.map((server) => server.recentOutput()).join('\n');

    expect((await register(a, OWNER)).status).toBe(201);
    await confirmFromMail(b, sink, OWNER);
    const cookies = { [a]: await signIn(a, OWNER), [b]: await signIn(b, OWNER) };
    const api = async (baseUrl: string, method: string, apiPath: string, body: object = {}) => {
      const answer = await call(baseUrl, apiPath, {
        method,
        headers: { 'Content-Type': 'application/json', Cookie: cookies[baseUrl] ?? '' },
        body: JSON.stringify(body),
      });
      expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
      return answer.body as { item: { id: number } };
    };

    const slug = 'two-instances-post';
    const title = 'Published on one instance, served by both';
    const postPath = `${PATHS.blog}/${slug}`;
    const pages = ['/', PATHS.blog, postPath, PATHS.portfolio, '/sitemap.xml'];
    const { item } = await api(a, 'POST', CONTENT_PATHS.ITEMS, { type: 'blog_post', slug, data: blogPostData(title) });
    const published = performance.now();
    await api(a, 'POST', CONTENT_PATHS.publish(item.id));

    const same = async (done: (pagesOfA: Map<string, string>) => boolean) => {
      const seen = await Promise.all(
        pages.map(async (pagePath) => [await pageOf(a, pagePath), await pageOf(b, pagePath)] as const),
      );
      const ofA = new Map(pages.map((pagePath, i) => [pagePath, seen[i]![0].text]));
      const equal = seen.every(([onA, onB]) => onA.status === onB.status && onA.text === onB.text);
      return equal && done(ofA);
    };
    await waitUntil(
      'Both instances did not serve the post, the same bytes',
      () =>
        same(
          (ofA) =>
            ofA.get(postPath)!.includes(title) &&
            ofA.get(PATHS.blog)!.includes(title) &&
            ofA.get('/sitemap.xml')!.includes(`${APP_URL}${postPath}<`),
        ),
      { timeoutMs: LIVE_MS, intervalMs: 100 },
    ).catch((error: unknown) => {
      throw new Error(`${(error as Error).message}\n${output()}`, { cause: error });
    });
    const liveMs = performance.now() - published;
    console.log(`publish on A -> the same pages on A and B: ${Math.round(liveMs)} ms`);
    expect(liveMs).toBeLessThan(LIVE_MS);

    const unpublished = performance.now();
    await api(b, 'POST', CONTENT_PATHS.unpublish(item.id));
    await waitUntil(
      'The post did not leave both instances',
      async () =>
        (await same((ofA) => !ofA.get(PATHS.blog)!.includes(title) && !ofA.get('/sitemap.xml')!.includes(postPath))) &&
        (await pageOf(a, postPath)).status === 404,
      { timeoutMs: LIVE_MS, intervalMs: 100 },
    );
    const goneMs = performance.now() - unpublished;
    console.log(`unpublish on B -> gone from A and B: ${Math.round(goneMs)} ms`);
    expect(goneMs).toBeLessThan(LIVE_MS);

    // The stale-page check on the real site: an item of each type edited, unpublished or deleted through A, then every
    // page of A's sitemap, the sitemap and the removed pages read from A, and the sitemaps of A and B compared.
    type Summary = { id: number; type: string; slug: string; title: string; path: string | null };
    const listed = await call(a, CONTENT_PATHS.ITEMS, { headers: { Cookie: cookies[a] ?? '' } });
    const items = listed.body?.items as Summary[];
    const ofType = (type: string) => items.filter((summary) => summary.type === type && summary.slug !== slug);
    const [editedCase, hiddenCase] = ofType('case_study');
    const [editedPost] = ofType('blog_post');
    const [editedVoice, hiddenVoice] = ofType('testimonial');
    const web = ofType('training').find((summary) => summary.slug === 'web');
    if (!editedCase || !hiddenCase || !editedPost || !editedVoice || !hiddenVoice || !web) {
      throw new Error(`The seed lacks an item: ${JSON.stringify(items)}`);
    }
    const renamed = new Map<Summary, string>([
      [editedCase, 'Case study renamed by the stale-page check'],
      [editedPost, 'Blog post renamed by the stale-page check'],
      [editedVoice, 'Voice Renamed-Bythecheck'],
      [web, 'Web training renamed by the stale-page check'],
    ]);
    for (const [summary, title] of renamed) {
      const read = await call(a, CONTENT_PATHS.item(summary.id), { headers: { Cookie: cookies[a] ?? '' } });
      const data = (read.body?.item as { data: Record<string, unknown> }).data;
      // A case study's card on the portfolio names its client: renamed too.
      const client = summary.type === 'case_study' ? { client: NEW_CLIENT } : {};
      await api(a, 'PUT', CONTENT_PATHS.draft(summary.id), {
        data: { ...data, ...client, [summary.type === 'testimonial' ? 'name' : 'title']: title },
      });
      await api(a, 'POST', CONTENT_PATHS.publish(summary.id));
    }
    await api(a, 'POST', CONTENT_PATHS.unpublish(hiddenCase.id));
    await api(a, 'POST', CONTENT_PATHS.unpublish(hiddenVoice.id));
    const deleted = await api(a, 'POST', CONTENT_PATHS.ITEMS, {
      type: 'blog_post',
      slug: 'to-delete',
      data: blogPostData('A post published then deleted'),
    });
    await api(a, 'POST', CONTENT_PATHS.publish(deleted.item.id));
    await api(a, 'DELETE', CONTENT_PATHS.item(deleted.item.id));
    const stale = [
      ...[...renamed.keys()].map((summary) => summary.title),
      hiddenCase.title,
      hiddenVoice.title,
      'A post published then deleted',
      title,
    ];
    const removed = [hiddenCase.path, postPath, `${PATHS.blog}/to-delete`].filter((found) => found !== null);
    await waitUntil(
      'A and B did not show the edits',
      async () => {
        const [onA, onB] = await Promise.all([pageOf(a, '/sitemap.xml'), pageOf(b, '/sitemap.xml')]);
        const casePage = await pageOf(a, editedCase.path ?? '/');
        return (
          onA.text === onB.text &&
          !onA.text.includes(`${hiddenCase.path}<`) &&
          casePage.text.includes(renamed.get(editedCase)!)
        );
      },
      { timeoutMs: LIVE_MS, intervalMs: 200 },
    );
    const sitemap = (await pageOf(a, '/sitemap.xml')).text;
    const sitePages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (match) => match[1]!.slice(APP_URL.length) || '/',
    );
    expect(sitePages.length).toBeGreaterThan(10);
    const text = new Map<string, string>([['/sitemap.xml', sitemap]]);
    for (const pagePath of sitePages) {
      const page = await pageOf(a, pagePath);
      expect(page.status, pagePath).toBe(200);
      text.set(pagePath, page.text);
    }
    for (const [pagePath, html] of text) {
      for (const old of stale) expect(html.includes(old), `"${old}" on ${pagePath}`).toBe(false);
    }
    for (const [summary, newTitle] of renamed) {
      if (summary.path) expect(text.get(summary.path), summary.path).toContain(newTitle);
    }
    expect(text.get(PATHS.blog)).toContain(renamed.get(editedPost));
    expect(text.get(PATHS.portfolio)).toContain(NEW_CLIENT);
    expect([...text.values()].some((html) => html.includes(renamed.get(editedVoice)!))).toBe(true);
    for (const pagePath of removed) {
      expect((await pageOf(a, pagePath)).status, pagePath).toBe(404);
      expect(sitemap).not.toContain(`${APP_URL}${pagePath}<`);
    }
    console.log(`stale-page check: ${text.size} pages and the sitemap read, ${stale.length} old titles in none`);
  }, 240_000);
});
