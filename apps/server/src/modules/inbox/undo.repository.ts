import type { EnquiryStatus, InboxFolder, MessageKind } from '@agency/shared';
import type { EpochMs } from '../../lib/database-schema';
import type { Db } from './inbox.repository';

/** Where an enquiry was and what it had, before or after an action. */
export interface EnquiryPlace {
  folder: InboxFolder;
  status: EnquiryStatus;
  trashedAt: EpochMs | null;
}

export interface UndoItem {
  enquiryId: number;
  before: EnquiryPlace;
  after: EnquiryPlace;
}

/** Stores an undoable action with the state before and after of each enquiry it changed. */
export async function insertUndo(
  db: Db,
  undo: { token: string; actorId: number; auditId: number | null; at: EpochMs; expiresAt: EpochMs; items: UndoItem[] },
): Promise<void> {
  const result = await db
    .insertInto('undo_actions')
    .values({
      token: undo.token,
      actor_id: undo.actorId,
      audit_id: undo.auditId,
      created_at: undo.at,
      expires_at: undo.expiresAt,
    })
    .executeTakeFirstOrThrow();
  const undoId = Number(result.insertId);
  await db
    .insertInto('undo_items')
    .values(
      undo.items.map((item) => ({
        undo_id: undoId,
        enquiry_id: item.enquiryId,
        before_folder: item.before.folder,
        before_status: item.before.status,
        before_trashed_at: item.before.trashedAt,
        after_folder: item.after.folder,
        after_status: item.after.status,
        after_trashed_at: item.after.trashedAt,
      })),
    )
    .execute();
}

/** Undo records whose time has passed a while ago: nobody can use them any more (their items go by foreign key). */
export async function deleteUndosBefore(db: Db, before: EpochMs): Promise<void> {
  await db.deleteFrom('undo_actions').where('expires_at', '<', before).execute();
}

export interface UndoAction {
  id: number;
  actorId: number;
  auditId: number | null;
  expiresAt: EpochMs;
  undoneAt: EpochMs | null;
}

export async function findUndo(db: Db, token: string): Promise<UndoAction | undefined> {
  const row = await db.selectFrom('undo_actions').selectAll().where('token', '=', token).executeTakeFirst();
  if (!row) return undefined;
  return {
    id: Number(row.id),
    actorId: Number(row.actor_id),
    auditId: row.audit_id === null ? null : Number(row.audit_id),
    expiresAt: Number(row.expires_at),
    undoneAt: row.undone_at === null ? null : Number(row.undone_at),
  };
}

/** An item of an action with the enquiry as it is now (items of enquiries deleted since are gone with them). */
export interface UndoItemNow extends UndoItem {
  kind: MessageKind;
  reference: string;
  now: EnquiryPlace;
}

const toMs = (value: EpochMs | string | null) => (value === null ? null : Number(value));

export async function listUndoItems(db: Db, undoId: number): Promise<UndoItemNow[]> {
  const rows = await db
    .selectFrom('undo_items')
    .innerJoin('enquiries', 'enquiries.id', 'undo_items.enquiry_id')
    .select([
      'undo_items.enquiry_id',
      'undo_items.before_folder',
      'undo_items.before_status',
      'undo_items.before_trashed_at',
      'undo_items.after_folder',
      'undo_items.after_status',
      'undo_items.after_trashed_at',
      'enquiries.kind',
      'enquiries.reference',
      'enquiries.folder',
      'enquiries.status',
      'enquiries.trashed_at',
    ])
    .where('undo_items.undo_id', '=', undoId)
    .orderBy('undo_items.enquiry_id')
    .execute();
  return rows.map((row) => ({
    enquiryId: Number(row.enquiry_id),
    kind: row.kind,
    reference: row.reference,
    before: { folder: row.before_folder, status: row.before_status, trashedAt: toMs(row.before_trashed_at) },
    after: { folder: row.after_folder, status: row.after_status, trashedAt: toMs(row.after_trashed_at) },
    now: { folder: row.folder, status: row.status, trashedAt: toMs(row.trashed_at) },
  }));
}

/**
 * Puts an enquiry back where it was, only while it is still as the action left it: false when it changed meanwhile
 * (a colleague's change between the read and this write is kept).
 */
export async function restorePlace(db: Db, enquiryId: number, from: EnquiryPlace, to: EnquiryPlace): Promise<boolean> {
  const result = await db
    .updateTable('enquiries')
    .set({ folder: to.folder, status: to.status, trashed_at: to.trashedAt })
    .where('id', '=', enquiryId)
    .where('folder', '=', from.folder)
    .where('status', '=', from.status)
    .where((eb) => (from.trashedAt === null ? eb('trashed_at', 'is', null) : eb('trashed_at', '=', from.trashedAt)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markUndoDone(db: Db, undoId: number, at: EpochMs): Promise<void> {
  await db.updateTable('undo_actions').set({ undone_at: at }).where('id', '=', undoId).execute();
}

/** Where an enquiry is now, by its id now; undefined when it is gone. */
export async function findPlace(db: Db, enquiryId: number): Promise<EnquiryPlace | undefined> {
  const row = await db
    .selectFrom('enquiries')
    .select(['folder', 'status', 'trashed_at'])
    .where('id', '=', enquiryId)
    .executeTakeFirst();
  return row && { folder: row.folder, status: row.status, trashedAt: toMs(row.trashed_at) };
}
