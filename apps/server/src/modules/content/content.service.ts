import {
  CONTENT_SEED,
  CONTENT_SEED_PUBLISHED_AT,
  CONTENT_TYPES,
  CONTENT_TYPE_LABELS,
  ContentDraftSchemas,
  ContentPublishSchemas,
  PATHS,
  type ContentDataByType,
  type ContentItem,
  type ContentItemSummary,
  type ContentState,
  type ContentType,
  type MoveDirection,
  type PublishedContent,
  type PublishedItem,
} from '@agency/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { Database, EpochMs } from '../../lib/database-schema';
import { withConflictRetry } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { actorOf, recordAudit, SERVER_ACTOR, type AuditActor } from '../audit/audit.service';
import * as repository from './content.repository';
import { startRepeatingJob, type JobTimer, type RepeatingJob } from '../../lib/repeating-job';

/**
 * The site's content (issue 22, docs/decisions/0043): items of four types with a draft and numbered versions, edited
 * by owners and content editors. Every change is one transaction with its audit entry and, when what the public sees
 * changes, one more site revision; each instance renders the public pages again when it sees a new revision.
 */

export type ContentDeps = Pick<AppDeps, 'db' | 'dialect' | 'clock'>;

/** What an editor hears when a change does not fit the item as it is. */
export const CONTENT_ERRORS = {
  NOT_FOUND: 'There is no such content item.',
  FIXED_TRAININGS: 'The trainings have their registration forms: edit them, they cannot be deleted or created',
  TRAINING_SLUG: 'A training keeps its page address: its registration form links to it.',
  INVALID_DRAFT: 'Some fields need attention before the draft can be saved.',
  NOT_PUBLISHABLE: 'Some fields must be completed before this can be published.',
  NOT_ON_SITE: 'This item is neither on the site nor scheduled.',
  NO_VERSION: 'There is no such version of this item.',
  NOT_LISTED: 'Only an item on the site has a place in its list: publish it first.',
  ALREADY_FIRST: 'This item is already first in its list.',
  ALREADY_LAST: 'This item is already last in its list.',
  slugTaken: (type: ContentType, slug: string) =>
    `Another ${CONTENT_TYPE_LABELS[type].one.toLowerCase()} already uses the page address "${slug}": choose another.`,
} as const;

/** The page an item has of its own: case studies under the portfolio, posts under the blog, the two trainings. */
export function contentPagePath(type: ContentType, slug: string): string | null {
  if (type === 'case_study') return `${PATHS.portfolio}/${slug}`;
  if (type === 'blog_post') return `${PATHS.blog}/${slug}`;
  if (type === 'training') return slug === 'creative' ? PATHS.creativeTraining : PATHS.webTraining;
  return null;
}

// Listeners told of each new revision on this instance (the page renderer renders at once, without waiting to poll).
const revisionListeners = new Set<(revision: number) => void>();

/** Calls `listener` after each change to what is public made through this process; the answer stops it. */
export function onSiteRevision(listener: (revision: number) => void): () => void {
  revisionListeners.add(listener);
  return () => revisionListeners.delete(listener);
}

async function announceRevision(db: Kysely<Database>): Promise<void> {
  if (revisionListeners.size === 0) return;
  const revision = await repository.readRevision(db);
  for (const listener of revisionListeners) listener(revision);
}

/** Each field's message, by its path in the item's data ("mockup.alt", "challenges.0.solution"). */
function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) errors[key] ??= 'This field is not expected.';
      continue;
    }
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The item's data as its type's schema accepts it (trimmed, unknown keys dropped), or 400 with each field's message. */
function checked(
  schemas: typeof ContentDraftSchemas | typeof ContentPublishSchemas,
  type: ContentType,
  data: unknown,
  message: string,
): unknown {
  const schema: z.ZodType = schemas[type];
  const result = schema.safeParse(data);
  if (!result.success) throw new AppError(400, message, fieldErrorsOf(result.error));
  return result.data;
}

