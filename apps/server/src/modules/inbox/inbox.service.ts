import {
  ALL_KINDS,
  FORMER_COLLEAGUE,
  API_MESSAGES,
  INBOX_LIMITS,
  MESSAGE_KIND_LABELS,
  MESSAGE_KINDS,
  STATUS_LABELS,
  listedRowOf,
  statusesOf,
  type BulkActionBody,
  type EnquiryDetail,
  type EnquiryStatus,
  type EnquirySummary,
  type EnquiryUpdate,
  type HistoryAction,
  type InboxArrivals,
  type InboxArrivalsQuery,
  type InboxCounts,
  type InboxFilter,
  type InboxFolder,
  type InboxListQuery,
  type InboxMatches,
  type InboxPage,
  type MessageKind,
  type Note,
  type StaffMember,
  type UndoTicket,
  type AuditAction,
  type ConfirmedChannel,
  RESPONSE_TIMES_MESSAGES,
  enquirySourceOf,
} from '@agency/shared';
import { lagosDayRange } from '../../lib/clock';
import type { AppDeps } from '../../app-deps';
import type { EpochMs } from '../../lib/database-schema';
import { withConflictRetry } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { queueAssignmentMail } from '../assignment-mail/assignment-mail.service';
import { actorOf, recordAudit } from '../audit/audit.service';
import { accountNameOf, findUserById, isStaff, listConfirmedUsers } from '../auth/auth.service';
import type { Cell, Sheet } from '../../lib/spreadsheet';
import {
  recordFirstResponse,
  responseDueOfRow,
  responseFieldsOf,
  startResponseClock,
} from '../response-times/response-times.service';
import { exportColumnsOf, exportRowOf, exportSheetNameOf, type ExportNote } from './inbox-csv';
import * as repository from './inbox.repository';
import type { Direction, Position, ResolvedFilter, SummaryRow } from './inbox.repository';
import { findPlace, type UndoItem } from './undo.repository';
import { recordUndo } from './undo.service';

// An erasure and the retention purge delete enquiries (their notes, reads, history and mails go by foreign key);
// a data request reads their notes and the assignees' addresses.
export { deleteEnquiries, emailsOf, listNotesOn } from './inbox.repository';
// A data request's sheets show enquiries as the inbox's export does.
export { exportColumnsOf, exportRowOf, type ExportNote } from './inbox-csv';

type InboxDeps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/** What the inbox answers when a request names something that is not there or cannot be done. */
export const INBOX_ERRORS = {
  UNKNOWN_KIND: 'There is no such kind of enquiry.',
  NOT_FOUND: API_MESSAGES.MESSAGE_NOT_FOUND,
  BAD_CURSOR: 'This list position is not valid.',
  WRONG_STATUS: 'This status does not apply to this kind of enquiry.',
  NOT_STAFF_ACCOUNT: 'Choose a staff account.',
  NOT_IN_TRASH: 'This enquiry is not in the trash.',
  NOT_IN_SPAM: 'This enquiry is not in the spam folder.',
} as const;

const isoOf = (ms: EpochMs) => new Date(ms).toISOString();

export function kindOf(text: string): MessageKind {
  const kind = MESSAGE_KINDS.find((candidate) => candidate === text);
  if (!kind) throw new AppError(404, INBOX_ERRORS.UNKNOWN_KIND);
  return kind;
}

/** The kind a list names, or undefined for the "All" view (`all`). */
export function viewOf(text: string): MessageKind | undefined {
  return text === ALL_KINDS ? undefined : kindOf(text);
}

function checkStatus(kind: MessageKind | undefined, status: EnquiryStatus | undefined, field = 'status'): void {
  // Every status applies somewhere in the "All" view.
  if (kind !== undefined && status !== undefined && !statusesOf(kind).includes(status)) {
    throw new AppError(400, API_MESSAGES.INVALID_INPUT, { [field]: INBOX_ERRORS.WRONG_STATUS });
  }
}

// ---- cursors ----

