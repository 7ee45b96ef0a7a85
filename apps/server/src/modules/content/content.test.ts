import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_MESSAGES,
  CONTENT_PATHS,
  CONTENT_SEED,
  CONTENT_SEED_PUBLISHED,
  ContentPublishSchemas,
  STAFF_ADMIN_PATHS,
  StaffAccountsAnswerSchema,
  type AuditAction,
  renderMarkdown,
  type ContentItem,
  type PublishedContent,
} from '@agency/shared';
import { createApp } from '../../app';
import { createLogger } from '../../lib/logger';
import { createTestDatabase } from '../../test/test-database';
import {
  createTestContext,
  registerAndConfirm,
  signedInStaff,
  signIn,
  STRONG_PASSWORD,
  type StaffAgent,
  type TestContext,
  userIdOf,
} from '../../test/test-context';
import { OWNERS_ONLY } from '../auth/require-staff';
import type { SitePages } from '../web/site-pages';
import { STAFF_ERRORS } from '../staff/staff.service';
import { blogPostData, caseStudyData, SMALL_SEED, testimonialData, XSS_PAYLOADS } from './content-fixtures';
import { CONTENT_ROUTES, EDITORS_ONLY, PREVIEW_UNAVAILABLE } from './content.routes';
import {
  CONTENT_ERRORS,
  draftContent,
  listContent,
  publishedContent,
  seedContent,
  siteRevision,
  startContentScheduler,
  type SchedulerTimer,
} from './content.service';

let context: TestContext;
let owner: StaffAgent;
let staff: StaffAgent;
let editor: StaffAgent;
let editorId: number;
let staffId: number;
let slugCount = 0;

/** A fresh page address per test, so tests do not collide on one database. */
const newSlug = (prefix = 'item') => `${prefix}-${(slugCount += 1)}`;

async function approvedStaff(email: string): Promise<{ agent: StaffAgent; id: number }> {
  await registerAndConfirm(context, email);
  const id = await userIdOf(context, email);
  expect((await owner.post(STAFF_ADMIN_PATHS.approve(id))).status).toBe(200);
  const { agent, response } = await signIn(context, email);
  expect(response.status).toBe(200);
  return { agent, id };
}

async function auditOf(action: AuditAction) {
  return context.db
    .selectFrom('audit_log')
    .select(['action', 'actor_id', 'actor_email', 'target', 'detail'])
    .where('action', '=', action)
    .orderBy('id')
    .execute();
}

async function created(
  type: 'blog_post' | 'case_study' | 'testimonial',
  data: object,
  slug = newSlug(type.replace('_', '-')),
) {
  const response = await editor.post(CONTENT_PATHS.ITEMS).send({ type, slug, data });
  expect(response.status, response.text).toBe(201);
  return response.body.item as ContentItem;
}

async function publishedItem(type: 'blog_post' | 'case_study' | 'testimonial', data: object) {
  const item = await created(type, data);
  const response = await editor.post(CONTENT_PATHS.publish(item.id)).send({});
  expect(response.status, response.text).toBe(200);
  return response.body.item as ContentItem;
}

const revision = () => siteRevision(context.db);

beforeAll(async () => {
  context = await createTestContext();
  owner = await signedInStaff(context, 'owner@agency.test');
  ({ agent: staff, id: staffId } = await approvedStaff('staff@agency.test'));
  ({ agent: editor, id: editorId } = await approvedStaff('editor@agency.test'));
  const named = await owner.put(CONTENT_PATHS.editor(editorId)).send({ editor: true });
  expect(named.status, named.text).toBe(200);
});

afterAll(async () => {
  await context.close();
});

describe('the content routes', () => {
  it('serve every address CONTENT_PATHS gives for items', () => {
    expect(Object.values(CONTENT_ROUTES).map((route) => route.replace(':id', '7'))).toEqual([
      CONTENT_PATHS.ITEMS,
      CONTENT_PATHS.item(7),
      CONTENT_PATHS.draft(7),
      CONTENT_PATHS.publish(7),
      CONTENT_PATHS.unpublish(7),
      CONTENT_PATHS.rollback(7),
      CONTENT_PATHS.move(7),
      CONTENT_PATHS.preview(7),
    ]);
  });
});

