import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { AuditAction } from '@agency/shared';
import type { AuditLogTable, Database, EpochMs } from '../../lib/database-schema';

type Db = Kysely<Database> | Transaction<Database>;

export type AuditRow = Selectable<AuditLogTable>;

/** Appends one entry and answers its id; the log is never deleted from, and an entry changes only when undone. */
export async function insertEntry(db: Kysely<Database>, entry: Insertable<AuditLogTable>): Promise<number> {
  const result = await db.insertInto('audit_log').values(entry).executeTakeFirstOrThrow();
  return Number(result.insertId);
}

/** Marks an entry's action undone (docs/decisions/0044), once: a second mark leaves the first. */
export async function markUndone(db: Db, id: number, undone: { at: EpochMs; by: string }): Promise<void> {
  await db
    .updateTable('audit_log')
    .set({ undone_at: undone.at, undone_by: undone.by })
    .where('id', '=', id)
    .where('undone_at', 'is', null)
    .execute();
}

/** An audit query with the Lagos days turned into times. */
export interface AuditFilter {
  action?: AuditAction;
  actorId?: number;
  fromMs?: EpochMs;
  /** The first moment after the last day. */
  untilMs?: EpochMs;
}

/**
 * Entries between two ids (exclusive; either may be absent), newest first by id (the order they were written), or
 * oldest first to read a page back up the list from its lower end.
 */
export async function listEntries(
  db: Db,
  filter: AuditFilter,
  page: { olderThan?: number; newerThan?: number; limit: number; order?: 'newest-first' | 'oldest-first' },
): Promise<AuditRow[]> {
  let query = db.selectFrom('audit_log').selectAll();
  if (filter.action !== undefined) query = query.where('action', '=', filter.action);
  if (filter.actorId !== undefined) query = query.where('actor_id', '=', filter.actorId);
  if (filter.fromMs !== undefined) query = query.where('created_at', '>=', filter.fromMs);
  if (filter.untilMs !== undefined) query = query.where('created_at', '<', filter.untilMs);
  if (page.olderThan !== undefined) query = query.where('id', '<', page.olderThan);
  if (page.newerThan !== undefined) query = query.where('id', '>', page.newerThan);
  const rows = await query
    .orderBy('id', page.order === 'oldest-first' ? 'asc' : 'desc')
    .limit(page.limit)
    .execute();
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    actor_id: row.actor_id === null ? null : Number(row.actor_id),
    created_at: Number(row.created_at),
    undone_at: row.undone_at === null ? null : Number(row.undone_at),
  }));
}
