import { AUDIT_ACTION_LABELS, type AuditEntry, type AuditQuery } from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { lagosDayOf, lagosDayRange } from '../../lib/clock';
import type { Cell, Sheet, SheetColumn } from '../../lib/spreadsheet';
import { actorOf, recordAudit } from './audit-log';
import { listEntries, type AuditFilter, type AuditRow } from './audit.repository';

export const AUDIT_PAGE_SIZE = 50;
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

function entryOf(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    action: row.action,
    actorId: row.actor_id,
    actorEmail: row.actor_email,
    target: row.target,
    detail: detailOf(row.detail),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** One page, newest first; `older` is the `before` of the next page, null on the last. */
export async function listAudit(
  deps: Pick<AppDeps, 'db'>,
  query: AuditQuery,
): Promise<{ success: true; entries: AuditEntry[]; older: number | null }> {
  const limit = query.limit ?? AUDIT_PAGE_SIZE;
  const rows = await listEntries(deps.db, filterOf(query), { beforeId: query.before, limit: limit + 1 });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { success: true, entries: page.map(entryOf), older: rows.length > limit && last ? last.id : null };
}

export const AUDIT_EXPORT_COLUMNS: SheetColumn[] = [
  { header: 'Time', type: 'date' },
  { header: 'Action' },
  { header: 'Who' },
  { header: 'What' },
  { header: 'Details', type: 'long' },
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
    Object.entries({ action: query.action, actorId: query.actorId, from: query.from, to: query.to }).filter(
      ([, value]) => value !== undefined,
    ),
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
  async function* batches(): AsyncGenerator<Cell[][]> {
    let beforeId = query.before;
    for (;;) {
      const rows = await listEntries(deps.db, filter, { beforeId, limit: EXPORT_BATCH });
      if (rows.length > 0) yield rows.map(sheetRowOf);
      const last = rows.at(-1);
      if (!last || rows.length < EXPORT_BATCH) return;
      beforeId = last.id;
    }
  }
  return { name: 'Audit log', columns: AUDIT_EXPORT_COLUMNS, rows: batches() };
}

function sheetRowOf(row: AuditRow): Cell[] {
  return [
    new Date(row.created_at),
    AUDIT_ACTION_LABELS[row.action] ?? row.action,
    row.actor_email,
    row.target,
    row.detail,
  ];
}

/** The file name a browser saves the export as: `audit-log-2026-11-24.csv`, the day in Lagos. */
export function auditFileNameOf(now: Date, extension: 'csv' | 'xlsx'): string {
  return `audit-log-${lagosDayOf(now)}.${extension}`;
}
