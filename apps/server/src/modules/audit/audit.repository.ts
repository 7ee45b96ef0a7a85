import type { Kysely, Selectable, Transaction } from 'kysely';
import type { AuditAction } from '@agency/shared';
import type { AuditLogTable, Database, EpochMs } from '../../lib/database-schema';

type Db = Kysely<Database> | Transaction<Database>;

export type AuditRow = Selectable<AuditLogTable>;

/** An audit query with the Lagos days turned into times. */
export interface AuditFilter {
  action?: AuditAction;
  actorId?: number;
  fromMs?: EpochMs;
  /** The first moment after the last day. */
  untilMs?: EpochMs;
}

/** Entries newest first (by id: the order they were written), older than `beforeId` when given. */
export async function listEntries(
  db: Db,
  filter: AuditFilter,
  page: { beforeId?: number; limit: number },
): Promise<AuditRow[]> {
  let query = db.selectFrom('audit_log').selectAll();
  if (filter.action !== undefined) query = query.where('action', '=', filter.action);
  if (filter.actorId !== undefined) query = query.where('actor_id', '=', filter.actorId);
  if (filter.fromMs !== undefined) query = query.where('created_at', '>=', filter.fromMs);
  if (filter.untilMs !== undefined) query = query.where('created_at', '<', filter.untilMs);
  if (page.beforeId !== undefined) query = query.where('id', '<', page.beforeId);
  const rows = await query.orderBy('id', 'desc').limit(page.limit).execute();
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    actor_id: row.actor_id === null ? null : Number(row.actor_id),
    created_at: Number(row.created_at),
  }));
}
