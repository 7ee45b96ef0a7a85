import {
  AUDIT_ACTION_LABELS,
  MESSAGE_KIND_LABELS,
  MESSAGE_KINDS,
  AUDIT_PAGE_SIZE,
  type AuditAction,
  type AuditEntry,
  type AuditQuery,
} from '@agency/shared';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database, EpochMs } from '../../lib/database-schema';
import { lagosDayOf, lagosDayRange } from '../../lib/clock';
import type { Cell, Sheet, SheetColumn } from '../../lib/spreadsheet';
import { findUserById } from '../auth/auth.service';
import { insertEntry, listEntries, markUndone, type AuditFilter, type AuditRow } from './audit.repository';

/** Who did it: a signed-in account, or the server itself (the daily purge). */
export interface AuditActor {
  id: number | null;
  email: string;
}

export const SERVER_ACTOR: AuditActor = { id: null, email: 'the server' };

export interface AuditRecord {
  action: AuditAction;
  actor: AuditActor;
  /** What it was done to, in words: "contact RD-26-00012", "account amaka@…", "3 enquiries". */
  target: string;
  /** Counts and filters; never a person's message or anything an erasure must remove. */
  detail?: Record<string, unknown>;
  at: EpochMs;
}

/**
 * Appends one entry to the audit log (issue 12, docs/decisions/0022). Pass the transaction of the action itself, so
 * the action and its record are stored together or not at all. Nothing in the product updates or deletes entries.
 */
export async function recordAudit(db: Kysely<Database>, record: AuditRecord): Promise<number> {
  return insertEntry(db, {
    action: record.action,
    actor_id: record.actor.id,
    actor_email: record.actor.email,
    target: record.target.slice(0, 300),
    detail: JSON.stringify(record.detail ?? {}),
    created_at: record.at,
  });
}

/**
 * Marks an entry's action undone, in the undo's transaction (docs/decisions/0044): the entry keeps what was done and
 * says when and by whom it was taken back.
 */
export async function recordUndone(
  db: Kysely<Database>,
  undone: { auditId: number; actor: AuditActor; at: EpochMs },
): Promise<void> {
  await markUndone(db, undone.auditId, { at: undone.at, by: undone.actor.email });
}

/**
 * An enquiry action's target in words: entries written before issue 23 named the kind by its key ("2 web_dev
 * enquiries", "contact RD-26-00012"); it reads as the kind's tab label, as newer entries are written.
 */
function targetOf(row: AuditRow): string {
  if (!row.action.startsWith('enquiry.')) return row.target;
  const match = /^(\d+ )?([a-z_]+)\b/.exec(row.target);
  const kind = MESSAGE_KINDS.find((candidate) => candidate === match?.[2]);
  return kind === undefined
    ? row.target
    : `${match?.[1] ?? ''}${MESSAGE_KIND_LABELS[kind]}${row.target.slice(match?.[0].length)}`;
}

/** The signed-in account as the log names it; read in the action's transaction, so the address is the current one. */
export async function actorOf(db: Kysely<Database>, userId: number): Promise<AuditActor> {
  const user = await findUserById(db, userId);
  return { id: userId, email: user?.email ?? `account ${userId}` };
}

/** Entries read per query while exporting. */
const EXPORT_BATCH = 1000;

function filterOf(query: AuditQuery): AuditFilter {
  return {
    action: query.action,
    actorId: query.actorId,
    ...lagosDayRange(query.from, query.to),
  };
}

function detailOf(text: string): Record<string, unknown> {
  const parsed: unknown = JSON.parse(text);
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : { value: parsed };
}

/**
 * The time and detail of every entry of one action, oldest first: what a restore reads of the erasures a database
 * recorded (docs/decisions/0049).
 */
export async function listAuditDetails(
  db: Kysely<Database>,
  action: AuditAction,
): Promise<Array<{ at: EpochMs; detail: Record<string, unknown> }>> {
  const found: Array<{ at: EpochMs; detail: Record<string, unknown> }> = [];
  let newerThan: number | undefined;
  for (;;) {
    const rows = await listEntries(db, { action }, { newerThan, limit: EXPORT_BATCH, order: 'oldest-first' });
    for (const row of rows) found.push({ at: row.created_at, detail: detailOf(row.detail) });
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_BATCH) return found;
    newerThan = last.id;
  }
}

function entryOf(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    action: row.action,
    actorId: row.actor_id,
    actorEmail: row.actor_email,
    target: targetOf(row),
    detail: detailOf(row.detail),
    createdAt: new Date(row.created_at).toISOString(),
    undoneAt: row.undone_at === null ? null : new Date(row.undone_at).toISOString(),
    undoneBy: row.undone_by,
  };
}

/** Whether an entry of the filter lies beyond an id, up or down the list. */
async function hasEntryBeyond(
  deps: Pick<AppDeps, 'db'>,
  filter: AuditFilter,
  bound: { olderThan: number } | { newerThan: number },
): Promise<boolean> {
  return (await listEntries(deps.db, filter, { ...bound, limit: 1 })).length > 0;
}

