import { sql, type Expression, type Kysely, type SqlBool, type Transaction } from 'kysely';
import {
  ENQUIRY_KINDS,
  INBOX_LIMITS,
  MESSAGE_KINDS,
  isPhoneSearch,
  phoneSearchKey,
  searchTextOf,
  type EnquiryStatus,
  type HistoryAction,
  type InboxFolder,
  type MessageKind,
} from '@agency/shared';
import type { Database, EpochMs, MessageTableName } from '../../lib/database-schema';
import { likePattern } from '../../lib/sql-like';

export type Db = Kysely<Database> | Transaction<Database>;

/** The columns a list row's name is made of. */
const NAME_COLUMNS: Record<MessageKind, readonly string[]> = {
  web_dev: ['firstname', 'surname'],
  creative_design: ['firstname', 'surname'],
  contact: ['name'],
  request_quote: ['name'],
};

/** The columns a list row's preview is made of; only their first characters are read. */
const PREVIEW_COLUMNS: Record<MessageKind, readonly string[]> = {
  web_dev: ['training_type', 'schedule'],
  creative_design: ['schedule'],
  contact: ['message'],
  request_quote: ['project_description'],
};

/** What the filters of a view come to once `me` and the Lagos days are resolved. */
export interface ResolvedFilter {
  folder: InboxFolder;
  q?: string;
  status?: EnquiryStatus;
  /** null: nobody has it. */
  assigneeId?: number | null;
  /** created_at >= fromMs and < untilMs. */
  fromMs?: EpochMs;
  untilMs?: EpochMs;
}

/** A place in the newest-first order. */
export interface Position {
  createdAt: EpochMs;
  id: number;
}

/** Towards older rows (the next page) or newer ones (the page before). */
export type Direction = 'older' | 'newer';

export interface SummaryRow {
  id: number;
  reference: string;
  created_at: EpochMs;
  email: string;
  phone: string;
  status: EnquiryStatus;
  assignee_id: number | null;
  folder: InboxFolder;
  spam_reason: string | null;
  trashed_at: EpochMs | null;
  /** The name columns in NAME_COLUMNS order. */
  nameParts: string[];
  /** The preview columns, each cut to the preview's length, in PREVIEW_COLUMNS order. */
  previewParts: Array<string | null>;
  read: boolean;
}

const tableOf = (kind: MessageKind): MessageTableName => ENQUIRY_KINDS[kind].table;