/** An opaque list position: base64url of `created_at.id`. */
export function encodeCursor(position: Position): string {
  return Buffer.from(`${position.createdAt}.${position.id}`).toString('base64url');
}

export function decodeCursor(cursor: string, field: string): Position {
  const match = /^(\d{1,15})\.(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw new AppError(400, API_MESSAGES.INVALID_INPUT, { [field]: INBOX_ERRORS.BAD_CURSOR });
  return { createdAt: Number(match[1]), id: Number(match[2]) };
}

const positionOf = (row: SummaryRow): Position => ({ createdAt: row.created_at, id: row.id });

// ---- reading ----

/** A view's filters with `me` and the Lagos days resolved; a status of another kind is refused. */
export function resolveFilter(kind: MessageKind | undefined, filter: InboxFilter, userId: number): ResolvedFilter {
  checkStatus(kind, filter.status);
  const assignee = filter.assignee;
  return {
    kind,
    folder: filter.folder,
    q: filter.q === '' ? undefined : filter.q,
    status: filter.status,
    assigneeId: assignee === undefined ? undefined : assignee === 'me' ? userId : assignee === 'none' ? null : assignee,
    ...lagosDayRange(filter.from, filter.to),
  };
}

function summaryOf(row: SummaryRow, now: EpochMs): EnquirySummary {
  return {
    id: row.id,
    kind: row.kind,
    reference: row.reference,
    createdAt: isoOf(row.created_at),
    name: row.name,
    email: row.email,
    phone: row.phone,
    preview: row.preview,
    status: row.status,
    assigneeId: row.assignee_id,
    read: row.read,
    folder: row.folder,
    spamReason: row.spam_reason,
    trashedAt: row.trashed_at === null ? null : isoOf(row.trashed_at),
    waitingSince: row.waiting_since === null ? null : isoOf(row.waiting_since),
    responseDue: responseDueOfRow(row, now),
    ...snoozeOf(row, now),
  };
}

/** The snooze as a list row and the enquiry show it: a time only while it is ahead (docs/decisions/0039). */
function snoozeOf(
  row: { snoozed_until: EpochMs | string | null; snoozed_until_reply: number | string },
  now: EpochMs,
): Pick<EnquirySummary, 'snoozedUntil' | 'snoozedUntilReply'> {
  const until = row.snoozed_until === null ? null : Number(row.snoozed_until);
  return {
    snoozedUntil: until !== null && until > now ? isoOf(until) : null,
    snoozedUntilReply: Number(row.snoozed_until_reply) === 1,
  };
}

/**
 * One page of a view, newest first. `after` pages towards older enquiries, `before` towards newer ones (read
 * oldest first from the cursor, then turned round); `older` and `newer` are the cursors of the neighbouring pages.
 */
export async function listEnquiries(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  kind: MessageKind | undefined,
  query: InboxListQuery,
  userId: number,
): Promise<InboxPage> {
  const filter = resolveFilter(kind, query, userId);
  const limit = query.limit ?? INBOX_LIMITS.PAGE_SIZE;
  const direction: Direction = query.before !== undefined ? 'newer' : 'older';
  const cursor =
    query.before !== undefined
      ? decodeCursor(query.before, 'before')
      : query.after !== undefined
        ? decodeCursor(query.after, 'after')
        : undefined;
  const rows = await repository.listSummaries(deps.db, filter, {
    userId,
    from: cursor,
    direction,
    limit: limit + 1,
  });
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  if (direction === 'newer') page.reverse();
  const newest = page[0] ? positionOf(page[0]) : cursor;
  const oldest = page.at(-1) ? positionOf(page.at(-1) as SummaryRow) : cursor;

  let older: string | null = null;
  let newer: string | null = null;
  if (direction === 'older') {
    if (more && oldest) older = encodeCursor(oldest);
    // The first page has nothing newer by definition; a later one has what came before it, if still there.
    if (cursor && newest && (await repository.hasRowBeyond(deps.db, filter, newest, 'newer'))) {
      newer = encodeCursor(newest);
    }
  } else {
    if (more && newest) newer = encodeCursor(newest);
    if (oldest && (await repository.hasRowBeyond(deps.db, filter, oldest, 'older'))) {
      older = encodeCursor(oldest);
    }
  }
  const total = await repository.countMatching(deps.db, filter);
  const first = page[0];
  return {
    success: true,
    enquiries: page.map((row) => summaryOf(row, deps.clock().getTime())),
    total,
    older,
    newer,
    newest: first ? encodeCursor(positionOf(first)) : null,
  };
}

/** The poll of an open list (issue 17): how many rows of the view are newer than the newest it shows. */
export async function countArrivals(
  deps: Pick<AppDeps, 'db'>,
  kind: MessageKind | undefined,
  query: InboxArrivalsQuery,
  userId: number,
): Promise<InboxArrivals> {
  const filter = resolveFilter(kind, query, userId);
  const since = query.since === undefined ? undefined : decodeCursor(query.since, 'since');
  return { success: true, count: await repository.countMatching(deps.db, filter, since) };
}

/**
 * A search across the four kinds (issue 17): each kind's count for the same filters, so the dashboard can say how
 * many matches the other tabs hold, from one query grouped by kind. A status that does not apply to a kind is
 * dropped for that kind: those kinds are counted by a second query without it.
 */
export async function countMatches(
  deps: Pick<AppDeps, 'db'>,
  query: InboxFilter,
  userId: number,
): Promise<InboxMatches> {
  const status = query.status;
  const counted = await repository.countMatchingByKind(deps.db, resolveFilter(undefined, query, userId));
  const without =
    status === undefined || MESSAGE_KINDS.every((kind) => statusesOf(kind).includes(status))
      ? undefined
      : await repository.countMatchingByKind(
          deps.db,
          resolveFilter(undefined, { ...query, status: undefined }, userId),
        );
  const matches = Object.fromEntries(
    MESSAGE_KINDS.map((kind) => {
      const applies = status === undefined || statusesOf(kind).includes(status);
      return [kind, (applies ? counted : without)?.get(kind) ?? 0];
    }),
  ) as InboxMatches['matches'];
  return { success: true, matches };
}

export async function countEnquiries(deps: Pick<AppDeps, 'db'>, userId: number): Promise<InboxCounts> {
  const counts = await repository.countFolders(deps.db, userId);
  return { success: true, counts: Object.fromEntries(counts) as InboxCounts['counts'] };
}

/** The staff accounts, for the assignee picker and its filter. */
export async function listStaff(deps: InboxDeps, userId: number): Promise<StaffMember[]> {
  const users = await listConfirmedUsers(deps.db);
  return users
    .filter((user) => isStaff(user, deps.config.adminAllowlist))
    .map((user) => ({ id: user.id, username: accountNameOf(user), email: user.email, me: user.id === userId }));
}

/** The name a colleague is shown by (their display name, issue 23), or a former colleague's once the account is gone. */
const nameOf = (email: string | null, displayName: string | null) =>
  email === null ? FORMER_COLLEAGUE : accountNameOf({ email, display_name: displayName });

/** One enquiry with every field, its notes and its history; reading it does not mark it read. */
export async function getEnquiry(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  kind: MessageKind,
  id: number,
  userId: number,
): Promise<EnquiryDetail> {
  const row = await repository.findEnquiry(deps.db, kind, id);
  if (!row) throw new AppError(404, INBOX_ERRORS.NOT_FOUND);
  const enquiryId = Number(row.id);
  const fields: Record<string, unknown> = listedRowOf(kind, row);
  const answeredBy = row.first_response_by === null ? null : Number(row.first_response_by);
  const [read, notes, events, answerer] = await Promise.all([
    repository.isReadBy(deps.db, enquiryId, userId),
    repository.listNotes(deps.db, enquiryId),
    repository.listEvents(deps.db, enquiryId),
    answeredBy === null ? undefined : findUserById(deps.db, answeredBy),
  ]);
  return {
    id: enquiryId,
    kind,
    reference: row.reference,
    createdAt: isoOf(Number(row.created_at)),
    name: row.name,
    email: row.email,
    phone: row.phone,
    preview: row.preview,
    status: row.status,
    assigneeId: row.assignee_id === null ? null : Number(row.assignee_id),
    read,
    folder: row.folder,
    spamReason: row.spam_reason,
    trashedAt: row.trashed_at === null ? null : isoOf(Number(row.trashed_at)),
    waitingSince: row.waiting_since === null ? null : isoOf(Number(row.waiting_since)),
    humanCheck: row.human_check,
    fields,
    notes: notes.map(noteOf),
    history: events.map((event) => ({
      id: event.id,
      action: event.action,
      from: event.from_value,
      to: event.to_value,
      actorId: event.actor_id,
      actorName: nameOf(event.actor_email, event.actor_display_name),
      createdAt: isoOf(event.created_at),
    })),
    source: enquirySourceOf(row),
    responseDue: responseDueOfRow(row, deps.clock().getTime()),
    ...snoozeOf(row, deps.clock().getTime()),
    ...responseFieldsOf(row, nameOf(answerer?.email ?? null, answerer?.display_name ?? null), deps.clock().getTime()),
  };
}

function noteOf(note: repository.NoteRow): Note {
  return {
    id: note.id,
    body: note.body,
    authorId: note.author_id,
    authorName: nameOf(note.author_email, note.author_display_name),
    createdAt: isoOf(note.created_at),
  };
}

// ---- changing ----

function inTransaction<T>(deps: Pick<AppDeps, 'db'>, run: (db: repository.Db) => Promise<T>): Promise<T> {
  // InnoDB may pick the transaction as a deadlock victim: run it again.
  return withConflictRetry(() => deps.db.transaction().execute(run));
}

async function checkAssignee(deps: InboxDeps, assigneeId: number): Promise<void> {
  const user = await findUserById(deps.db, assigneeId);
  if (!user || !isStaff(user, deps.config.adminAllowlist)) {
    throw new AppError(400, API_MESSAGES.INVALID_INPUT, { assigneeId: INBOX_ERRORS.NOT_STAFF_ACCOUNT });
  }
}

/** Status, assignee, read mark and a one-tap answer, in one transaction, each change in the history. */
export async function updateEnquiry(
  deps: InboxDeps,
  kind: MessageKind,
  id: number,
  update: EnquiryUpdate,
  userId: number,
): Promise<void> {
  checkStatus(kind, update.status);
  if (update.assigneeId !== undefined && update.assigneeId !== null) await checkAssignee(deps, update.assigneeId);
  const now = deps.clock().getTime();
  await inTransaction(deps, async (db) => {
    const state = await repository.findEnquiryState(db, kind, id);
    if (!state) throw new AppError(404, INBOX_ERRORS.NOT_FOUND);
    const enquiryId = state.id;
    const event = (action: HistoryAction, from: string | null, to: string | null) =>
      repository.insertEvent(db, { enquiryId, actorId: userId, action, from, to, createdAt: now });
    let status = state.status;
    if (update.status !== undefined && update.status !== status) {
      await repository.setStatus(db, enquiryId, update.status);
      await event('status', status, update.status);
      status = update.status;
    }
    if (update.assigneeId !== undefined && update.assigneeId !== state.assignee_id) {
      await repository.setAssignee(db, enquiryId, update.assigneeId);
      await event('assignee', idText(state.assignee_id), idText(update.assigneeId));
      // A colleague's assigning it mails the assignee once, through the outbox (docs/decisions/0046).
      await queueAssignmentMail(db, deps, { enquiryId, assigneeId: update.assigneeId, actorId: userId, at: now });
    }
    if (update.read === true) await repository.markRead(db, enquiryId, userId, now);
    if (update.read === false) await repository.markUnread(db, enquiryId, userId);
    if (update.contactedVia !== undefined) {
      await event('contacted', null, update.contactedVia);
      // Answering a new enquiry is the first step of its follow-up.
      if (status === 'new') {
        await repository.setStatus(db, enquiryId, 'contacted');
        await event('status', 'new', 'contacted');
      }
    }
  });
}

/**
 * A staff member confirms they reached the person on WhatsApp or by phone (after a tap, issue 21): the first answer
 * unless one is recorded already, and an entry in the history either way. An enquiry outside the inbox is 409.
 */
export async function confirmFirstResponse(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  kind: MessageKind,
  id: number,
  channel: ConfirmedChannel,
  userId: number,
): Promise<void> {
  const now = deps.clock().getTime();
  await inTransaction(deps, async (db) => {
    const state = await repository.findEnquiryState(db, kind, id);
    if (!state) throw new AppError(404, INBOX_ERRORS.NOT_FOUND);
    if (state.folder !== 'inbox') throw new AppError(409, RESPONSE_TIMES_MESSAGES.NOT_IN_INBOX);
    await recordFirstResponse(db, { enquiryId: state.id, at: now, channel, userId });
    const event = { enquiryId: state.id, actorId: userId, createdAt: now };
    await repository.insertEvent(db, { ...event, action: 'first-response', from: null, to: channel });
    if (state.status === 'new' && statusesOf(kind).includes('contacted')) {
      await repository.setStatus(db, state.id, 'contacted');
      await repository.insertEvent(db, { ...event, action: 'status', from: 'new', to: 'contacted' });
    }
  });
}

const idText = (id: number | null) => (id === null ? null : String(id));

interface Move {
  from: readonly InboxFolder[];
  to: InboxFolder;
  action: HistoryAction;
}

const MOVES = {
  trash: { from: ['inbox', 'spam'], to: 'trash', action: 'trash' },
  restore: { from: ['trash'], to: 'inbox', action: 'restore' },
  'not-spam': { from: ['spam'], to: 'inbox', action: 'not-spam' },
} as const satisfies Record<string, Move>;

type MoveName = keyof typeof MOVES;

/** How the audit log names each move (issue 12, docs/decisions/0022). */
const AUDITED_MOVES: Record<MoveName, AuditAction> = {
  trash: 'enquiry.trash',
  restore: 'enquiry.restore',
  'not-spam': 'enquiry.not-spam',
};

/** What a move did to one enquiry: its reference, and its place before and after for an undo. */
interface Moved {
  reference: string;
  undo: UndoItem;
}

/**
 * Moves one enquiry and records it; what it did when it moved, undefined when it does not exist or is not in a
 * folder it can leave that way.
 */
async function moveEnquiry(
  db: repository.Db,
  kind: MessageKind,
  id: number,
  move: Move,
  actorId: number | null,
  now: EpochMs,
): Promise<Moved | undefined> {
  const state = await repository.findEnquiryState(db, kind, id);
  if (!state) return undefined;
  const before = await findPlace(db, state.id);
  const trashedAt = move.to === 'trash' ? now : null;
  const moved = await repository.moveToFolder(db, state.id, { from: move.from, to: move.to, trashedAt });
  if (!moved || !before) return undefined;
  // Nobody could answer it while it was in spam: its response clock starts now (docs/decisions/0038). A spam enquiry
  // put in the trash and restored comes out of spam the same way.
  const outOfSpam =
    move.action === 'not-spam' || (move.action === 'restore' && (await repository.lastTrashedFromSpam(db, state.id)));
  if (outOfSpam) await startResponseClock(db, { id: state.id, kind, since: now });
  await repository.insertEvent(db, {
    enquiryId: state.id,
    actorId,
    action: move.action,
    from: state.folder,
    to: move.to,
    createdAt: now,
  });
  return {
    reference: state.reference,
    undo: { enquiryId: state.id, before, after: { folder: move.to, status: before.status, trashedAt } },
  };
}

/** How the audit log names enquiries of a kind: "Contact RD-26-00012", "3 Web Development enquiries". */
function auditTargetOf(kind: MessageKind, references: readonly string[]): string {
  const label = MESSAGE_KIND_LABELS[kind];
  return references.length === 1 && references[0] !== undefined
    ? `${label} ${references[0]}`
    : `${references.length} ${label} enquiries`;
}

/**
 * To the trash (the inbox's DELETE and the spec's), back to the inbox, or out of spam. An enquiry that does not
 * exist is 404; one that is not where the move starts is 409 (404 for the trash, as the spec's DELETE answers a
 * missing id).
 */
export async function moveOne(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  kind: MessageKind,
  id: number,
  name: MoveName,
  actorId: number,
): Promise<UndoTicket> {
  const now = deps.clock().getTime();
  const ticket = await inTransaction(deps, async (db) => {
    const moved = await moveEnquiry(db, kind, id, MOVES[name], actorId, now);
    if (moved === undefined) return null;
    const auditId = await recordAudit(db, {
      action: AUDITED_MOVES[name],
      actor: await actorOf(db, actorId),
      target: auditTargetOf(kind, [moved.reference]),
      at: now,
    });
    return recordUndo(db, { actorId, auditId, at: now, items: [moved.undo] });
  });
  if (ticket) return ticket;
  if (name === 'trash' || !(await repository.findEnquiryState(deps.db, kind, id))) {
    throw new AppError(404, INBOX_ERRORS.NOT_FOUND);
  }
  throw new AppError(409, name === 'restore' ? INBOX_ERRORS.NOT_IN_TRASH : INBOX_ERRORS.NOT_IN_SPAM);
}

export async function addNote(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  kind: MessageKind,
  id: number,
  body: string,
  authorId: number,
): Promise<Note> {
  const now = deps.clock().getTime();
  const noteId = await inTransaction(deps, async (db) => {
    const state = await repository.findEnquiryState(db, kind, id);
    if (!state) throw new AppError(404, INBOX_ERRORS.NOT_FOUND);
    const inserted = await repository.insertNote(db, { enquiryId: state.id, authorId, body, createdAt: now });
    await repository.insertEvent(db, { enquiryId: state.id, actorId: authorId, action: 'note', createdAt: now });
    return inserted;
  });
  const author = await findUserById(deps.db, authorId);
  return noteOf({
    id: noteId,
    body,
    author_id: authorId,
    author_email: author?.email ?? null,
    author_display_name: author?.display_name ?? null,
    created_at: now,
  });
}

/**
 * One action on several enquiries in one transaction; those that do not exist, are not in the folder the action
 * starts from, or already have the status, are skipped and not counted. The whole call is one audit entry, with the
 * count and the references of the enquiries it changed, and one undo ticket (docs/decisions/0044).
 */
export async function bulkAction(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  kind: MessageKind,
  bulk: BulkActionBody,
  actorId: number,
): Promise<{ changed: number; undo: UndoTicket | null }> {
  checkStatus(kind, bulk.status);
  const now = deps.clock().getTime();
  const ids = [...new Set(bulk.ids)];
  return inTransaction(deps, async (db) => {
    const changed: Moved[] = [];
    for (const id of ids) {
      const done =
        bulk.action === 'status'
          ? await setStatusOfOne(db, kind, id, bulk.status, { actorId, now })
          : await moveEnquiry(db, kind, id, MOVES[bulk.action], actorId, now);
      if (done !== undefined) changed.push(done);
    }
    if (changed.length === 0) return { changed: 0, undo: null };
    const references = changed.map((done) => done.reference);
    const auditId = await recordAudit(db, {
      action: bulk.action === 'status' ? 'enquiry.status' : AUDITED_MOVES[bulk.action],
      actor: await actorOf(db, actorId),
      target: auditTargetOf(kind, references),
      detail: {
        count: changed.length,
        ...(bulk.status === undefined ? {} : { status: STATUS_LABELS[bulk.status] }),
        references,
      },
      at: now,
    });
    const items = changed.map((done) => done.undo);
    return { changed: changed.length, undo: await recordUndo(db, { actorId, auditId, at: now, items }) };
  });
}

/** A bulk status change of one enquiry in the inbox; undefined when it is elsewhere or has the status already. */
async function setStatusOfOne(
  db: repository.Db,
  kind: MessageKind,
  id: number,
  status: EnquiryStatus | undefined,
  by: { actorId: number; now: EpochMs },
): Promise<Moved | undefined> {
  const state = await repository.findEnquiryState(db, kind, id);
  if (!status || !state || state.folder !== 'inbox' || state.status === status) return undefined;
  const before = await findPlace(db, state.id);
  if (!before) return undefined;
  await repository.setStatus(db, state.id, status);
  await repository.insertEvent(db, {
    enquiryId: state.id,
    actorId: by.actorId,
    action: 'status',
    from: state.status,
    to: status,
    createdAt: by.now,
  });
  return { reference: state.reference, undo: { enquiryId: state.id, before, after: { ...before, status } } };
}

// ---- exporting ----

/** Rows read per query while exporting: a page of a large table at a time, never the whole of it. */
const EXPORT_BATCH = 1000;

/**
 * A view as a sheet (for the CSV and the workbook alike): its columns, and the rows a batch at a time, newest first,
 * read by keyset as the list pages are, each with its notes. The filters are checked before anything is written, so
 * a bad one is still a 400. The export is recorded in the audit log with its filters when it starts: one that breaks
 * off half way has still handed out data.
 */
export async function exportEnquiries(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  kind: MessageKind | undefined,
  filter: InboxFilter,
  userId: number,
): Promise<Sheet> {
  const resolved = resolveFilter(kind, filter, userId);
  // The search text may be a person's name, address or number, which an erasure must be able to remove; the audit
  // log is never changed, so it keeps only that there was a search (docs/decisions/0022).
  const filters = Object.fromEntries(
    Object.entries({ ...filter, q: filter.q ? '(a search)' : undefined }).filter(([, value]) => value !== undefined),
  );
  await deps.db.transaction().execute(async (trx) =>
    recordAudit(trx, {
      action: 'enquiry.export',
      actor: await actorOf(trx, userId),
      target: kind === undefined ? 'Enquiries of every kind' : `${MESSAGE_KIND_LABELS[kind]} enquiries`,
      detail: { filters },
      at: deps.clock().getTime(),
    }),
  );
  async function* batches(): AsyncGenerator<Cell[][]> {
    const users = await listConfirmedUsers(deps.db);
    const names = new Map(users.map((user) => [user.id, accountNameOf(user)]));
    let from: Position | undefined;
    for (;;) {
      const rows = await repository.listFullRows(deps.db, resolved, from, EXPORT_BATCH);
      const notes = new Map<number, ExportNote[]>();
      for (const note of await repository.listNotesOn(
        deps.db,
        rows.map((row) => Number(row.id)),
      )) {
        const list = notes.get(note.enquiry_id) ?? [];
        list.push({
          authorName: nameOf(note.author_email, note.author_display_name),
          createdAt: new Date(note.created_at),
          body: note.body,
        });
        notes.set(note.enquiry_id, list);
      }
      if (rows.length > 0) {
        yield rows.map((row) => exportRowOf(kind, row, { names, notes: notes.get(Number(row.id)) ?? [] }));
      }
      const last = rows.at(-1);
      if (!last || rows.length < EXPORT_BATCH) return;
      from = { createdAt: Number(last.created_at), id: Number(last.id) };
    }
  }
  return { name: exportSheetNameOf(kind), columns: exportColumnsOf(kind), rows: batches() };
}

/**
 * What a removed or refused account held (issues 17 and 23): listed for the owner first, then handed to a colleague or
 * to nobody in the transaction that takes the account's access away.
 */
export { handOverAssignments, listOpenAssigned } from './inbox-handover';