function stateOf(item: repository.ItemRow): ContentState {
  if (item.scheduledVersion !== null) return 'scheduled';
  if (item.publishedVersion === null) return 'draft';
  return item.draft === item.publishedData ? 'published' : 'changed';
}

function titleOf(draft: Record<string, unknown>): string {
  const title = draft.title ?? draft.name;
  return typeof title === 'string' ? title : '';
}

const isoOf = (at: EpochMs | null) => (at === null ? null : new Date(at).toISOString());

function draftOf(item: Pick<repository.ItemRow, 'draft'>): Record<string, unknown> {
  const parsed: unknown = JSON.parse(item.draft);
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : {};
}

function summaryOf(item: repository.ItemRow): ContentItemSummary {
  return {
    id: item.id,
    type: item.type,
    slug: item.slug,
    title: titleOf(draftOf(item)),
    state: stateOf(item),
    publishedVersion: item.publishedVersion,
    publishAt: isoOf(item.publishAt),
    updatedAt: new Date(item.draftUpdatedAt).toISOString(),
    path: contentPagePath(item.type, item.slug),
  };
}

const describe = (item: Pick<repository.ItemRow, 'type' | 'slug'>) =>
  `${CONTENT_TYPE_LABELS[item.type].one.toLowerCase()} ${item.slug}`;

/** The items, latest change first; a published one with its place in its type's list on the site. */
export async function listContent(deps: Pick<AppDeps, 'db'>, type?: ContentType): Promise<ContentItemSummary[]> {
  const items = await repository.listItems(deps.db, type);
  const places = new Map<number, number>();
  const placed = new Map<ContentType, number>();
  const onSite = items
    .filter((item) => item.publishedVersion !== null)
    .sort((a, b) => a.position - b.position || a.createdAt - b.createdAt || a.id - b.id);
  for (const item of onSite) {
    const place = (placed.get(item.type) ?? 0) + 1;
    placed.set(item.type, place);
    places.set(item.id, place);
  }
  return items.map((item) => {
    const place = places.get(item.id);
    return place === undefined ? summaryOf(item) : { ...summaryOf(item), listPlace: place };
  });
}

async function itemOf(db: repository.Db, id: number): Promise<ContentItem> {
  const item = await repository.findItem(db, id);
  if (!item) throw new AppError(404, CONTENT_ERRORS.NOT_FOUND);
  const versions = await repository.listVersions(db, id);
  return {
    ...summaryOf(item),
    data: draftOf(item),
    versions: versions.map((version) => ({
      version: version.version,
      createdAt: new Date(version.createdAt).toISOString(),
      createdBy: version.createdByEmail,
    })),
  };
}

export function getContent(deps: Pick<AppDeps, 'db'>, id: number): Promise<ContentItem> {
  return itemOf(deps.db, id);
}

/** Refuses a slug a live item of the type uses (409); a deleted item holding it is removed for good. */
async function claimSlug(db: repository.Db, type: ContentType, slug: string, ownId?: number): Promise<void> {
  const holder = await repository.slugHolder(db, type, slug);
  if (!holder || holder.id === ownId) return;
  if (!holder.deleted) throw new AppError(409, CONTENT_ERRORS.slugTaken(type, slug));
  await repository.purgeDeletedItem(db, holder.id);
}

/**
 * Runs a change in one transaction with the item's row locked; `changesSite` says whether what the public sees
 * changed, and then the revision goes up in the same transaction and the renderer is told after the commit.
 */
async function change<T>(
  deps: ContentDeps,
  run: (trx: repository.Db, now: EpochMs) => Promise<{ result: T; changesSite: boolean }>,
): Promise<T> {
  const now = deps.clock().getTime();
  const { result, changesSite } = await withConflictRetry(() =>
    deps.db.transaction().execute(async (trx) => {
      const done = await run(trx, now);
      if (done.changesSite) await repository.bumpRevision(trx, now);
      return done;
    }),
  );
  if (changesSite) await announceRevision(deps.db);
  return result;
}