const like = (column: string, pattern: string) => sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '!'`;

/** The where clause of a view: its folder and every filter given. */
function filterClause(kind: MessageKind, filter: ResolvedFilter): Expression<SqlBool> {
  const table = tableOf(kind);
  const column = (name: string) => `${table}.${name}`;
  const clauses = [sql<SqlBool>`${sql.ref(column('folder'))} = ${filter.folder}`];
  if (filter.status !== undefined) clauses.push(sql<SqlBool>`${sql.ref(column('status'))} = ${filter.status}`);
  if (filter.assigneeId === null) clauses.push(sql<SqlBool>`${sql.ref(column('assignee_id'))} is null`);
  else if (filter.assigneeId !== undefined) {
    clauses.push(sql<SqlBool>`${sql.ref(column('assignee_id'))} = ${filter.assigneeId}`);
  }
  if (filter.fromMs !== undefined) clauses.push(sql<SqlBool>`${sql.ref(column('created_at'))} >= ${filter.fromMs}`);
  if (filter.untilMs !== undefined) clauses.push(sql<SqlBool>`${sql.ref(column('created_at'))} < ${filter.untilMs}`);
  if (filter.q) {
    const reference = like(column('reference'), likePattern(filter.q));
    if (isPhoneSearch(filter.q)) {
      // Any way of writing a Nigerian number finds the same stored digits (phoneSearchKey on both sides).
      const digits = like(column('phone_key'), likePattern(phoneSearchKey(filter.q)));
      clauses.push(sql<SqlBool>`(${digits} or ${reference})`);
    } else {
      // Name, e-mail, phone as written, message or project description and reference, compared without accents and
      // case on both databases: the stored copy and the search are normalised the same way (searchTextOf).
      clauses.push(like(column('search_text'), likePattern(searchTextOf(filter.q))));
    }
  }
  return sql<SqlBool>`${sql.join(clauses, sql` and `)}`;
}

/** Rows strictly beyond a position, in the newest-first order. */
function beyond(kind: MessageKind, position: Position, direction: Direction): Expression<SqlBool> {
  const table = tableOf(kind);
  const createdAt = sql.ref(`${table}.created_at`);
  const id = sql.ref(`${table}.id`);
  // Spelled out rather than as a row comparison, which MariaDB does not turn into an index range.
  return direction === 'older'
    ? sql<SqlBool>`(${createdAt} < ${position.createdAt} or (${createdAt} = ${position.createdAt} and ${id} < ${position.id}))`
    : sql<SqlBool>`(${createdAt} > ${position.createdAt} or (${createdAt} = ${position.createdAt} and ${id} > ${position.id}))`;
}

/** The query of listSummaries, on its own so a test can ask each database how it runs it (EXPLAIN). */
export function summariesQuery(
  kind: MessageKind,
  filter: ResolvedFilter,
  page: { userId: number; from?: Position; direction: Direction; limit: number },
) {
  const table = tableOf(kind);
  const column = (name: string) => sql.ref(`${table}.${name}`);
  const order = page.direction === 'older' ? sql`desc` : sql`asc`;
  const where = page.from
    ? sql<SqlBool>`${filterClause(kind, filter)} and ${beyond(kind, page.from, page.direction)}`
    : filterClause(kind, filter);
  const names = NAME_COLUMNS[kind].map((name, index) => sql`${column(name)} as ${sql.ref(`name_${index}`)}`);
  const previews = PREVIEW_COLUMNS[kind].map(
    (name, index) => sql`substr(${column(name)}, 1, ${INBOX_LIMITS.PREVIEW_MAX}) as ${sql.ref(`preview_${index}`)}`,
  );
  return sql<Record<string, unknown>>`
    select ${column('id')}, ${column('reference')}, ${column('created_at')}, ${column('email')}, ${column('phone')},
      ${column('status')}, ${column('assignee_id')}, ${column('folder')}, ${column('spam_reason')},
      ${column('trashed_at')}, ${sql.join([...names, ...previews])},
      enquiry_reads.user_id as read_by
    from ${sql.table(table)}
    left join enquiry_reads on enquiry_reads.kind = ${kind} and enquiry_reads.enquiry_id = ${column('id')}
      and enquiry_reads.user_id = ${page.userId}
    where ${where}
    order by ${column('created_at')} ${order}, ${column('id')} ${order}
    limit ${page.limit}
  `;
}

/**
 * Up to `limit` list rows of a view beyond a position (or from the newest), nearest first: newest first towards
 * older rows, oldest first towards newer ones. Reads only the columns a list row shows.
 */
export async function listSummaries(
  db: Db,
  kind: MessageKind,
  filter: ResolvedFilter,
  page: { userId: number; from?: Position; direction: Direction; limit: number },
): Promise<SummaryRow[]> {
  const result = await summariesQuery(kind, filter, page).execute(db);
  return result.rows.map((row) => ({
    id: Number(row.id),
    reference: String(row.reference),
    created_at: Number(row.created_at),
    email: String(row.email),
    phone: String(row.phone),
    status: row.status as EnquiryStatus,
    assignee_id: row.assignee_id === null ? null : Number(row.assignee_id),
    folder: row.folder as InboxFolder,
    spam_reason: row.spam_reason === null ? null : String(row.spam_reason),
    trashed_at: row.trashed_at === null ? null : Number(row.trashed_at),
    nameParts: NAME_COLUMNS[kind].map((_, index) => String(row[`name_${index}`] ?? '')),
    previewParts: PREVIEW_COLUMNS[kind].map((_, index) => {
      const value = row[`preview_${index}`];
      return value === null || value === undefined ? null : String(value);
    }),
    read: row.read_by !== null && row.read_by !== undefined,
  }));
}

/** Whether the view has a row beyond a position. */
export async function hasRowBeyond(
  db: Db,
  kind: MessageKind,
  filter: ResolvedFilter,
  from: Position,
  direction: Direction,
): Promise<boolean> {
  const table = tableOf(kind);
  const result = await sql`
    select ${sql.ref(`${table}.id`)} from ${sql.table(table)}
    where ${filterClause(kind, filter)} and ${beyond(kind, from, direction)}
    limit 1
  `.execute(db);
  return result.rows.length > 0;
}

/** The rows of a view, or only those newer than a position (the poll: an index range on (folder, created_at, id)). */
export async function countMatching(
  db: Db,
  kind: MessageKind,
  filter: ResolvedFilter,
  newerThan?: Position,
): Promise<number> {
  const table = tableOf(kind);
  const where = newerThan
    ? sql<SqlBool>`${filterClause(kind, filter)} and ${beyond(kind, newerThan, 'newer')}`
    : filterClause(kind, filter);
  const result = await sql<{ total: number | string }>`
    select count(*) as total from ${sql.table(table)} where ${where}
  `.execute(db);
  return Number(result.rows[0]?.total ?? 0);
}

/**
 * Whole stored rows of a view beyond a position, newest first, for the export: it walks the view a batch at a time.
 */
export async function listFullRows(
  db: Db,
  kind: MessageKind,
  filter: ResolvedFilter,
  from: Position | undefined,
  limit: number,
): Promise<Array<Record<string, unknown>>> {
  const table = tableOf(kind);
  const where = from
    ? sql<SqlBool>`${filterClause(kind, filter)} and ${beyond(kind, from, 'older')}`
    : filterClause(kind, filter);
  const result = await sql<Record<string, unknown>>`
    select * from ${sql.table(table)}
    where ${where}
    order by ${sql.ref(`${table}.created_at`)} desc, ${sql.ref(`${table}.id`)} desc
    limit ${limit}
  `.execute(db);
  return result.rows;
}

export interface FolderCountsRow {
  new: number;
  unread: number;
  trash: number;
  spam: number;
}

/** Each kind's new and unread enquiries in the inbox (unread for this user), and what its trash and spam hold. */
export async function countFolders(db: Db, userId: number): Promise<Record<MessageKind, FolderCountsRow>> {
  const counts = {} as Record<MessageKind, FolderCountsRow>;
  for (const kind of MESSAGE_KINDS) {
    const table = tableOf(kind);
    const column = (name: string) => sql.ref(`${table}.${name}`);
    const result = await sql<{
      folder: string;
      total: number | string;
      fresh: number | string;
      unread: number | string;
    }>`
      select ${column('folder')} as folder, count(*) as total,
        sum(case when ${column('status')} = 'new' then 1 else 0 end) as fresh,
        sum(case when enquiry_reads.user_id is null then 1 else 0 end) as unread
      from ${sql.table(table)}
      left join enquiry_reads on enquiry_reads.kind = ${kind} and enquiry_reads.enquiry_id = ${column('id')}
        and enquiry_reads.user_id = ${userId}
      group by ${column('folder')}
    `.execute(db);
    const of = (folder: InboxFolder) => result.rows.find((row) => row.folder === folder);
    const inbox = of('inbox');
    counts[kind] = {
      new: Number(inbox?.fresh ?? 0),
      unread: Number(inbox?.unread ?? 0),
      trash: Number(of('trash')?.total ?? 0),
      spam: Number(of('spam')?.total ?? 0),
    };
  }
  return counts;
}

/** Every column of one enquiry, or undefined. */
export async function findEnquiry<K extends MessageKind>(db: Db, kind: K, id: number) {
  return db.selectFrom(ENQUIRY_KINDS[kind].table).selectAll().where('id', '=', id).executeTakeFirst();
}

/** Where an enquiry is and who has it. */
export interface EnquiryState {
  id: number;
  folder: InboxFolder;
  status: EnquiryStatus;
  assignee_id: number | null;
}

export async function findEnquiryState(db: Db, kind: MessageKind, id: number): Promise<EnquiryState | undefined> {
  const row = await db
    .selectFrom(tableOf(kind))
    .select(['id', 'folder', 'status', 'assignee_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: Number(row.id),
    folder: row.folder,
    status: row.status,
    assignee_id: row.assignee_id === null ? null : Number(row.assignee_id),
  };
}

export async function setStatus(db: Db, kind: MessageKind, id: number, status: EnquiryStatus): Promise<void> {
  await db.updateTable(tableOf(kind)).set({ status }).where('id', '=', id).execute();
}

export async function setAssignee(db: Db, kind: MessageKind, id: number, assigneeId: number | null): Promise<void> {
  await db.updateTable(tableOf(kind)).set({ assignee_id: assigneeId }).where('id', '=', id).execute();
}

/**
 * Moves an enquiry into a folder when it is in one of `from`; false when it is not there (or does not exist), so a
 * repeated or concurrent move changes nothing twice.
 */
export async function moveToFolder(
  db: Db,
  kind: MessageKind,
  id: number,
  move: { from: readonly InboxFolder[]; to: InboxFolder; trashedAt: EpochMs | null },
): Promise<boolean> {
  const result = await db
    .updateTable(tableOf(kind))
    .set({ folder: move.to, trashed_at: move.trashedAt })
    .where('id', '=', id)
    .where('folder', 'in', [...move.from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertEvent(
  db: Db,
  event: {
    kind: MessageKind;
    enquiryId: number;
    actorId: number | null;
    action: HistoryAction;
    from?: string | null;
    to?: string | null;
    createdAt: EpochMs;
  },
): Promise<void> {
  await db
    .insertInto('enquiry_events')
    .values({
      kind: event.kind,
      enquiry_id: event.enquiryId,
      actor_id: event.actorId,
      action: event.action,
      from_value: event.from ?? null,
      to_value: event.to ?? null,
      created_at: event.createdAt,
    })
    .execute();
}

export async function markRead(db: Db, kind: MessageKind, id: number, userId: number, now: EpochMs): Promise<void> {
  // Deleted first so marking twice is not a duplicate key, on either database.
  await markUnread(db, kind, id, userId);
  await db.insertInto('enquiry_reads').values({ kind, enquiry_id: id, user_id: userId, read_at: now }).execute();
}

export async function markUnread(db: Db, kind: MessageKind, id: number, userId: number): Promise<void> {
  await db
    .deleteFrom('enquiry_reads')
    .where('kind', '=', kind)
    .where('enquiry_id', '=', id)
    .where('user_id', '=', userId)
    .execute();
}

export async function isReadBy(db: Db, kind: MessageKind, id: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('enquiry_reads')
    .select('user_id')
    .where('kind', '=', kind)
    .where('enquiry_id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertNote(
  db: Db,
  note: { kind: MessageKind; enquiryId: number; authorId: number; body: string; createdAt: EpochMs },
): Promise<number> {
  const result = await db
    .insertInto('enquiry_notes')
    .values({
      kind: note.kind,
      enquiry_id: note.enquiryId,
      author_id: note.authorId,
      body: note.body,
      created_at: note.createdAt,
    })
    .executeTakeFirstOrThrow();
  return Number(result.insertId);
}

export interface NoteRow {
  id: number;
  body: string;
  author_id: number | null;
  /** The author's e-mail, or null when the account is gone. */
  author_email: string | null;
  created_at: EpochMs;
}

/** An enquiry's notes, newest first, with their authors' e-mail addresses. */
export async function listNotes(db: Db, kind: MessageKind, id: number): Promise<NoteRow[]> {
  const rows = await db
    .selectFrom('enquiry_notes')
    .leftJoin('users', 'users.id', 'enquiry_notes.author_id')
    .select([
      'enquiry_notes.id',
      'enquiry_notes.body',
      'enquiry_notes.author_id',
      'users.email as author_email',
      'enquiry_notes.created_at',
    ])
    .where('enquiry_notes.kind', '=', kind)
    .where('enquiry_notes.enquiry_id', '=', id)
    .orderBy('enquiry_notes.created_at', 'desc')
    .orderBy('enquiry_notes.id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    body: row.body,
    author_id: row.author_id === null ? null : Number(row.author_id),
    author_email: row.author_email,
    created_at: Number(row.created_at),
  }));
}

/** The notes of several enquiries of a kind, oldest first, for the export (one query per batch of enquiries). */
export async function listNotesOn(
  db: Db,
  kind: MessageKind,
  enquiryIds: number[],
): Promise<Array<NoteRow & { enquiry_id: number }>> {
  if (enquiryIds.length === 0) return [];
  const rows = await db
    .selectFrom('enquiry_notes')
    .leftJoin('users', 'users.id', 'enquiry_notes.author_id')
    .select([
      'enquiry_notes.id',
      'enquiry_notes.enquiry_id',
      'enquiry_notes.body',
      'enquiry_notes.author_id',
      'users.email as author_email',
      'enquiry_notes.created_at',
    ])
    .where('enquiry_notes.kind', '=', kind)
    .where('enquiry_notes.enquiry_id', 'in', enquiryIds)
    .orderBy('enquiry_notes.created_at')
    .orderBy('enquiry_notes.id')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    enquiry_id: Number(row.enquiry_id),
    body: row.body,
    author_id: row.author_id === null ? null : Number(row.author_id),
    author_email: row.author_email,
    created_at: Number(row.created_at),
  }));
}

export interface EventRow {
  id: number;
  action: HistoryAction;
  from_value: string | null;
  to_value: string | null;
  actor_id: number | null;
  actor_email: string | null;
  created_at: EpochMs;
}

/** An enquiry's history, newest first, with the e-mail addresses of who did what. */
export async function listEvents(db: Db, kind: MessageKind, id: number): Promise<EventRow[]> {
  const rows = await db
    .selectFrom('enquiry_events')
    .leftJoin('users', 'users.id', 'enquiry_events.actor_id')
    .select([
      'enquiry_events.id',
      'enquiry_events.action',
      'enquiry_events.from_value',
      'enquiry_events.to_value',
      'enquiry_events.actor_id',
      'users.email as actor_email',
      'enquiry_events.created_at',
    ])
    .where('enquiry_events.kind', '=', kind)
    .where('enquiry_events.enquiry_id', '=', id)
    .orderBy('enquiry_events.created_at', 'desc')
    .orderBy('enquiry_events.id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    action: row.action,
    from_value: row.from_value,
    to_value: row.to_value,
    actor_id: row.actor_id === null ? null : Number(row.actor_id),
    actor_email: row.actor_email,
    created_at: Number(row.created_at),
  }));
}

/** The e-mail addresses of some accounts, by id; ids without an account are left out. */
export async function emailsOf(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'email']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [Number(row.id), row.email]));
}

/** Deletes enquiries for good, with their reads, notes and history. */
export async function deleteEnquiries(db: Db, kind: MessageKind, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  for (const table of ['enquiry_reads', 'enquiry_notes', 'enquiry_events'] as const) {
    await db.deleteFrom(table).where('kind', '=', kind).where('enquiry_id', 'in', ids).execute();
  }
  await db.deleteFrom(tableOf(kind)).where('id', 'in', ids).execute();
}

/** The enquiries of one kind an account has, in any folder. */
export async function listAssignedIds(db: Db, kind: MessageKind, assigneeId: number): Promise<number[]> {
  const rows = await db.selectFrom(tableOf(kind)).select('id').where('assignee_id', '=', assigneeId).execute();
  return rows.map((row) => Number(row.id));
}
