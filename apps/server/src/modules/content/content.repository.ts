import type { Kysely, Transaction } from 'kysely';
import type { ContentType } from '@agency/shared';
import type { Database, EpochMs } from '../../lib/database-schema';
import type { DialectName } from '../../lib/db';

/**
 * The content tables (migration 0019, docs/decisions/0043): items with their draft, immutable numbered versions, and
 * the site's revision. Rows come back as plain objects with numbers as numbers (MariaDB gives bigint as strings).
 */

export type Db = Kysely<Database> | Transaction<Database>;

export interface ItemRow {
  id: number;
  type: ContentType;
  slug: string;
  draft: string;
  draftUpdatedAt: EpochMs;
  publishedVersion: number | null;
  publishedAt: EpochMs | null;
  scheduledVersion: number | null;
  publishAt: EpochMs | null;
  position: number;
  createdAt: EpochMs;
  createdBy: number | null;
  /** The published version's JSON, to tell whether the draft changed since. */
  publishedData: string | null;
}

export interface VersionRow {
  version: number;
  data: string;
  createdAt: EpochMs;
  createdByEmail: string | null;
}

const nullableNumber = (value: number | string | null) => (value === null ? null : Number(value));

function selectItems(db: Db) {
  return db
    .selectFrom('content_items as item')
    .leftJoin('content_versions as published', (join) =>
      join.onRef('published.item_id', '=', 'item.id').onRef('published.version', '=', 'item.published_version'),
    )
    .select([
      'item.id',
      'item.type',
      'item.slug',
      'item.draft',
      'item.draft_updated_at',
      'item.published_version',
      'item.published_at',
      'item.scheduled_version',
      'item.publish_at',
      'item.position',
      'item.created_at',
      'item.created_by',
      'published.data as published_data',
    ])
    .where('item.deleted_at', 'is', null);
}

type SelectedItem = Awaited<ReturnType<ReturnType<typeof selectItems>['executeTakeFirstOrThrow']>>;

function itemOf(row: SelectedItem): ItemRow {
  return {
    id: Number(row.id),
    type: row.type,
    slug: row.slug,
    draft: row.draft,
    draftUpdatedAt: Number(row.draft_updated_at),
    publishedVersion: nullableNumber(row.published_version),
    publishedAt: nullableNumber(row.published_at),
    scheduledVersion: nullableNumber(row.scheduled_version),
    publishAt: nullableNumber(row.publish_at),
    position: Number(row.position),
    createdAt: Number(row.created_at),
    createdBy: nullableNumber(row.created_by),
    publishedData: row.published_data ?? null,
  };
}

/** The items of a type (or all), newest change first; deleted ones left out. */
export async function listItems(db: Db, type: ContentType | undefined): Promise<ItemRow[]> {
  let query = selectItems(db).orderBy('item.draft_updated_at', 'desc').orderBy('item.id', 'desc');
  if (type) query = query.where('item.type', '=', type);
  return (await query.execute()).map(itemOf);
}

export async function findItem(db: Db, id: number): Promise<ItemRow | undefined> {
  const row = await selectItems(db).where('item.id', '=', id).executeTakeFirst();
  return row ? itemOf(row) : undefined;
}

/**
 * Locks the item's row until the transaction ends on MySQL, so two editors acting on one item at once take turns
 * (the second sees the first's version number). SQLite runs one writing transaction at a time anyway.
 */
export async function lockItem(db: Db, dialect: DialectName, id: number): Promise<boolean> {
  const query = db.selectFrom('content_items').select('id').where('id', '=', id).where('deleted_at', 'is', null);
  return (await (dialect === 'mysql' ? query.forUpdate() : query).executeTakeFirst()) !== undefined;
}

/** Who holds a slug of a type: a live item, a deleted one (whose slug may be taken over), or nobody. */
export async function slugHolder(
  db: Db,
  type: ContentType,
  slug: string,
): Promise<{ id: number; deleted: boolean } | undefined> {
  const row = await db
    .selectFrom('content_items')
    .select(['id', 'deleted_at'])
    .where('type', '=', type)
    .where('slug', '=', slug)
    .executeTakeFirst();
  return row ? { id: Number(row.id), deleted: row.deleted_at !== null } : undefined;
}

/** Removes a deleted item for good (its versions go with it by foreign key), so a new item may use its slug. */
export async function purgeDeletedItem(db: Db, id: number): Promise<void> {
  await db.deleteFrom('content_items').where('id', '=', id).where('deleted_at', 'is not', null).execute();
}

export async function insertItem(
  db: Db,
  item: { type: ContentType; slug: string; draft: string; at: EpochMs; by: number | null; position: number },
): Promise<number> {
  const result = await db
    .insertInto('content_items')
    .values({
      type: item.type,
      slug: item.slug,
      draft: item.draft,
      draft_updated_at: item.at,
      draft_updated_by: item.by,
      published_version: null,
      published_at: null,
      scheduled_version: null,
      publish_at: null,
      position: item.position,
      created_at: item.at,
      created_by: item.by,
      deleted_at: null,
    })
    .executeTakeFirstOrThrow();
  return Number(result.insertId);
}