async function lockedItem(deps: ContentDeps, trx: repository.Db, id: number): Promise<repository.ItemRow> {
  const item = (await repository.lockItem(trx, deps.dialect, id)) ? await repository.findItem(trx, id) : undefined;
  if (!item) throw new AppError(404, CONTENT_ERRORS.NOT_FOUND);
  return item;
}

export interface CreateContentInput {
  type: ContentType;
  slug: string;
  data: Record<string, unknown>;
}

/** A new item, as a draft only (nothing public changes). The two trainings are fixed: never created. */
export async function createContent(
  deps: ContentDeps,
  input: CreateContentInput,
  userId: number,
): Promise<ContentItem> {
  if (input.type === 'training') throw new AppError(400, CONTENT_ERRORS.FIXED_TRAININGS);
  const data = checked(ContentDraftSchemas, input.type, input.data, CONTENT_ERRORS.INVALID_DRAFT);
  return change(deps, async (trx, now) => {
    await claimSlug(trx, input.type, input.slug);
    const position = await repository.nextPosition(trx, input.type);
    const id = await repository.insertItem(trx, {
      type: input.type,
      slug: input.slug,
      draft: JSON.stringify(data),
      at: now,
      by: userId,
      position,
    });
    await recordAudit(trx, {
      action: 'content.created',
      actor: await actorOf(trx, userId),
      target: describe(input),
      detail: { id },
      at: now,
    });
    return { result: await itemOf(trx, id), changesSite: false };
  });
}

/**
 * Saves the draft (the type's draft schema). A new slug must be free among the type's items (409); the trainings keep
 * theirs. The public pages change only when a published item's address does.
 */
export async function saveDraft(
  deps: ContentDeps,
  id: number,
  input: { slug?: string; data: Record<string, unknown> },
  userId: number,
): Promise<ContentItem> {
  return change(deps, async (trx, now) => {
    const item = await lockedItem(deps, trx, id);
    const data = checked(ContentDraftSchemas, item.type, input.data, CONTENT_ERRORS.INVALID_DRAFT);
    const newSlug = input.slug !== undefined && input.slug !== item.slug ? input.slug : undefined;
    if (newSlug !== undefined) {
      if (item.type === 'training')
        throw new AppError(400, CONTENT_ERRORS.TRAINING_SLUG, { slug: CONTENT_ERRORS.TRAINING_SLUG });
      await claimSlug(trx, item.type, newSlug, item.id);
    }
    await repository.updateDraft(trx, id, { draft: JSON.stringify(data), slug: newSlug, at: now, by: userId });
    await recordAudit(trx, {
      action: 'content.draft_saved',
      actor: await actorOf(trx, userId),
      target: describe({ type: item.type, slug: newSlug ?? item.slug }),
      detail: { id, ...(newSlug === undefined ? {} : { slugFrom: item.slug }) },
      at: now,
    });
    return { result: await itemOf(trx, id), changesSite: newSlug !== undefined && item.publishedVersion !== null };
  });
}

/**
 * The draft, checked by the type's publish schema (400 with each field's message), becomes a new version: published
 * now, or scheduled when `at` is later than the server's clock (a time now or past publishes now). A schedule
 * replaces any earlier one; the version on the site stays until the scheduled one replaces it.
 */