/**
 * One page, newest first, paged as the inbox pages (PAGING_DESCRIPTIONS): `after` an id reads further down the list
 * (older entries), `before` an id reads back up it (newer entries, read oldest first from the id, then turned
 * round); `older` and `newer` are the `after` and `before` of the neighbouring pages.
 */
async function readPage(
  deps: Pick<AppDeps, 'db'>,
  filter: AuditFilter,
  query: AuditQuery,
): Promise<{ rows: AuditRow[]; older: number | null; newer: number | null }> {
  const limit = query.limit ?? AUDIT_PAGE_SIZE;
  const backUp = query.before !== undefined;
  const rows = backUp
    ? await listEntries(deps.db, filter, { newerThan: query.before, limit: limit + 1, order: 'oldest-first' })
    : await listEntries(deps.db, filter, { olderThan: query.after, limit: limit + 1 });
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  if (backUp) page.reverse();
  const cursor = query.before ?? query.after;
  // An empty page still has neighbours on either side of its position.
  const top = page[0]?.id ?? cursor;
  const bottom = page.at(-1)?.id ?? cursor;
  let older: number | null = null;
  let newer: number | null = null;
  if (backUp) {
    if (more && top !== undefined) newer = top;
    if (bottom !== undefined && (await hasEntryBeyond(deps, filter, { olderThan: bottom }))) older = bottom;
  } else {
    if (more && bottom !== undefined) older = bottom;
    // The first page has nothing newer by definition; a later one has what came before it.
    if (cursor !== undefined && top !== undefined && (await hasEntryBeyond(deps, filter, { newerThan: top }))) {
      newer = top;
    }
  }
  return { rows: page, older, newer };
}

export async function listAudit(
  deps: Pick<AppDeps, 'db'>,
  query: AuditQuery,
): Promise<{ success: true; entries: AuditEntry[]; older: number | null; newer: number | null }> {
  const { rows, older, newer } = await readPage(deps, filterOf(query), query);
  return { success: true, entries: rows.map(entryOf), older, newer };
}

export const AUDIT_EXPORT_COLUMNS: SheetColumn[] = [
  { header: 'Time', type: 'date' },
  { header: 'Action' },
  { header: 'Who' },
  { header: 'What' },
  { header: 'Details', type: 'long' },
  { header: 'Undone', type: 'date' },
  { header: 'Undone by' },
];

/**
 * The filtered log as a sheet (for the CSV and the workbook alike), a batch at a time, newest first. Exporting is
 * itself recorded, with its filters, before the first row is read: an export that breaks off half way still shows.
 */
export async function exportAudit(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  query: AuditQuery,
  ownerId: number,
): Promise<Sheet> {
  const filter = filterOf(query);
  const filters = Object.fromEntries(
    Object.entries({
      action: query.action,
      actorId: query.actorId,
      from: query.from,
      to: query.to,
      after: query.after,
      before: query.before,
      limit: query.limit,
    }).filter(([, value]) => value !== undefined),
  );
  await deps.db.transaction().execute(async (trx) =>
    recordAudit(trx, {
      action: 'audit.export',
      actor: await actorOf(trx, ownerId),
      target: 'the audit log',
      detail: { filters },
      at: deps.clock().getTime(),
    }),
  );
  // With `limit`, the entries of the page the list shows for the same query; without it, every entry from the
  // position on (`after`: the older ones, `before`: the newer ones, neither: all), newest first.
  async function* batches(): AsyncGenerator<Cell[][]> {
    if (query.limit !== undefined) {
      const { rows } = await readPage(deps, filter, query);
      if (rows.length > 0) yield rows.map(sheetRowOf);
      return;
    }
    let olderThan = query.after;
    for (;;) {
      const rows = await listEntries(deps.db, filter, { olderThan, newerThan: query.before, limit: EXPORT_BATCH });
      if (rows.length > 0) yield rows.map(sheetRowOf);
      const last = rows.at(-1);
      if (!last || rows.length < EXPORT_BATCH) return;
      olderThan = last.id;
    }
  }
  return { name: 'Audit log', columns: AUDIT_EXPORT_COLUMNS, rows: batches() };
}

function sheetRowOf(row: AuditRow): Cell[] {
  return [
    new Date(row.created_at),
    AUDIT_ACTION_LABELS[row.action] ?? row.action,
    row.actor_email,
    targetOf(row),
    row.detail,
    row.undone_at === null ? null : new Date(row.undone_at),
    row.undone_by,
  ];
}

/** The file name a browser saves the export as: `audit-log-2026-11-24.csv`, the day in Lagos. */
export function auditFileNameOf(now: Date, extension: 'csv' | 'xlsx'): string {
  return `audit-log-${lagosDayOf(now)}.${extension}`;
}