/** After the last item of its type: new items go to the end of the lists. */
export async function nextPosition(db: Db, type: ContentType): Promise<number> {
  const row = await db
    .selectFrom('content_items')
    .select((eb) => eb.fn.max('position').as('last'))
    .where('type', '=', type)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

export async function updateDraft(
  db: Db,
  id: number,
  change: { draft: string; slug?: string; at: EpochMs; by: number | null },
): Promise<void> {
  await db
    .updateTable('content_items')
    .set({
      draft: change.draft,
      draft_updated_at: change.at,
      draft_updated_by: change.by,
      ...(change.slug === undefined ? {} : { slug: change.slug }),
    })
    .where('id', '=', id)
    .execute();
}

export async function listVersions(db: Db, itemId: number): Promise<VersionRow[]> {
  const rows = await db
    .selectFrom('content_versions as version')
    .leftJoin('users', 'users.id', 'version.created_by')
    .select(['version.version', 'version.data', 'version.created_at', 'users.email'])
    .where('version.item_id', '=', itemId)
    .orderBy('version.version', 'desc')
    .execute();
  return rows.map((row) => ({
    version: Number(row.version),
    data: row.data,
    createdAt: Number(row.created_at),
    createdByEmail: row.email ?? null,
  }));
}

export async function findVersion(db: Db, itemId: number, version: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('content_versions')
    .select('data')
    .where('item_id', '=', itemId)
    .where('version', '=', version)
    .executeTakeFirst();
  return row?.data;
}

/** Adds the next numbered version of an item (its row is locked by the caller) and returns its number. */
export async function insertVersion(
  db: Db,
  itemId: number,
  version: { data: string; at: EpochMs; by: number | null },
): Promise<number> {
  const last = await db
    .selectFrom('content_versions')
    .select((eb) => eb.fn.max('version').as('last'))
    .where('item_id', '=', itemId)
    .executeTakeFirst();
  const number = last?.last === null || last?.last === undefined ? 1 : Number(last.last) + 1;
  await db
    .insertInto('content_versions')
    .values({ item_id: itemId, version: number, data: version.data, created_at: version.at, created_by: version.by })
    .execute();
  return number;
}

/** Which version is on the site (null: none) and which waits for a time; the caller's rules decide the values. */
export async function setPublication(
  db: Db,
  id: number,
  publication: {
    publishedVersion: number | null;
    publishedAt: EpochMs | null;
    scheduledVersion: number | null;
    publishAt: EpochMs | null;
  },
): Promise<void> {
  await db
    .updateTable('content_items')
    .set({
      published_version: publication.publishedVersion,
      published_at: publication.publishedAt,
      scheduled_version: publication.scheduledVersion,
      publish_at: publication.publishAt,
    })
    .where('id', '=', id)
    .execute();
}

export async function markDeleted(db: Db, id: number, at: EpochMs): Promise<void> {
  await db
    .updateTable('content_items')
    .set({ deleted_at: at, published_version: null, published_at: null, scheduled_version: null, publish_at: null })
    .where('id', '=', id)
    .execute();
}

/** Whether any item was ever stored (deleted ones stay as rows, and the two trainings are never deleted). */
export async function anyItemEver(db: Db): Promise<boolean> {
  return (await db.selectFrom('content_items').select('id').limit(1).executeTakeFirst()) !== undefined;
}

// ---- scheduled publishing ----

export interface DueItem {
  id: number;
  type: ContentType;
  slug: string;
  scheduledVersion: number;
  publishAt: EpochMs;
}

export async function listDue(db: Db, now: EpochMs, limit: number): Promise<DueItem[]> {
  const rows = await db
    .selectFrom('content_items')
    .select(['id', 'type', 'slug', 'scheduled_version', 'publish_at'])
    .where('publish_at', '<=', now)
    .where('scheduled_version', 'is not', null)
    .where('deleted_at', 'is', null)
    .orderBy('publish_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    type: row.type,
    slug: row.slug,
    scheduledVersion: Number(row.scheduled_version),
    publishAt: Number(row.publish_at),
  }));
}

/**
 * Publishes a due item's scheduled version only while it is still the one scheduled at that time: of instances
 * ticking at once, exactly one changes the row (an edit, an unpublish or another instance came first for the rest).
 */