export async function publishContent(
  deps: ContentDeps,
  id: number,
  at: string | undefined,
  userId: number,
): Promise<ContentItem> {
  return change(deps, async (trx, now) => {
    const item = await lockedItem(deps, trx, id);
    checked(ContentPublishSchemas, item.type, draftOf(item), CONTENT_ERRORS.NOT_PUBLISHABLE);
    const version = await repository.insertVersion(trx, id, { data: item.draft, at: now, by: userId });
    const publishAt = at === undefined ? now : Date.parse(at);
    const scheduled = publishAt > now;
    await repository.setPublication(trx, id, {
      publishedVersion: scheduled ? item.publishedVersion : version,
      publishedAt: scheduled ? item.publishedAt : now,
      scheduledVersion: scheduled ? version : null,
      publishAt: scheduled ? publishAt : null,
    });
    await recordAudit(trx, {
      action: scheduled ? 'content.scheduled' : 'content.published',
      actor: await actorOf(trx, userId),
      target: describe(item),
      detail: { id, version, ...(scheduled ? { at: new Date(publishAt).toISOString() } : {}) },
      at: now,
    });
    return { result: await itemOf(trx, id), changesSite: !scheduled };
  });
}

/** Off the site (its page 404, out of every list), and any schedule cancelled; the draft and versions stay. */
export async function unpublishContent(deps: ContentDeps, id: number, userId: number): Promise<ContentItem> {
  return change(deps, async (trx, now) => {
    const item = await lockedItem(deps, trx, id);
    if (item.publishedVersion === null && item.scheduledVersion === null) {
      throw new AppError(409, CONTENT_ERRORS.NOT_ON_SITE);
    }
    await repository.setPublication(trx, id, {
      publishedVersion: null,
      publishedAt: null,
      scheduledVersion: null,
      publishAt: null,
    });
    await recordAudit(trx, {
      action: 'content.unpublished',
      actor: await actorOf(trx, userId),
      target: describe(item),
      detail: {
        id,
        version: item.publishedVersion,
        ...(item.scheduledVersion === null ? {} : { cancelledSchedule: isoOf(item.publishAt) }),
      },
      at: now,
    });
    return { result: await itemOf(trx, id), changesSite: item.publishedVersion !== null };
  });
}

/** An earlier version is published again and becomes the draft; a pending schedule is cancelled. */
export async function rollbackContent(
  deps: ContentDeps,
  id: number,
  version: number,
  userId: number,
): Promise<ContentItem> {
  return change(deps, async (trx, now) => {
    const item = await lockedItem(deps, trx, id);
    const data = await repository.findVersion(trx, id, version);
    if (data === undefined) throw new AppError(404, CONTENT_ERRORS.NO_VERSION, { version: CONTENT_ERRORS.NO_VERSION });
    await repository.updateDraft(trx, id, { draft: data, at: now, by: userId });
    await repository.setPublication(trx, id, {
      publishedVersion: version,
      publishedAt: now,
      scheduledVersion: null,
      publishAt: null,
    });
    await recordAudit(trx, {
      action: 'content.rolled_back',
      actor: await actorOf(trx, userId),
      target: describe(item),
      detail: { id, version, from: item.publishedVersion },
      at: now,
    });
    return { result: await itemOf(trx, id), changesSite: true };
  });
}

/**
 * A published item one place up or down among its type's published items, as every list on the site shows them.
 * The list is numbered again from 0 in its new order (positions could tie: the seed's, an old draft's).
 */
export async function moveContent(
  deps: ContentDeps,
  id: number,
  direction: MoveDirection,
  userId: number,
): Promise<ContentItem> {
  return change(deps, async (trx, now) => {
    const item = await lockedItem(deps, trx, id);
    if (item.publishedVersion === null) throw new AppError(409, CONTENT_ERRORS.NOT_LISTED);
    const list = await repository.lockListOfType(trx, deps.dialect, item.type);
    const from = list.indexOf(id);
    const to = direction === 'up' ? from - 1 : from + 1;
    if (to < 0) throw new AppError(409, CONTENT_ERRORS.ALREADY_FIRST);
    if (to >= list.length) throw new AppError(409, CONTENT_ERRORS.ALREADY_LAST);
    list.splice(from, 1);
    list.splice(to, 0, id);
    for (const [position, listed] of list.entries()) await repository.setPosition(trx, listed, position);
    await recordAudit(trx, {
      action: 'content.moved',
      actor: await actorOf(trx, userId),
      target: describe(item),
      detail: { id, from: from + 1, to: to + 1 },
      at: now,
    });
    return { result: await itemOf(trx, id), changesSite: true };
  });
}

