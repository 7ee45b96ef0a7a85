import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Express } from 'express';
import { sql } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTENT_PATHS,
  PUBLIC_ORIGIN_PLACEHOLDER,
  type ContentItemSummary,
  type ContentType,
  type PublishedContent,
} from '@agency/shared';
import { createApp } from '../../app';
import { createLogger } from '../../lib/logger';
import { createTestContext, signedInStaff, type StaffAgent, type TestContext } from '../../test/test-context';
import { blogPostData, caseStudyData, SMALL_SEED, testimonialData, trainingData } from '../content/content-fixtures';
import { publishedContent, seedContent, siteRevision } from '../content/content.service';
import { writeStandInBuild } from './site-build-stand-in';
import { createSitePages, type SitePages } from './site-pages';

const PUBLIC_ORIGIN = 'https://www.example.ng';

interface StandInEntry {
  publicPages(content?: PublishedContent): Array<{ path: string; aliases: string[]; indexable: boolean }>;
}
interface RenderCount {
  active: number;
  max: number;
  pages: number;
}
const renders = () => (globalThis as unknown as { standInRenders: RenderCount }).standInRenders;

let root: string;
let webRoot: string;
let context: TestContext;
let owner: StaffAgent;
let entry: StandInEntry;
const opened: SitePages[] = [];

/** An app as a server instance runs it, on the test's database, with a site pages store of its own. */
function instance(pollMs = 0): { app: Express; site: SitePages } {
  const logger = createLogger('silent');
  const site = createSitePages({ webRoot, publicOrigin: PUBLIC_ORIGIN, db: context.db, logger, pollMs });
  opened.push(site);
  const app = createApp({
    db: context.db,
    dialect: context.database.dialect,
    mail: context.sender,
    clock: context.now,
    config: { ...context.config, appUrl: PUBLIC_ORIGIN },
    logger,
    webRoot,
    sitePages: site,
  });
  return { app, site };
}

const firstPost = async () => (await publishedContent(context.db)).items.blog_post[0]!;

async function itemId(type: ContentType, slug: string): Promise<number> {
  const response = await owner.get(CONTENT_PATHS.ITEMS).query({ type });
  expect(response.status, response.text).toBe(200);
  const item = (response.body.items as ContentItemSummary[]).find((candidate) => candidate.slug === slug);
  if (!item) throw new Error(`No ${type} ${slug}`);
  return item.id;
}

async function ok(response: request.Response | Promise<request.Response>) {
  const answered = await response;
  expect(answered.status, answered.text).toBe(200);
  return answered;
}

async function edit(type: ContentType, slug: string, data: object) {
  const id = await itemId(type, slug);
  await ok(owner.put(CONTENT_PATHS.draft(id)).send({ data }));
  await ok(owner.post(CONTENT_PATHS.publish(id)).send({}));
}

async function createPublished(type: ContentType, slug: string, data: object): Promise<number> {
  const created = await owner.post(CONTENT_PATHS.ITEMS).send({ type, slug, data });
  expect(created.status, created.text).toBe(201);
  await ok(owner.post(CONTENT_PATHS.publish(created.body.item.id)).send({}));
  return created.body.item.id as number;
}

/** A title as the stand-in draws it: the whole text of an element. */
const element = (text: string) => `>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;')}<`;

/** The revision each page names in its head and at both ends of its body: all the same on a whole page. */
function revisionsOf(html: string): number[] {
  return [...html.matchAll(/data-revision="(\d+)"|<meta name="revision" content="(\d+)">/g)].map((match) =>
    Number(match[1] ?? match[2]),
  );
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'rd-site-'));
  context = await createTestContext();
  // The first start's content (the context may have stored the site's own already), as the build rendered it.
  if ((await publishedContent(context.db)).items.training.length === 0) {
    await seedContent({ db: context.db, dialect: context.database.dialect, clock: context.now }, SMALL_SEED);
  }
  webRoot = await writeStandInBuild(root, await publishedContent(context.db));
  entry = (await import(pathToFileURL(path.join(root, 'server', 'entry-server.js')).href)) as StandInEntry;
  owner = await signedInStaff(context, 'owner@agency.test');
});

