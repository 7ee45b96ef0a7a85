import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool, type Transaction } from 'kysely';
import {
  isPhoneSearch,
  MESSAGE_KINDS,
  phoneSearchKey,
  searchTextOf,
  type EnquiryStatus,
  type HistoryAction,
  type InboxFolder,
  type MessageKind,
} from '@agency/shared';
import type { Database, EpochMs } from '../../lib/database-schema';
import { likePattern } from '../../lib/sql-like';

export type Db = Kysely<Database> | Transaction<Database>;

/** What the filters of a view come to once `me` and the Lagos days are resolved. */
export interface ResolvedFilter {
  /** One kind's tab, or every kind (the "All" view). */
  kind?: MessageKind;
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

type Where = ExpressionBuilder<Database, 'enquiries'>;

/** The where clause of a view: its kind, its folder and every filter given. */
function matching(filter: ResolvedFilter) {
  return (eb: Where) => {
    const clauses: Array<Expression<SqlBool>> = [eb('enquiries.folder', '=', filter.folder)];
    if (filter.kind !== undefined) clauses.push(eb('enquiries.kind', '=', filter.kind));
    if (filter.status !== undefined) clauses.push(eb('enquiries.status', '=', filter.status));
    if (filter.assigneeId === null) clauses.push(eb('enquiries.assignee_id', 'is', null));
    else if (filter.assigneeId !== undefined) clauses.push(eb('enquiries.assignee_id', '=', filter.assigneeId));
    if (filter.fromMs !== undefined) clauses.push(eb('enquiries.created_at', '>=', filter.fromMs));
    if (filter.untilMs !== undefined) clauses.push(eb('enquiries.created_at', '<', filter.untilMs));
    if (filter.q) {
      const like = (column: 'reference' | 'phone_key' | 'search_text', text: string) =>
        sql<SqlBool>`${eb.ref(`enquiries.${column}`)} like ${likePattern(text)} escape '!'`;
      // Any way of writing a Nigerian number finds the same stored digits (phoneSearchKey on both sides); any
      // other text is compared without accents and case with what the definition marks searched (searchTextOf).
      clauses.push(
        isPhoneSearch(filter.q)
          ? eb.or([like('phone_key', phoneSearchKey(filter.q)), like('reference', filter.q)])
          : like('search_text', searchTextOf(filter.q)),
      );
    }
    return eb.and(clauses);
  };
}

/** Rows strictly beyond a position, in the newest-first order. */
function beyond(position: Position, direction: Direction) {
  const way = direction === 'older' ? '<' : '>';
  // Spelled out rather than as a row comparison, which MariaDB does not turn into an index range.
  return (eb: Where) =>
    eb.or([
      eb('enquiries.created_at', way, position.createdAt),
      eb.and([eb('enquiries.created_at', '=', position.createdAt), eb('enquiries.id', way, position.id)]),
    ]);
}

/** The query of listSummaries, on its own so a test can ask each database how it runs it (EXPLAIN). */
export function summariesQuery(
  db: Db,
  filter: ResolvedFilter,
  page: { userId: number; from?: Position; direction: Direction; limit: number },
) {
  const order = page.direction === 'older' ? 'desc' : 'asc';
  const from = page.from;
  return db
    .selectFrom('enquiries')
    .leftJoin('enquiry_reads', (join) =>
      join.onRef('enquiry_reads.enquiry_id', '=', 'enquiries.id').on('enquiry_reads.user_id', '=', page.userId),
    )
    .select([
      'enquiries.id',
      'enquiries.kind',
      'enquiries.reference',
      'enquiries.created_at',
      'enquiries.name',
      'enquiries.email',
      'enquiries.phone',
      'enquiries.preview',
      'enquiries.status',
      'enquiries.assignee_id',
      'enquiries.folder',
      'enquiries.spam_reason',
      'enquiries.trashed_at',
      'enquiries.waiting_since',
      'enquiries.response_due_at',
      'enquiries.remind_at',
      'enquiries.first_response_at',
      'enquiries.snoozed_until',
      'enquiries.snoozed_until_reply',
      'enquiry_reads.user_id as read_by',
    ])
    .where(matching(filter))
    .$if(from !== undefined, (query) => query.where(beyond(from as Position, page.direction)))
    .orderBy('enquiries.created_at', order)
    .orderBy('enquiries.id', order)
    .limit(page.limit);
}

export interface SummaryRow {
  id: number;
  kind: MessageKind;
  reference: string;
  created_at: EpochMs;
  name: string;
  email: string;
  phone: string;
  preview: string;
  status: EnquiryStatus;
  assignee_id: number | null;
  folder: InboxFolder;
  spam_reason: string | null;
  trashed_at: EpochMs | null;
  waiting_since: EpochMs | null;
  response_due_at: EpochMs | null;
  remind_at: EpochMs | null;
  first_response_at: EpochMs | null;
  snoozed_until: EpochMs | null;
  snoozed_until_reply: number;
  read: boolean;
}

/**
 * Up to `limit` list rows of a view beyond a position (or from the newest), nearest first: newest first towards
 * older rows, oldest first towards newer ones. Reads only the columns a list row shows.
 */
export async function listSummaries(
  db: Db,
  filter: ResolvedFilter,
  page: { userId: number; from?: Position; direction: Direction; limit: number },
): Promise<SummaryRow[]> {
  const rows = await summariesQuery(db, filter, page).execute();
  // MariaDB hands bigints back as strings.
  return rows.map(({ read_by: readBy, ...row }) => ({
    ...row,
    id: Number(row.id),
    created_at: Number(row.created_at),
    assignee_id: row.assignee_id === null ? null : Number(row.assignee_id),
    trashed_at: row.trashed_at === null ? null : Number(row.trashed_at),
    waiting_since: row.waiting_since === null ? null : Number(row.waiting_since),
    response_due_at: row.response_due_at === null ? null : Number(row.response_due_at),
    remind_at: row.remind_at === null ? null : Number(row.remind_at),
    first_response_at: row.first_response_at === null ? null : Number(row.first_response_at),
    snoozed_until: row.snoozed_until === null ? null : Number(row.snoozed_until),
    snoozed_until_reply: Number(row.snoozed_until_reply),
    read: readBy !== null,
  }));
}

/** Whether the view has a row beyond a position. */
export async function hasRowBeyond(
  db: Db,
  filter: ResolvedFilter,
  from: Position,
  direction: Direction,
): Promise<boolean> {
  const row = await db
    .selectFrom('enquiries')
    .select('enquiries.id')
    .where(matching(filter))
    .where(beyond(from, direction))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * How many rows of a view there are, each kind apart (one query), or only those newer than a position (the poll:
 * an index range on (kind, folder, created_at, id)).
 */
export async function countMatchingByKind(
  db: Db,
  filter: ResolvedFilter,
  newerThan?: Position,
): Promise<Map<MessageKind, number>> {
  const rows = await db
    .selectFrom('enquiries')
    .select(['enquiries.kind', (eb) => eb.fn.countAll<number | string>().as('total')])
    .where(matching(filter))
    .$if(newerThan !== undefined, (query) => query.where(beyond(newerThan as Position, 'newer')))
    .groupBy('enquiries.kind')
    .execute();
  return new Map(rows.map((row) => [row.kind, Number(row.total)]));
}

/** The query of countMatching, on its own so a test can ask SQLite whether a search reads only an index. */
export function countQuery(db: Db, filter: ResolvedFilter, newerThan?: Position) {
  return db
    .selectFrom('enquiries')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .where(matching(filter))
    .$if(newerThan !== undefined, (query) => query.where(beyond(newerThan as Position, 'newer')));
}

/** How many rows a view has, or only those newer than a position. */
export async function countMatching(db: Db, filter: ResolvedFilter, newerThan?: Position): Promise<number> {
  const row = await countQuery(db, filter, newerThan).executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Whole stored rows of a view beyond a position, newest first, for the export: it walks the view a batch at a time. */
export async function listFullRows(db: Db, filter: ResolvedFilter, from: Position | undefined, limit: number) {
  return db
    .selectFrom('enquiries')
    .selectAll()
    .where(matching(filter))
    .$if(from !== undefined, (query) => query.where(beyond(from as Position, 'older')))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export interface FolderCountsRow {
  new: number;
  unread: number;
  trash: number;
  spam: number;
}

/**
 * Each kind's new and unread enquiries in the inbox (unread for this user), and what its trash and spam hold: one
 * query over every kind and folder. A kind with nothing stored counts zero everywhere.
 */
export async function countFolders(db: Db, userId: number): Promise<Map<MessageKind, FolderCountsRow>> {
  const rows = await db
    .selectFrom('enquiries')
    .leftJoin('enquiry_reads', (join) =>
      join.onRef('enquiry_reads.enquiry_id', '=', 'enquiries.id').on('enquiry_reads.user_id', '=', userId),
    )
    .select((eb) => [
      'enquiries.kind',
      'enquiries.folder',
      eb.fn.countAll<number | string>().as('total'),
      eb.fn.sum<number | string>(eb.case().when('enquiries.status', '=', 'new').then(1).else(0).end()).as('fresh'),
      eb.fn
        .sum<number | string>(eb.case().when('enquiry_reads.user_id', 'is', null).then(1).else(0).end())
        .as('unread'),
    ])
    .groupBy(['enquiries.kind', 'enquiries.folder'])
    .execute();
  const counts = new Map<MessageKind, FolderCountsRow>(
    MESSAGE_KINDS.map((kind) => [kind, { new: 0, unread: 0, trash: 0, spam: 0 }]),
  );
  for (const row of rows) {
    const kind = counts.get(row.kind);
    if (!kind) continue;
    if (row.folder === 'inbox') {
      kind.new = Number(row.fresh ?? 0);
      kind.unread = Number(row.unread ?? 0);
    } else kind[row.folder] = Number(row.total);
  }
  return counts;
}

/**
 * Every column of one enquiry of a kind, or undefined. `id` is its id, or the id it had in its kind's own table
 * before migration 0010 (links in older mails, older clients' lists); the migration numbered them so the two never
 * name different enquiries of one kind.
 */
export async function findEnquiry(db: Db, kind: MessageKind, id: number) {
  return db
    .selectFrom('enquiries')
    .selectAll()
    .where('kind', '=', kind)
    .where((eb) => eb.or([eb('id', '=', id), eb('legacy_id', '=', id)]))
    .executeTakeFirst();
}

/** Where an enquiry is and who has it. */
export interface EnquiryState {
  id: number;
  reference: string;
  folder: InboxFolder;
  status: EnquiryStatus;
  assignee_id: number | null;
}

/** Where an enquiry of a kind is, by its id or its id before 0010 (as findEnquiry); `id` is its id now. */
export async function findEnquiryState(db: Db, kind: MessageKind, id: number): Promise<EnquiryState | undefined> {
  const row = await db
    .selectFrom('enquiries')
    .select(['id', 'reference', 'folder', 'status', 'assignee_id'])
    .where('kind', '=', kind)
    .where((eb) => eb.or([eb('id', '=', id), eb('legacy_id', '=', id)]))
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: Number(row.id),
    reference: row.reference,
    folder: row.folder,
    status: row.status,
    assignee_id: row.assignee_id === null ? null : Number(row.assignee_id),
  };
}

// From here on, an enquiry is named by its id now (EnquiryState.id).

export async function setStatus(db: Db, id: number, status: EnquiryStatus): Promise<void> {
  await db.updateTable('enquiries').set({ status }).where('id', '=', id).execute();
}

export async function setAssignee(db: Db, id: number, assigneeId: number | null): Promise<void> {
  await db.updateTable('enquiries').set({ assignee_id: assigneeId }).where('id', '=', id).execute();
}

/**
 * Moves an enquiry into a folder when it is in one of `from`; false when it is not there (or does not exist), so a
 * repeated or concurrent move changes nothing twice.
 */
export async function moveToFolder(
  db: Db,
  id: number,
  move: { from: readonly InboxFolder[]; to: InboxFolder; trashedAt: EpochMs | null },
): Promise<boolean> {
  const result = await db
    .updateTable('enquiries')
    .set({ folder: move.to, trashed_at: move.trashedAt })
    .where('id', '=', id)
    .where('folder', 'in', [...move.from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertEvent(
  db: Db,
  event: {
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
      enquiry_id: event.enquiryId,
      actor_id: event.actorId,
      action: event.action,
      from_value: event.from ?? null,
      to_value: event.to ?? null,
      created_at: event.createdAt,
    })
    .execute();
}

/** Whether the enquiry's last move to the trash was out of spam (a restore of it is then the same as "not spam"). */
export async function lastTrashedFromSpam(db: Db, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('enquiry_events')
    .select('from_value')
    .where('enquiry_id', '=', id)
    .where('action', '=', 'trash')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.from_value === 'spam';
}

export async function markRead(db: Db, id: number, userId: number, now: EpochMs): Promise<void> {
  // Deleted first so marking twice is not a duplicate key, on either database.
  await markUnread(db, id, userId);
  await db.insertInto('enquiry_reads').values({ enquiry_id: id, user_id: userId, read_at: now }).execute();
}

export async function markUnread(db: Db, id: number, userId: number): Promise<void> {
  await db.deleteFrom('enquiry_reads').where('enquiry_id', '=', id).where('user_id', '=', userId).execute();
}

export async function isReadBy(db: Db, id: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('enquiry_reads')
    .select('user_id')
    .where('enquiry_id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertNote(
  db: Db,
  note: { enquiryId: number; authorId: number; body: string; createdAt: EpochMs },
): Promise<number> {
  const result = await db
    .insertInto('enquiry_notes')
    .values({
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
  /** The name the author goes by (issue 23); null when they set none. */
  author_display_name: string | null;
  created_at: EpochMs;
}

/** An enquiry's notes, newest first, with their authors' e-mail addresses. */
export async function listNotes(db: Db, id: number): Promise<NoteRow[]> {
  const rows = await db
    .selectFrom('enquiry_notes')
    .leftJoin('users', 'users.id', 'enquiry_notes.author_id')
    .select([
      'enquiry_notes.id',
      'enquiry_notes.body',
      'enquiry_notes.author_id',
      'users.email as author_email',
      'users.display_name as author_display_name',
      'enquiry_notes.created_at',
    ])
    .where('enquiry_notes.enquiry_id', '=', id)
    .orderBy('enquiry_notes.created_at', 'desc')
    .orderBy('enquiry_notes.id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    body: row.body,
    author_id: row.author_id === null ? null : Number(row.author_id),
    author_email: row.author_email,
    author_display_name: row.author_display_name,
    created_at: Number(row.created_at),
  }));
}

/** The notes of several enquiries, oldest first, for the export (one query per batch of enquiries). */
export async function listNotesOn(db: Db, enquiryIds: number[]): Promise<Array<NoteRow & { enquiry_id: number }>> {
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
      'users.display_name as author_display_name',
      'enquiry_notes.created_at',
    ])
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
    author_display_name: row.author_display_name,
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
  actor_display_name: string | null;
  created_at: EpochMs;
}

/** An enquiry's history, newest first, with the e-mail addresses of who did what. */
export async function listEvents(db: Db, id: number): Promise<EventRow[]> {
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
      'users.display_name as actor_display_name',
      'enquiry_events.created_at',
    ])
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
    actor_display_name: row.actor_display_name,
    created_at: Number(row.created_at),
  }));
}

/** The e-mail addresses of some accounts, by id; ids without an account are left out. */
export async function emailsOf(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'email']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [Number(row.id), row.email]));
}

/** Deletes enquiries for good; the database deletes their reads, notes, history and mail records (foreign keys). */
export async function deleteEnquiries(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('enquiries').where('id', 'in', ids).execute();
}

/** The enquiries an account has, of every kind and in any folder. */
export async function listAssignedIds(db: Db, assigneeId: number): Promise<number[]> {
  const rows = await db.selectFrom('enquiries').select('id').where('assignee_id', '=', assigneeId).execute();
  return rows.map((row) => Number(row.id));
}