export async function claimScheduled(db: Db, due: DueItem, now: EpochMs): Promise<boolean> {
  const result = await db
    .updateTable('content_items')
    .set({ published_version: due.scheduledVersion, published_at: now, scheduled_version: null, publish_at: null })
    .where('id', '=', due.id)
    .where('publish_at', '=', due.publishAt)
    .where('scheduled_version', '=', due.scheduledVersion)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Who made a version (the editor who scheduled it), by e-mail address; undefined for the seed's. */
export async function versionAuthor(db: Db, itemId: number, version: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('content_versions as version')
    .innerJoin('users', 'users.id', 'version.created_by')
    .select('users.email')
    .where('version.item_id', '=', itemId)
    .where('version.version', '=', version)
    .executeTakeFirst();
  return row?.email;
}

// ---- what the site shows ----

export async function readRevision(db: Db): Promise<number> {
  const row = await db.selectFrom('site_state').select('revision').where('id', '=', 1).executeTakeFirst();
  return row ? Number(row.revision) : 0;
}

/** One more revision of what is public: in the transaction of the change, so each instance renders it once. */
export async function bumpRevision(db: Db, at: EpochMs): Promise<void> {
  await db
    .updateTable('site_state')
    .set((eb) => ({ revision: eb('revision', '+', 1), updated_at: at }))
    .where('id', '=', 1)
    .execute();
}

export interface PublishedRow {
  id: number;
  type: ContentType;
  slug: string;
  data: string;
  publishedAt: EpochMs;
  position: number;
  createdAt: EpochMs;
}

/** The list order of published items: position, then oldest first. */
export function listsBefore(a: PublishedRow, b: PublishedRow): boolean {
  if (a.position !== b.position) return a.position < b.position;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt;
  return a.id < b.id;
}

/** Every published item with its published version's JSON, in list order (position, then oldest first). */
export async function listPublished(db: Db): Promise<PublishedRow[]> {
  const rows = await db
    .selectFrom('content_items as item')
    .innerJoin('content_versions as version', (join) =>
      join.onRef('version.item_id', '=', 'item.id').onRef('version.version', '=', 'item.published_version'),
    )
    .select([
      'item.id',
      'item.type',
      'item.slug',
      'version.data',
      'item.published_at',
      'item.position',
      'item.created_at',
    ])
    .where('item.deleted_at', 'is', null)
    .orderBy('item.position')
    .orderBy('item.created_at')
    .orderBy('item.id')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    type: row.type,
    slug: row.slug,
    data: row.data,
    publishedAt: Number(row.published_at ?? 0),
    position: Number(row.position),
    createdAt: Number(row.created_at),
  }));
}

// ---- the first content ----

/** The seed's items, inserted unless their (type, slug) is there: two instances starting at once insert each once. */
export async function insertSeedItems(
  db: Db,
  dialect: DialectName,
  items: Array<{ type: ContentType; slug: string; draft: string; position: number }>,
  { at, publishedAt }: { at: EpochMs; publishedAt: EpochMs },
): Promise<void> {
  if (items.length === 0) return;
  const insert = db.insertInto('content_items').values(
    items.map((item) => ({
      type: item.type,
      slug: item.slug,
      draft: item.draft,
      draft_updated_at: at,
      draft_updated_by: null,
      published_version: 1,
      published_at: publishedAt,
      scheduled_version: null,
      publish_at: null,
      position: item.position,
      created_at: at,
      created_by: null,
      deleted_at: null,
    })),
  );
  await (
    dialect === 'mysql'
      ? insert.ignore()
      : insert.onConflict((conflict) => conflict.columns(['type', 'slug']).doNothing())
  ).execute();
}

/** Version 1 of each seeded item (its draft), unless it is there already. */
export async function insertSeedVersions(db: Db, dialect: DialectName, at: EpochMs): Promise<void> {
  const rows = await db
    .selectFrom('content_items')
    .select(['id', 'draft'])
    .where('published_version', '=', 1)
    .where('created_by', 'is', null)
    .execute();
  if (rows.length === 0) return;
  const insert = db
    .insertInto('content_versions')
    .values(
      rows.map((row) => ({ item_id: Number(row.id), version: 1, data: row.draft, created_at: at, created_by: null })),
    );
  await (
    dialect === 'mysql'
      ? insert.ignore()
      : insert.onConflict((conflict) => conflict.columns(['item_id', 'version']).doNothing())
  ).execute();
}

/**
 * The ids of a type's published items in list order (position, then oldest first), locked on MariaDB while a move
 * renumbers them, so two moves in one list run one after the other.
 */
export async function lockListOfType(db: Db, dialect: DialectName, type: ContentType): Promise<number[]> {
  const query = db
    .selectFrom('content_items')
    .select('id')
    .where('type', '=', type)
    .where('deleted_at', 'is', null)
    .where('published_version', 'is not', null)
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id');
  return (await (dialect === 'mysql' ? query.forUpdate() : query).execute()).map((row) => Number(row.id));
}

export async function setPosition(db: Db, id: number, position: number): Promise<void> {
  await db.updateTable('content_items').set({ position }).where('id', '=', id).execute();
}