describe('who may edit content', () => {
  const calls: Array<[string, 'get' | 'post' | 'put' | 'delete']> = [
    [CONTENT_PATHS.ITEMS, 'get'],
    [CONTENT_PATHS.ITEMS, 'post'],
    [CONTENT_PATHS.item(1), 'get'],
    [CONTENT_PATHS.item(1), 'delete'],
    [CONTENT_PATHS.draft(1), 'put'],
    [CONTENT_PATHS.publish(1), 'post'],
    [CONTENT_PATHS.unpublish(1), 'post'],
    [CONTENT_PATHS.rollback(1), 'post'],
    [CONTENT_PATHS.move(1), 'post'],
    [CONTENT_PATHS.preview(1), 'get'],
  ];

  it('answers 401 to nobody and 403 to staff who are not editors, on every endpoint', async () => {
    for (const [path, method] of calls) {
      const anonymous = await request(context.app)[method](path).send({});
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(anonymous.body.message).toBe(API_MESSAGES.NOT_SIGNED_IN);
      const refused = await staff[method](path).send({});
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body).toEqual({ success: false, message: EDITORS_ONLY });
    }
  });

  it('lets owners and named editors in, and says so in the session check', async () => {
    expect((await owner.get(CONTENT_PATHS.ITEMS)).status).toBe(200);
    expect((await editor.get(CONTENT_PATHS.ITEMS)).status).toBe(200);
    const check = async (agent: StaffAgent) =>
      (await agent.get('/api/login.php?action=check')).body.user.contentEditor as boolean;
    expect(await check(owner)).toBe(true);
    expect(await check(editor)).toBe(true);
    expect(await check(staff)).toBe(false);
  });

  it('lets only owners name an editor, with the flag in the accounts list and the audit log', async () => {
    const { agent, id } = await approvedStaff('amaka@agency.test');
    expect((await agent.get(CONTENT_PATHS.ITEMS)).status).toBe(403);
    const bySelf = await staff.put(CONTENT_PATHS.editor(id)).send({ editor: true });
    expect(bySelf.status).toBe(403);
    expect(bySelf.body.message).toBe(OWNERS_ONLY);
    expect((await request(context.app).put(CONTENT_PATHS.editor(id)).send({ editor: true })).status).toBe(401);

    const named = await owner.put(CONTENT_PATHS.editor(id)).send({ editor: true });
    expect(named.status).toBe(200);
    expect(named.body.account).toMatchObject({ id, editor: true });
    expect((await agent.get(CONTENT_PATHS.ITEMS)).status).toBe(200);

    const accounts = StaffAccountsAnswerSchema.parse((await owner.get(STAFF_ADMIN_PATHS.ACCOUNTS)).body).accounts;
    expect(accounts.find((account) => account.id === id)?.editor).toBe(true);
    expect(accounts.find((account) => account.id === staffId)?.editor).toBe(false);

    expect((await owner.put(CONTENT_PATHS.editor(id)).send({ editor: false })).status).toBe(200);
    expect((await agent.get(CONTENT_PATHS.ITEMS)).status).toBe(403);
    const entries = (await auditOf('content.editor_changed')).filter(
      (entry) => entry.target === 'account amaka@agency.test',
    );
    expect(entries.map((entry) => JSON.parse(entry.detail))).toEqual([
      { from: false, to: true },
      { from: true, to: false },
    ]);
    expect(entries[0]?.actor_email).toBe('owner@agency.test');
  });

  it('refuses a bad flag (400), an unknown account (404) and one that is not staff (409)', async () => {
    expect((await owner.put(CONTENT_PATHS.editor(editorId)).send({ editor: 'yes' })).status).toBe(400);
    expect((await owner.put(CONTENT_PATHS.editor(999_999)).send({ editor: true })).status).toBe(404);
    await registerAndConfirm(context, 'waiting@agency.test');
    const waiting = await owner
      .put(CONTENT_PATHS.editor(await userIdOf(context, 'waiting@agency.test')))
      .send({ editor: true });
    expect(waiting.status).toBe(409);
    expect(waiting.body.message).toBe(STAFF_ERRORS.NOT_STAFF_OR_OWNER);
  });
});

