import { OPEN_ENQUIRY, type OpenEnquiry } from '@agency/shared';
import type { EpochMs } from '../../lib/database-schema';
import * as repository from './inbox.repository';

/**
 * What a colleague being removed still holds (issue 23, docs/decisions/0048): the open enquiries the owner is shown
 * before the removal, oldest first, so the list reads in the order they came in.
 */
export async function listOpenAssigned(db: repository.Db, assigneeId: number): Promise<OpenEnquiry[]> {
  const rows = await db
    .selectFrom('enquiries')
    .select(['id', 'kind', 'reference', 'name', 'status'])
    .where('assignee_id', '=', assigneeId)
    .where('folder', '=', OPEN_ENQUIRY.folder)
    .where('status', 'in', [...OPEN_ENQUIRY.statuses])
    .orderBy('id', 'asc')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind,
    reference: row.reference,
    name: row.name,
    status: row.status,
  }));
}

/**
 * Hands everything an account holds on as it loses the inbox, inside the caller's transaction: its open enquiries to
 * `to` (or nobody), every other one (decided, trashed, spam) to nobody. Each enquiry's history records the change.
 */
export async function handOverAssignments(
  db: repository.Db,
  handover: { assigneeId: number; to: number | null; actorId: number; at: EpochMs },
): Promise<{ reassigned: OpenEnquiry[]; unassigned: number }> {
  const open = handover.to === null ? [] : await listOpenAssigned(db, handover.assigneeId);
  const all = await repository.listAssignedIds(db, handover.assigneeId);
  const openIds = new Set(open.map((enquiry) => enquiry.id));
  for (const id of all) {
    const to = openIds.has(id) ? handover.to : null;
    await repository.setAssignee(db, id, to);
    await repository.insertEvent(db, {
      enquiryId: id,
      actorId: handover.actorId,
      action: 'assignee',
      from: String(handover.assigneeId),
      to: to === null ? null : String(to),
      createdAt: handover.at,
    });
  }
  return { reassigned: open, unassigned: all.length - open.length };
}