/** Removes an item from the site and the editor's lists (its row stays, so its page can answer 410). */
export async function deleteContent(deps: ContentDeps, id: number, userId: number): Promise<void> {
  await change(deps, async (trx, now) => {
    const item = await lockedItem(deps, trx, id);
    if (item.type === 'training') throw new AppError(400, CONTENT_ERRORS.FIXED_TRAININGS);
    await repository.markDeleted(trx, id, now);
    await recordAudit(trx, {
      action: 'content.deleted',
      actor: await actorOf(trx, userId),
      target: describe(item),
      detail: { id, version: item.publishedVersion },
      at: now,
    });
    return { result: undefined, changesSite: item.publishedVersion !== null };
  });
}

// ---- for the page renderer ----

export async function siteRevision(db: Kysely<Database>): Promise<number> {
  return repository.readRevision(db);
}

function emptyItems(): PublishedContent['items'] {
  return { case_study: [], blog_post: [], testimonial: [], training: [] };
}

function contentOf(revision: number, rows: repository.PublishedRow[]): PublishedContent {
  const items = emptyItems();
  for (const row of rows) {
    const item: PublishedItem = {
      slug: row.slug,
      data: JSON.parse(row.data) as ContentDataByType[ContentType],
      publishedAt: new Date(row.publishedAt).toISOString(),
    };
    (items[row.type] as PublishedItem[]).push(item);
  }
  return { revision, items };
}

/**
 * What the public pages show: each type's published items in list order, with the revision they are from. Read in
 * one transaction, so the revision names exactly these items.
 */
export async function publishedContent(db: Kysely<Database>): Promise<PublishedContent> {
  return db.transaction().execute(async (trx) => {
    const revision = await repository.readRevision(trx);
    return contentOf(revision, await repository.listPublished(trx));
  });
}

/** What a preview draws: the item itself and the site as it would be with it published. */
export interface ContentPreview {
  type: ContentType;
  slug: string;
  content: PublishedContent;
}

/**
 * The published content with one item's draft (or one of its versions) in place of what is on the site, as if it were
 * published: for the editor's preview with the real page renderer. 404 when the item or version is not there.
 */
export async function draftContent(
  db: Kysely<Database>,
  id: number,
  version: number | 'draft' = 'draft',
): Promise<ContentPreview> {
  return db.transaction().execute(async (trx) => {
    const item = await repository.findItem(trx, id);
    if (!item) throw new AppError(404, CONTENT_ERRORS.NOT_FOUND);
    const data = version === 'draft' ? item.draft : await repository.findVersion(trx, id, version);
    if (data === undefined) throw new AppError(404, CONTENT_ERRORS.NO_VERSION);
    const revision = await repository.readRevision(trx);
    const rows = (await repository.listPublished(trx)).filter((row) => row.id !== id);
    const previewed: repository.PublishedRow = {
      id,
      type: item.type,
      slug: item.slug,
      data,
      publishedAt: item.publishedAt ?? item.draftUpdatedAt,
      position: item.position,
      createdAt: item.createdAt,
    };
    const at = rows.findIndex((row) => repository.listsBefore(previewed, row));
    rows.splice(at === -1 ? rows.length : at, 0, previewed);
    return { type: item.type, slug: item.slug, content: contentOf(revision, rows) };
  });
}

// ---- scheduled publishing ----

/** The longest wait between two looks for due schedules: a scheduled item is live within this of its time. */
export const SCHEDULE_TICK_MS = 10_000;
const DUE_BATCH = 50;

export type SchedulerDeps = Pick<AppDeps, 'db' | 'dialect' | 'clock' | 'logger'>;