describe('drafts', () => {
  it('creates a draft only: no version, nothing public changes, an audit entry', async () => {
    const before = await revision();
    const slug = newSlug('draft');
    const item = await created('blog_post', blogPostData('A draft'), slug);
    expect(item).toMatchObject({ type: 'blog_post', slug, title: 'A draft', state: 'draft', publishedVersion: null });
    expect(item.versions).toEqual([]);
    expect(item.path).toBe(`/blog/${slug}`);
    expect(await revision()).toBe(before);
    const entry = (await auditOf('content.created')).at(-1);
    expect(entry).toMatchObject({ actor_email: 'editor@agency.test', target: `blog post ${slug}` });

    const list = await editor.get(CONTENT_PATHS.ITEMS).query({ type: 'blog_post' });
    expect(list.status).toBe(200);
    expect(list.body.items[0]).toMatchObject({ id: item.id, state: 'draft' });
    expect(list.body.items.every((listed: { type: string }) => listed.type === 'blog_post')).toBe(true);
    expect((await editor.get(CONTENT_PATHS.ITEMS).query({ type: 'poem' })).status).toBe(400);
  });

  it("refuses a draft its type's schema refuses, naming each field by its path", async () => {
    const missing = await editor
      .post(CONTENT_PATHS.ITEMS)
      .send({ type: 'case_study', slug: newSlug(), data: { ...caseStudyData(), title: '  ' } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(CONTENT_ERRORS.INVALID_DRAFT);
    expect(missing.body.errors.title).toBe('Fill this in.');

    const item = await created('case_study', caseStudyData());
    const nested = await editor.put(CONTENT_PATHS.draft(item.id)).send({
      data: { ...caseStudyData(), challenges: [{ challenge: 'Slow', solution: '' }] },
    });
    expect(nested.status).toBe(400);
    expect(nested.body.errors['challenges.0.solution']).toBe('Fill this in.');

    const badSlug = await editor.post(CONTENT_PATHS.ITEMS).send({ type: 'blog_post', slug: 'Not A Slug', data: {} });
    expect(badSlug.status).toBe(400);
    expect(badSlug.body.errors.slug).toMatch(/lower-case letters/);
    expect((await editor.put(CONTENT_PATHS.draft(999_999)).send({ data: blogPostData() })).status).toBe(404);
    expect((await editor.get(CONTENT_PATHS.item('abc'))).status).toBe(400);
  });

  it('refuses a page address another item of the type uses (409), on create and on save', async () => {
    const first = await created('blog_post', blogPostData());
    const again = await editor
      .post(CONTENT_PATHS.ITEMS)
      .send({ type: 'blog_post', slug: first.slug, data: blogPostData() });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(CONTENT_ERRORS.slugTaken('blog_post', first.slug));
    expect(again.body.message).toContain(`"${first.slug}"`);
    // Another type may use it.
    await created('case_study', caseStudyData(), first.slug);

    const second = await created('blog_post', blogPostData());
    const renamed = await editor.put(CONTENT_PATHS.draft(second.id)).send({ slug: first.slug, data: blogPostData() });
    expect(renamed.status).toBe(409);
    const kept = await editor
      .put(CONTENT_PATHS.draft(second.id))
      .send({ slug: second.slug, data: blogPostData('Same address') });
    expect(kept.status).toBe(200);
    const moved = await editor
      .put(CONTENT_PATHS.draft(second.id))
      .send({ slug: newSlug('moved'), data: blogPostData() });
    expect(moved.status).toBe(200);
  });

  it('lets a new item take the address of a deleted one', async () => {
    const gone = await created('testimonial', testimonialData());
    expect((await editor.delete(CONTENT_PATHS.item(gone.id))).status).toBe(200);
    const reused = await created('testimonial', testimonialData('Tunde Bakare'), gone.slug);
    expect(reused.id).not.toBe(gone.id);
  });

  it('keeps the trainings fixed: never created or deleted, their address unchanged', async () => {
    const create = await editor.post(CONTENT_PATHS.ITEMS).send({ type: 'training', slug: 'data', data: {} });
    expect(create.status).toBe(400);
    expect(create.body.message).toBe(
      'The trainings have their registration forms: edit them, they cannot be deleted or created',
    );
    const trainings = (await editor.get(CONTENT_PATHS.ITEMS).query({ type: 'training' })).body.items as ContentItem[];
    expect(trainings.map((item) => item.slug).sort()).toEqual(['creative', 'web']);
    const web = trainings.find((item) => item.slug === 'web');
    if (!web) throw new Error('no web training');
    const remove = await editor.delete(CONTENT_PATHS.item(web.id));
    expect(remove.status).toBe(400);
    expect(remove.body.message).toBe(CONTENT_ERRORS.FIXED_TRAININGS);
    const rename = await editor
      .put(CONTENT_PATHS.draft(web.id))
      .send({ slug: 'web-2', data: (await editor.get(CONTENT_PATHS.item(web.id))).body.item.data });
    expect(rename.status).toBe(400);
    expect(rename.body.errors.slug).toBe(CONTENT_ERRORS.TRAINING_SLUG);
  });
});

describe('publishing', () => {
  it('makes the draft a new version and the site a new revision, with an audit entry', async () => {
    const before = await revision();
    const item = await created('blog_post', blogPostData('Live soon'));
    const published = await editor.post(CONTENT_PATHS.publish(item.id)).send({});
    expect(published.status).toBe(200);
    expect(published.body.item).toMatchObject({ state: 'published', publishedVersion: 1, publishAt: null });
    expect(published.body.item.versions).toEqual([
      { version: 1, createdAt: context.now().toISOString(), createdBy: 'editor@agency.test' },
    ]);
    expect(await revision()).toBe(before + 1);
    expect((await auditOf('content.published')).at(-1)).toMatchObject({
      actor_email: 'editor@agency.test',
      target: `blog post ${item.slug}`,
    });
    const site = await publishedContent(context.db);
    expect(site.revision).toBe(before + 1);
    expect(site.items.blog_post.find((post) => post.slug === item.slug)?.data.title).toBe('Live soon');

    // An edited draft changes nothing public until it is published.
    const edited = await editor.put(CONTENT_PATHS.draft(item.id)).send({ data: blogPostData('Live, edited') });
    expect(edited.body.item.state).toBe('changed');
    expect(await revision()).toBe(before + 1);
    expect(
      (await publishedContent(context.db)).items.blog_post.find((post) => post.slug === item.slug)?.data.title,
    ).toBe('Live soon');
    expect((await auditOf('content.draft_saved')).at(-1)?.target).toBe(`blog post ${item.slug}`);
    const again = await editor.post(CONTENT_PATHS.publish(item.id)).send({});
    expect(again.body.item).toMatchObject({ state: 'published', publishedVersion: 2 });
    expect(await revision()).toBe(before + 2);
  });

  it('needs alt text on every image and a testimonial’s consent, naming the field', async () => {
    const noAlt = await created('case_study', {
      ...caseStudyData(),
      mockup: { src: '/images/portfolio/x.webp', width: 10, height: 10, alt: '' },
    });
    const refused = await editor.post(CONTENT_PATHS.publish(noAlt.id)).send({});
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(CONTENT_ERRORS.NOT_PUBLISHABLE);
    expect(refused.body.errors).toEqual({ 'mockup.alt': 'Describe the image (alt text) before publishing.' });

    const noConsent = await created('testimonial', { ...testimonialData(), consent: false });
    const before = await revision();
    const consent = await editor.post(CONTENT_PATHS.publish(noConsent.id)).send({});
    expect(consent.status).toBe(400);
    expect(consent.body.errors.consent).toMatch(/agreed to be quoted/);
    expect(await revision()).toBe(before);
    expect((await editor.get(CONTENT_PATHS.item(noConsent.id))).body.item.versions).toEqual([]);
    // The shared publish schema says the same.
    expect(ContentPublishSchemas.testimonial.safeParse({ ...testimonialData(), consent: false }).success).toBe(false);
  });

  it('schedules a version for a later time on the server clock, and publishes at once for a time past', async () => {
    const live = await publishedItem('case_study', caseStudyData('Version one'));
    await editor.put(CONTENT_PATHS.draft(live.id)).send({ data: caseStudyData('Version two') });
    const before = await revision();
    const at = new Date(context.now().getTime() + 3_600_000).toISOString();
    const scheduled = await editor.post(CONTENT_PATHS.publish(live.id)).send({ at });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body.item).toMatchObject({ state: 'scheduled', publishedVersion: 1, publishAt: at });
    expect(await revision()).toBe(before);
    expect((await auditOf('content.scheduled')).at(-1)).toMatchObject({ target: `case study ${live.slug}` });
    expect(JSON.parse((await auditOf('content.scheduled')).at(-1)?.detail ?? '{}')).toMatchObject({ version: 2, at });

    const other = await created('case_study', caseStudyData());
    const past = new Date(context.now().getTime() - 60_000).toISOString();
    const now = await editor.post(CONTENT_PATHS.publish(other.id)).send({ at: past });
    expect(now.body.item).toMatchObject({ state: 'published', publishAt: null, publishedVersion: 1 });
    expect(await revision()).toBe(before + 1);
    expect((await editor.post(CONTENT_PATHS.publish(other.id)).send({ at: 'tomorrow' })).status).toBe(400);
  });

  it('unpublishes (the site drops it) and cancels a schedule; twice is 409', async () => {
    const item = await publishedItem('testimonial', testimonialData('Ada Eze'));
    const before = await revision();
    const off = await editor.post(CONTENT_PATHS.unpublish(item.id));
    expect(off.status).toBe(200);
    expect(off.body.item).toMatchObject({ state: 'draft', publishedVersion: null });
    expect(await revision()).toBe(before + 1);
    expect((await publishedContent(context.db)).items.testimonial.some((t) => t.data.name === 'Ada Eze')).toBe(false);
    const again = await editor.post(CONTENT_PATHS.unpublish(item.id));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(CONTENT_ERRORS.NOT_ON_SITE);

    const at = new Date(context.now().getTime() + 60_000).toISOString();
    await editor.post(CONTENT_PATHS.publish(item.id)).send({ at });
    const cancelled = await editor.post(CONTENT_PATHS.unpublish(item.id));
    expect(cancelled.body.item).toMatchObject({ state: 'draft', publishAt: null });
    expect(await revision()).toBe(before + 1);
    expect((await auditOf('content.unpublished')).length).toBeGreaterThanOrEqual(2);
  });

  it('rolls back to an earlier version: published again and the draft', async () => {
    const item = await publishedItem('blog_post', blogPostData('First words'));
    await editor.put(CONTENT_PATHS.draft(item.id)).send({ data: blogPostData('Second words') });
    await editor.post(CONTENT_PATHS.publish(item.id)).send({});
    const before = await revision();
    const back = await editor.post(CONTENT_PATHS.rollback(item.id)).send({ version: 1 });
    expect(back.status).toBe(200);
    expect(back.body.item).toMatchObject({ state: 'published', publishedVersion: 1, title: 'First words' });
    expect(back.body.item.data.title).toBe('First words');
    expect(await revision()).toBe(before + 1);
    expect((await publishedContent(context.db)).items.blog_post.find((p) => p.slug === item.slug)?.data.title).toBe(
      'First words',
    );
    expect(JSON.parse((await auditOf('content.rolled_back')).at(-1)?.detail ?? '{}')).toMatchObject({
      version: 1,
      from: 2,
    });
    const missing = await editor.post(CONTENT_PATHS.rollback(item.id)).send({ version: 9 });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(CONTENT_ERRORS.NO_VERSION);
    expect((await editor.post(CONTENT_PATHS.rollback(item.id)).send({ version: 0 })).status).toBe(400);
  });

  it('moves a published item up and down its list: the site’s order, a new revision and an audit entry each time', async () => {
    const first = await publishedItem('testimonial', testimonialData('Moved First'));
    const second = await publishedItem('testimonial', testimonialData('Moved Second'));
    const order = async () =>
      (await publishedContent(context.db)).items.testimonial
        .map((item) => item.data.name)
        .filter((name) => name.startsWith('Moved '));
    expect(await order()).toEqual(['Moved First', 'Moved Second']);
    const listed = (await publishedContent(context.db)).items.testimonial.length;

    let before = await revision();
    const up = await editor.post(CONTENT_PATHS.move(second.id)).send({ direction: 'up' });
    expect(up.status, up.text).toBe(200);
    expect(up.body.item).toMatchObject({ id: second.id, state: 'published' });
    expect(await order()).toEqual(['Moved Second', 'Moved First']);
    expect(await revision()).toBe(before + 1);
    const listedItems = (await editor.get(`${CONTENT_PATHS.ITEMS}?type=testimonial`)).body.items as ContentItem[];
    const placeOf = (id: number) => listedItems.find((item) => item.id === id)?.listPlace;
    expect([placeOf(second.id), placeOf(first.id)]).toEqual([listed - 1, listed]);
    const [entry] = (await auditOf('content.moved')).slice(-1);
    expect(entry).toMatchObject({ actor_id: editorId, target: `testimonial ${second.slug}` });
    expect(JSON.parse(entry?.detail ?? '{}')).toEqual({ id: second.id, from: listed, to: listed - 1 });

    expect((await editor.post(CONTENT_PATHS.move(second.id)).send({ direction: 'down' })).status).toBe(200);
    expect(await order()).toEqual(['Moved First', 'Moved Second']);
    expect(await revision()).toBe(before + 2);

    // At the end of the list, unpublished, or asked oddly: refused, and nothing changes.
    before = await revision();
    const last = await editor.post(CONTENT_PATHS.move(second.id)).send({ direction: 'down' });
    expect(last.status).toBe(409);
    expect(last.body.message).toBe(CONTENT_ERRORS.ALREADY_LAST);
    const draft = await created('testimonial', testimonialData('Moved Draft'));
    const unlisted = await editor.post(CONTENT_PATHS.move(draft.id)).send({ direction: 'up' });
    expect(unlisted.status).toBe(409);
    expect(unlisted.body.message).toBe(CONTENT_ERRORS.NOT_LISTED);
    expect((await editor.post(CONTENT_PATHS.move(first.id)).send({ direction: 'sideways' })).status).toBe(400);
    expect((await editor.post(CONTENT_PATHS.move(999_999)).send({ direction: 'up' })).status).toBe(404);
    expect(await revision()).toBe(before);
    expect(await order()).toEqual(['Moved First', 'Moved Second']);
  });

  it('refuses to move the first item of a list further up', async () => {
    const [firstCase] = (await publishedContent(context.db)).items.case_study;
    const [item] = (await listContent(context, 'case_study')).filter((candidate) => candidate.slug === firstCase?.slug);
    const answer = await editor.post(CONTENT_PATHS.move(item?.id ?? 0)).send({ direction: 'up' });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(CONTENT_ERRORS.ALREADY_FIRST);
  });

  it('deletes: gone from the lists and the site, a new revision only when it was published', async () => {
    const draft = await created('blog_post', blogPostData());
    let before = await revision();
    expect((await editor.delete(CONTENT_PATHS.item(draft.id))).status).toBe(200);
    expect(await revision()).toBe(before);
    expect((await editor.get(CONTENT_PATHS.item(draft.id))).status).toBe(404);

    const live = await publishedItem('blog_post', blogPostData('Soon deleted'));
    before = await revision();
    expect((await editor.delete(CONTENT_PATHS.item(live.id))).status).toBe(200);
    expect(await revision()).toBe(before + 1);
    expect((await publishedContent(context.db)).items.blog_post.some((p) => p.slug === live.slug)).toBe(false);
    const listed = (await editor.get(CONTENT_PATHS.ITEMS)).body.items as ContentItem[];
    expect(listed.some((listedItem) => listedItem.id === live.id)).toBe(false);
    expect((await editor.delete(CONTENT_PATHS.item(live.id))).status).toBe(404);
    expect((await auditOf('content.deleted')).at(-1)).toMatchObject({ target: `blog post ${live.slug}` });
  });
});

describe('unsafe input', () => {
  it('stores every XSS payload as given and returns it as a JSON string, never as markup', async () => {
    for (const payload of XSS_PAYLOADS) {
      const post = await publishedItem('blog_post', {
        ...blogPostData(payload),
        summary: payload,
        body: `${payload}\n\n${payload}`,
        author: payload,
      });
      const read = await editor.get(CONTENT_PATHS.item(post.id));
      expect(read.headers['content-type']).toMatch(/^application\/json/);
      expect(read.body.item.data).toMatchObject({
        title: payload.trim(),
        summary: payload.trim(),
        author: payload.trim(),
      });
      expect(read.body.item.data.body).toBe(`${payload}\n\n${payload}`.trim());
      const site = (await publishedContent(context.db)).items.blog_post.find((p) => p.slug === post.slug);
      expect(site?.data.body).toBe(`${payload}\n\n${payload}`.trim());
      // The pages draw the stored body only through renderMarkdown: no element or handler of the payload survives.
      const html = renderMarkdown(site?.data.body ?? '');
      expect(html).not.toMatch(/<(script|iframe|svg|img)\b/i);
      expect(html).not.toMatch(/<[^>]*\son\w+=/i);
      expect(html).not.toMatch(/href="javascript:/i);

      const quote = await publishedItem('testimonial', { ...testimonialData(payload), quote: payload, role: payload });
      expect((await editor.get(CONTENT_PATHS.item(quote.id))).body.item.data).toMatchObject({ quote: payload.trim() });
    }
  });
});

describe('the preview', () => {
  it("puts the item's draft into the published content, as the renderer will draw it", async () => {
    const item = await publishedItem('case_study', caseStudyData('On the site'));
    await editor.put(CONTENT_PATHS.draft(item.id)).send({ data: caseStudyData('In the draft') });
    const preview = await draftContent(context.db, item.id);
    expect(preview).toMatchObject({ type: 'case_study', slug: item.slug });
    const titles = preview.content.items.case_study.filter((c) => c.slug === item.slug).map((c) => c.data.title);
    expect(titles).toEqual(['In the draft']);
    expect(
      (await draftContent(context.db, item.id, 1)).content.items.case_study.find((c) => c.slug === item.slug)?.data
        .title,
    ).toBe('On the site');
    const neverPublished = await created('case_study', caseStudyData('Brand new'));
    const withNew = await draftContent(context.db, neverPublished.id);
    expect(withNew.content.items.case_study.at(-1)?.slug).toBe(neverPublished.slug);
    expect((await publishedContent(context.db)).items.case_study.some((c) => c.slug === neverPublished.slug)).toBe(
      false,
    );
  });

  it('answers 501 with a message without the built site, 404 for an unknown item or version', async () => {
    const item = await created('blog_post', blogPostData());
    const answer = await editor.get(CONTENT_PATHS.preview(item.id));
    expect(answer.status).toBe(501);
    expect(answer.body).toEqual({ success: false, message: PREVIEW_UNAVAILABLE });
    expect((await editor.get(CONTENT_PATHS.preview(999_999))).status).toBe(404);
    expect((await editor.get(CONTENT_PATHS.preview(item.id)).query({ version: 3 })).status).toBe(404);
    expect((await editor.get(CONTENT_PATHS.preview(item.id)).query({ version: 'latest' })).status).toBe(400);
  });

  it("draws the item's own page (a testimonial: the home page) with the renderer, from the draft or a version", async () => {
    const calls: Array<{ content: PublishedContent; pagePath: string }> = [];
    const sitePages = {
      available: true,
      renderPreview: (content: PublishedContent, pagePath: string) => {
        calls.push({ content, pagePath });
        return Promise.resolve(`<!doctype html><html><head></head><body>${pagePath}</body></html>`);
      },
    } as unknown as SitePages;
    const app = createApp({
      db: context.db,
      dialect: context.database.dialect,
      mail: context.sender,
      clock: context.now,
      config: context.config,
      logger: createLogger('silent'),
      sitePages,
    });
    const previewAgent = request.agent(app);
    const login = await previewAgent
      .post('/api/login.php?action=login')
      .send({ email: 'editor@agency.test', password: STRONG_PASSWORD });
    expect(login.status).toBe(200);

    const post = await publishedItem('blog_post', blogPostData('Published words'));
    await editor.put(CONTENT_PATHS.draft(post.id)).send({ data: blogPostData('Draft words') });
    const page = await previewAgent.get(CONTENT_PATHS.preview(post.id));
    expect(page.status, page.text).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain(`/blog/${post.slug}`);
    expect(calls.at(-1)?.pagePath).toBe(`/blog/${post.slug}`);
    const drawn = calls.at(-1)?.content.items.blog_post.find((p) => p.slug === post.slug);
    expect(drawn?.data.title).toBe('Draft words');
    await previewAgent.get(CONTENT_PATHS.preview(post.id)).query({ version: 1 });
    expect(calls.at(-1)?.content.items.blog_post.find((p) => p.slug === post.slug)?.data.title).toBe('Published words');

    const quote = await created('testimonial', testimonialData('Preview Person'));
    expect((await previewAgent.get(CONTENT_PATHS.preview(quote.id))).status).toBe(200);
    expect(calls.at(-1)?.pagePath).toBe('/');
    expect(calls.at(-1)?.content.items.testimonial.some((t) => t.data.name === 'Preview Person')).toBe(true);
  });
});

describe('scheduled publishing', () => {
  /** A timer the test fires by hand. */
  const manualTimer = (): SchedulerTimer & { fire(): void } => {
    let pending: (() => void) | undefined;
    return {
      after(_ms, run) {
        pending = run;
        return () => {
          pending = undefined;
        };
      },
      fire() {
        const run = pending;
        pending = undefined;
        run?.();
      },
    };
  };

  it('publishes each due item once across two instances on one database, with its revision and audit entry', async () => {
    const seed = 22_301;
    console.info(`scheduled publishing seed ${seed}`);
    const items: ContentItem[] = [];
    const start = context.now().getTime();
    for (let n = 0; n < 6; n += 1) {
      const item = await created('blog_post', blogPostData(`Scheduled ${n}`));
      // Due one to six minutes from now, one every minute (seeded order).
      const at = new Date(start + ((n * seed) % 6) * 60_000 + 60_000).toISOString();
      expect((await editor.post(CONTENT_PATHS.publish(item.id)).send({ at })).status).toBe(200);
      items.push(item);
    }
    const logger = createLogger('silent');
    // Two instances' schedulers on one database, each started as the server starts it.
    const deps = { db: context.db, dialect: context.database.dialect, clock: () => context.now(), logger };
    const timers = [manualTimer(), manualTimer()];
    const jobs = timers.map((timer) => startContentScheduler(deps, { timer }));
    await Promise.all(jobs.map((job) => job.idle()));
    const before = await revision();
    const publishedBefore = (await auditOf('content.published')).length;
    expect(before).toBeGreaterThan(0);

    for (let minute = 1; minute <= 7; minute += 1) {
      context.advance(60_000);
      for (const timer of timers) timer.fire();
      await Promise.all(jobs.map((job) => job.idle()));
    }
    await Promise.all(jobs.map((job) => job.stop()));

    expect(await revision()).toBe(before + items.length);
    const entries = (await auditOf('content.published')).slice(publishedBefore);
    expect(entries).toHaveLength(items.length);
    expect(new Set(entries.map((entry) => entry.target)).size).toBe(items.length);
    for (const entry of entries) {
      expect(entry.actor_id).toBeNull();
      expect(entry.actor_email).toBe('the scheduler (scheduled by editor@agency.test)');
    }
    for (const item of items) {
      const state = (await editor.get(CONTENT_PATHS.item(item.id))).body.item as ContentItem;
      expect(state).toMatchObject({ state: 'published', publishedVersion: 1, publishAt: null });
    }
  });

  it('publishes a schedule at most once even when two ticks race on the same due item', async () => {
    const item = await created('case_study', caseStudyData('Raced'));
    const at = new Date(context.now().getTime() + 1_000).toISOString();
    await editor.post(CONTENT_PATHS.publish(item.id)).send({ at });
    context.advance(2_000);
    const before = await revision();
    const logger = createLogger('silent');
    const deps = { db: context.db, dialect: context.database.dialect, clock: () => context.now(), logger };
    const { runScheduledPublishing } = await import('./content.service');
    const counts = await Promise.all([1, 2, 3, 4].map(() => runScheduledPublishing(deps)));
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await revision()).toBe(before + 1);
  });

  it('does not publish a schedule that was cancelled or replaced', async () => {
    const logger = createLogger('silent');
    const deps = { db: context.db, dialect: context.database.dialect, clock: () => context.now(), logger };
    const { runScheduledPublishing } = await import('./content.service');
    const item = await created('blog_post', blogPostData('Cancelled'));
    await editor
      .post(CONTENT_PATHS.publish(item.id))
      .send({ at: new Date(context.now().getTime() + 1_000).toISOString() });
    await editor.post(CONTENT_PATHS.unpublish(item.id));
    const later = new Date(context.now().getTime() + 600_000).toISOString();
    const replaced = await created('blog_post', blogPostData('Replaced'));
    await editor
      .post(CONTENT_PATHS.publish(replaced.id))
      .send({ at: new Date(context.now().getTime() + 1_000).toISOString() });
    await editor.post(CONTENT_PATHS.publish(replaced.id)).send({ at: later });
    context.advance(5_000);
    expect(await runScheduledPublishing(deps)).toBe(0);
    expect((await editor.get(CONTENT_PATHS.item(replaced.id))).body.item).toMatchObject({
      state: 'scheduled',
      publishAt: later,
    });
    context.advance(600_000);
    expect(await runScheduledPublishing(deps)).toBe(1);
    expect((await editor.get(CONTENT_PATHS.item(item.id))).body.item.state).toBe('draft');
  });
});

describe('the first content', () => {
  it('is CONTENT_SEED, drawn exactly as the build draws it (revision 0), each item published and unchanged', async () => {
    const database = await createTestDatabase();
    try {
      expect(await seedContent(database)).toBe(true);
      expect(await publishedContent(database.db)).toEqual(CONTENT_SEED_PUBLISHED);
      const items = await listContent(database);
      expect(items).toHaveLength(Object.values(CONTENT_SEED).flat().length);
      expect(items.every((item) => item.state === 'published' && item.publishedVersion === 1)).toBe(true);
    } finally {
      await database.drop();
    }
  });

  it('is in the test context as at a first start: the trainings are there', async () => {
    const trainings = (await editor.get(CONTENT_PATHS.ITEMS).query({ type: 'training' })).body.items as ContentItem[];
    expect(trainings.map((item) => item.slug).sort()).toEqual(['creative', 'web']);
  });

  it('is stored once, as published version 1 of each item, with the revision still 0', async () => {
    const database = await createTestDatabase();
    try {
      const deps = { db: database.db, dialect: database.dialect, clock: () => context.now() };
      // Two instances starting at once.
      const results = await Promise.all([seedContent(deps, SMALL_SEED), seedContent(deps, SMALL_SEED)]);
      expect(results).toContain(true);
      const site = await publishedContent(database.db);
      expect(site.revision).toBe(0);
      expect(site.items.case_study.map((item) => item.slug)).toEqual(['crumbs-bakery', 'okafor-foods']);
      expect(site.items.training.map((item) => item.slug)).toEqual(['web', 'creative']);
      expect(site.items.blog_post[0]?.data).toEqual(SMALL_SEED.blog_post[0]?.data);
      const versions = await database.db.selectFrom('content_versions').select(['item_id', 'version']).execute();
      expect(versions).toHaveLength(6);
      expect(versions.every((row) => Number(row.version) === 1)).toBe(true);

      // Everything an editor may delete, deleted: the next start does not bring it back.
      await database.db.updateTable('content_items').set({ deleted_at: 1 }).where('type', '!=', 'training').execute();
      expect(await seedContent(deps, SMALL_SEED)).toBe(false);
      const after = await publishedContent(database.db);
      expect(after.items.case_study).toEqual([]);
      expect(await database.db.selectFrom('content_items').select('id').execute()).toHaveLength(6);
    } finally {
      await database.drop();
    }
  });
});