afterAll(async () => {
  for (const site of opened) site.close();
  await context.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the site pages', () => {
  it('at revision 0 serve the build files, with the public origin', async () => {
    const { app } = instance();
    const response = await ok(request(app).get('/blog'));
    expect(revisionsOf(response.text)).toEqual([0, 0, 0]);
    expect(response.text).toContain(`${PUBLIC_ORIGIN}/blog`);
    expect(response.text).not.toContain(PUBLIC_ORIGIN_PLACEHOLDER);
    const [post] = (await publishedContent(context.db)).items.blog_post;
    expect(response.text).toContain(element(post!.data.title));
  });

  it('after edits, unpublishing and deletions of each type, no page or the sitemap is stale', async () => {
    const { app, site } = instance();
    await ok(request(app).get('/'));
    const seeded = await publishedContent(context.db);
    const [edited, unpublished] = seeded.items.case_study;
    const [post] = seeded.items.blog_post;
    const [voice] = seeded.items.testimonial;
    const web = seeded.items.training.find((item) => item.slug === 'web');
    const creative = seeded.items.training.find((item) => item.slug === 'creative');
    if (!edited || !unpublished || !post || !voice || !web || !creative) throw new Error('The seed lacks an item.');
    // Edited: a new title (a new name, a new fee) on an item of each type.
    await edit('case_study', edited.slug, caseStudyData('Crumbs Bakery renamed'));
    await edit('blog_post', post.slug, blogPostData('Fast sites sell, renamed'));
    await edit('testimonial', voice.slug, testimonialData('Ngozi Okafor-Renamed'));
    const training = trainingData('Web Training renamed');
    training.prices = [{ schedule: 'Weekday', feeNaira: 275_000, duration: '12 weeks' }];
    await edit('training', 'web', training);
    const stale = [
      element(edited.data.title),
      element(post.data.title),
      element(voice.data.name),
      element(web.data.title),
      `Fee ${web.data.prices.map((price) => price.feeNaira).join(', ')}<`,
    ];
    // Unpublished: an item of each type.
    const removedPaths = [`/portfolio/${unpublished.slug}`, '/training/creative'];
    await ok(owner.post(CONTENT_PATHS.unpublish(await itemId('case_study', unpublished.slug))));
    await ok(owner.post(CONTENT_PATHS.unpublish(await itemId('training', 'creative'))));
    stale.push(element(unpublished.data.title), element(creative.data.title));
    const hiddenPost = await createPublished('blog_post', 'to-unpublish', blogPostData('A post taken down'));
    const hiddenVoice = await createPublished('testimonial', 'to-unpublish', testimonialData('Voice Taken Down'));
    await ok(owner.post(CONTENT_PATHS.unpublish(hiddenPost)));
    await ok(owner.post(CONTENT_PATHS.unpublish(hiddenVoice)));
    removedPaths.push('/blog/to-unpublish');
    stale.push('A post taken down', 'Voice Taken Down');
    // Deleted: a published item of each type that can be deleted (the two trainings cannot).
    for (const [type, data, title] of [
      ['case_study', caseStudyData('A case deleted'), 'A case deleted'],
      ['blog_post', blogPostData('A post deleted'), 'A post deleted'],
      ['testimonial', testimonialData('Voice Deleted'), 'Voice Deleted'],
    ] as const) {
      const id = await createPublished(type, 'to-delete', data);
      expect((await owner.delete(CONTENT_PATHS.item(id))).status).toBe(200);
      stale.push(title);
    }
    removedPaths.push('/portfolio/to-delete', '/blog/to-delete');

    await site.refresh();
    const revision = await siteRevision(context.db);
    expect(site.lastRender()?.revision).toBe(revision);
    const content = await publishedContent(context.db);
    const pages = entry.publicPages(content).flatMap((route) => [route.path, ...route.aliases]);
    const text = new Map<string, string>();
    for (const pagePath of pages) {
      const response = await ok(request(app).get(pagePath));
      expect(revisionsOf(response.text), pagePath).toEqual([revision, revision, revision]);
      text.set(pagePath, response.text);
    }
    const sitemap = await ok(request(app).get('/sitemap.xml'));
    text.set('/sitemap.xml', sitemap.text);
    for (const [pagePath, html] of text) {
      for (const old of stale) expect(html, `${old} on ${pagePath}`).not.toContain(old);
    }
    const where = {
      'Crumbs Bakery renamed': ['/', '/home', '/portfolio', `/portfolio/${edited.slug}`],
      'Fast sites sell, renamed': ['/', '/blog', `/blog/${post.slug}`],
      'Ngozi Okafor-Renamed': ['/', '/portfolio', `/blog/${post.slug}`, '/training/web'],
      'Web Training renamed': ['/', '/training', '/training/web'],
      'Fee 275000<': ['/training/web'],
    };
    for (const [title, expected] of Object.entries(where)) {
      for (const pagePath of expected) expect(text.get(pagePath), `${title} on ${pagePath}`).toContain(title);
    }
    for (const pagePath of removedPaths) {
      const response = await request(app).get(pagePath);
      expect(response.status, pagePath).toBe(404);
      expect(response.text).toContain('Page not found');
      expect((await request(app).get(`${pagePath}/index.html`)).status, `${pagePath}/index.html`).toBe(404);
      expect(sitemap.text).not.toContain(`${pagePath}<`);
    }
    expect(sitemap.text).toContain(`<loc>${PUBLIC_ORIGIN}/portfolio/${edited.slug}</loc>`);
    // The renamed post's preview image is drawn again; an unchanged page keeps the build's file.
    const drawn = await ok(request(app).get(`/og/blog-${post.slug}.png`));
    expect(drawn.headers['content-type']).toBe('image/png');
    expect(drawn.body.subarray(1, 4).toString()).toBe('PNG');
    expect((await ok(request(app).get('/og/training.png'))).body.toString()).toBe('build image training');
    // The build's preview image of a page taken off goes with it.
    expect((await request(app).get(`/og/case-${unpublished.slug}.png`)).status).toBe(404);
    // The staff screens and robots.txt stay the build's.
    expect((await ok(request(app).get('/auth'))).text).toContain('Sign in');
    expect((await ok(request(app).get('/robots.txt'))).text).toContain(`${PUBLIC_ORIGIN}/sitemap.xml`);
  });

  it('a new instance renders the published content before it answers a page', async () => {
    const revision = await siteRevision(context.db);
    expect(revision).toBeGreaterThan(0);
    const { app } = instance();
    const response = await ok(request(app).get('/blog'));
    expect(revisionsOf(response.text)).toEqual([revision, revision, revision]);
    expect(response.text).toContain('Fast sites sell, renamed');
    expect(response.headers.etag).toMatch(/^W\/"/);
  });

  it('during a render every request gets a whole page of the old revision or the new, never a 404', async () => {
    const { app, site } = instance();
    const before = await ok(request(app).get('/'));
    const old = revisionsOf(before.text)[0]!;
    process.env.STAND_IN_RENDER_DELAY_MS = '15';
    try {
      await edit('blog_post', (await firstPost()).slug, blogPostData('Fast sites sell, third title'));
      const rendering = site.refresh();
      let done = false;
      void rendering.then(() => (done = true));
      const seen = new Set<number>();
      while (!done) {
        const pages = ['/', '/blog', '/portfolio', '/training'];
        const responses = await Promise.all(pages.map((page) => request(app).get(page)));
        for (const [index, response] of responses.entries()) {
          expect(response.status, pages[index]).toBe(200);
          expect(response.text.trimEnd().endsWith('</html>')).toBe(true);
          const revisions = revisionsOf(response.text);
          expect(new Set(revisions).size, response.text).toBe(1);
          seen.add(revisions[0]!);
        }
      }
      await rendering;
      const now = await siteRevision(context.db);
      expect([...seen].every((revision) => revision === old || revision === now)).toBe(true);
      // The old set kept answering while the new one was rendered aside.
      expect(seen.has(old)).toBe(true);
      const after = await ok(request(app).get('/'));
      expect(revisionsOf(after.text)).toEqual([now, now, now]);
      expect(after.headers.etag).not.toBe(before.headers.etag);
    } finally {
      delete process.env.STAND_IN_RENDER_DELAY_MS;
    }
  });

  it('renders one revision at a time, and after a burst of changes serves the newest', async () => {
    const { app, site } = instance();
    await ok(request(app).get('/'));
    renders().max = 0;
    const post = await firstPost();
    const id = await itemId('blog_post', post.slug);
    const titles = ['Burst one', 'Burst two', 'Burst three'];
    for (const title of titles) {
      await ok(owner.put(CONTENT_PATHS.draft(id)).send({ data: blogPostData(title) }));
      await ok(owner.post(CONTENT_PATHS.publish(id)).send({}));
      void site.refresh();
    }
    await site.refresh();
    expect(renders().max).toBe(1);
    const page = await ok(request(app).get(`/blog/${post.slug}`));
    expect(page.text).toContain('Burst three');
    expect(revisionsOf(page.text)[0]).toBe(await siteRevision(context.db));
  });

  it('an instance that did not make the change finds the new revision by polling within a second or so', async () => {
    const { app } = instance(100);
    const first = await ok(request(app).get('/blog'));
    const revision = revisionsOf(first.text)[0]!;
    // A change made elsewhere: only the database tells.
    await sql`update site_state set revision = revision + 1 where id = 1`.execute(context.db);
    const started = Date.now();
    let seen = revision;
    while (seen === revision && Date.now() - started < 5000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen = revisionsOf((await ok(request(app).get('/blog'))).text)[0]!;
    }
    expect(seen).toBe(revision + 1);
  });

  it('renderPreview draws one page with the given content, noindex and on the public origin', async () => {
    const { site } = instance();
    const content = await publishedContent(context.db);
    const draft = {
      ...content,
      items: {
        ...content.items,
        blog_post: [{ slug: 'a-draft', data: blogPostData('Only a draft'), publishedAt: '2026-11-27T00:00:00.000Z' }],
      },
    };
    const html = await site.renderPreview(draft, '/blog/a-draft');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('<h1>Only a draft</h1>');
    expect(html).toContain(`${PUBLIC_ORIGIN}/blog/a-draft`);
    expect(html).not.toContain(PUBLIC_ORIGIN_PLACEHOLDER);
    // Drawn as without JavaScript: no script to hydrate the page at the preview's address.
    expect(html).not.toMatch(/<script\b/i);
    // Nothing public changed.
    const { app } = instance();
    expect((await request(app).get('/blog/a-draft')).status).toBe(404);
  });
});