/**
 * Publishes every item whose scheduled time has come, each exactly once across instances: the conditional update on
 * (id, publish_at, scheduled_version) lets one instance through; its revision and audit entry (by the server, naming
 * who scheduled it) are in the same transaction. Returns how many this instance published.
 */
export async function runScheduledPublishing(deps: SchedulerDeps): Promise<number> {
  const now = deps.clock().getTime();
  let published = 0;
  for (;;) {
    const due = await repository.listDue(deps.db, now, DUE_BATCH);
    for (const item of due) {
      const claimed = await withConflictRetry(() =>
        deps.db.transaction().execute(async (trx) => {
          if (!(await repository.claimScheduled(trx, item, now))) return false;
          const scheduledBy = await repository.versionAuthor(trx, item.id, item.scheduledVersion);
          const actor: AuditActor = {
            id: null,
            email: scheduledBy ? `the scheduler (scheduled by ${scheduledBy})` : SERVER_ACTOR.email,
          };
          await recordAudit(trx, {
            action: 'content.published',
            actor,
            target: describe(item),
            detail: {
              id: item.id,
              version: item.scheduledVersion,
              scheduledFor: new Date(item.publishAt).toISOString(),
            },
            at: now,
          });
          await repository.bumpRevision(trx, now);
          return true;
        }),
      );
      if (claimed) published += 1;
    }
    if (due.length < DUE_BATCH) break;
  }
  if (published > 0) await announceRevision(deps.db);
  return published;
}

/** How the scheduler waits between ticks (the server's timer, or a test's). */
export type SchedulerTimer = JobTimer;
export type ContentScheduler = RepeatingJob;

/** Starts the scheduled publishing: a tick at once, then one every `tickMs`. */
export function startContentScheduler(
  deps: SchedulerDeps,
  options: { tickMs?: number; timer?: SchedulerTimer } = {},
): ContentScheduler {
  const tickMs = options.tickMs ?? SCHEDULE_TICK_MS;
  return startRepeatingJob(
    async () => {
      const published = await runScheduledPublishing(deps);
      if (published > 0) deps.logger.info({ published }, 'scheduled content published');
      return tickMs;
    },
    {
      timer: options.timer,
      onError: (error) => {
        deps.logger.error({ err: error }, 'scheduled publishing failed; the next tick tries again');
        return tickMs;
      },
    },
  );
}

// ---- the first content ----

/** The content the site was built with, by type: what the first start stores as each item's version 1. */
export type ContentSeed = { [T in ContentType]: ReadonlyArray<{ slug: string; data: ContentDataByType[T] }> };

/**
 * Stores the seed once, as published version 1 of each item (published when the build's pages were), with the
 * revision left at 0: the build's pages show exactly the seed. Never again once any item was stored, so an editor who
 * deletes everything keeps it deleted (the deleted rows and the two trainings stay). Two instances starting at once
 * insert each item once. True when this call found nothing stored.
 */
export async function seedContent(
  deps: Pick<AppDeps, 'db' | 'dialect'> & Partial<Pick<AppDeps, 'clock'>>,
  seed: ContentSeed = CONTENT_SEED,
): Promise<boolean> {
  if (await repository.anyItemEver(deps.db)) return false;
  const publishedAt = Date.parse(CONTENT_SEED_PUBLISHED_AT);
  const now = deps.clock ? deps.clock().getTime() : publishedAt;
  const items = CONTENT_TYPES.flatMap((type) =>
    seed[type].map((item, position) => ({ type, slug: item.slug, draft: JSON.stringify(item.data), position })),
  );
  await withConflictRetry(() =>
    deps.db.transaction().execute(async (trx) => {
      await repository.insertSeedItems(trx, deps.dialect, items, { at: now, publishedAt });
      await repository.insertSeedVersions(trx, deps.dialect, now);
    }),
  );
  return true;
}
