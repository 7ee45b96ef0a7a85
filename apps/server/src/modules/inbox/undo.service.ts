import { randomBytes } from 'node:crypto';
import { UNDO_LIMITS, UNDO_MESSAGES, type UndoAnswer, type UndoTicket } from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import type { EpochMs } from '../../lib/database-schema';
import { withConflictRetry } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { actorOf, recordUndone } from '../audit/audit.service';
import { insertEvent, type Db } from './inbox.repository';
import * as repository from './undo.repository';
import type { UndoItem } from './undo.repository';

/**
 * Keeps what an action changed so it can be undone (docs/decisions/0044), in the action's own transaction; answers
 * the ticket, or null when the action changed nothing. Records whose time passed are removed on the way.
 */
export async function recordUndo(
  db: Db,
  undo: { actorId: number; auditId: number | null; at: EpochMs; items: UndoItem[] },
): Promise<UndoTicket | null> {
  await repository.deleteUndosBefore(db, undo.at);
  if (undo.items.length === 0) return null;
  const token = randomBytes(16).toString('base64url');
  const expiresAt = undo.at + UNDO_LIMITS.GRACE_MS;
  await repository.insertUndo(db, { ...undo, token, expiresAt });
  return { token, count: undo.items.length, expiresAt: new Date(expiresAt).toISOString() };
}

/**
 * Undoes an action within its time, in one transaction: each enquiry still as the action left it goes back to where
 * it was, with an `undo` entry in its history; one changed since (by anyone) is left as it is and named in the answer.
 * The action's audit entry is marked undone. Only the account that acted may undo (404 for anyone else, as for a
 * token that never was); too late is 410, twice is 409, and 409 when every enquiry was changed since.
 */
export async function undoAction(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  token: string,
  userId: number,
): Promise<UndoAnswer> {
  const now = deps.clock().getTime();
  return withConflictRetry(() =>
    deps.db.transaction().execute(async (db) => {
      const undo = await repository.findUndo(db, token);
      if (!undo || undo.actorId !== userId) throw new AppError(404, UNDO_MESSAGES.NOT_FOUND);
      if (undo.undoneAt !== null) throw new AppError(409, UNDO_MESSAGES.ALREADY_UNDONE);
      if (now > undo.expiresAt) throw new AppError(410, UNDO_MESSAGES.EXPIRED);
      const left: UndoAnswer['left'] = [];
      let restored = 0;
      for (const item of await repository.listUndoItems(db, undo.id)) {
        const unchanged =
          item.now.folder === item.after.folder &&
          item.now.status === item.after.status &&
          item.now.trashedAt === item.after.trashedAt;
        if (!unchanged || !(await repository.restorePlace(db, item.enquiryId, item.after, item.before))) {
          left.push({ kind: item.kind, id: item.enquiryId, reference: item.reference });
          continue;
        }
        restored += 1;
        const event = { enquiryId: item.enquiryId, actorId: userId, action: 'undo' as const, createdAt: now };
        if (item.before.folder !== item.after.folder) {
          await insertEvent(db, { ...event, from: item.after.folder, to: item.before.folder });
        }
        if (item.before.status !== item.after.status) {
          await insertEvent(db, { ...event, from: item.after.status, to: item.before.status });
        }
      }
      if (restored === 0) throw new AppError(409, UNDO_MESSAGES.ALL_CHANGED);
      await repository.markUndoDone(db, undo.id, now);
      if (undo.auditId !== null) {
        await recordUndone(db, { auditId: undo.auditId, actor: await actorOf(db, userId), at: now });
      }
      return { success: true as const, restored, left, message: undoMessage(restored, left) };
    }),
  );
}

/** "Undone: 3 enquiries are back as they were." and, when some were changed since, which ones stayed. */
const enquiries = (n: number) => `${n} ${n === 1 ? 'enquiry' : 'enquiries'}`;

export function undoMessage(restored: number, left: UndoAnswer['left']): string {
  const back = `Undone: ${enquiries(restored)} ${restored === 1 ? 'is' : 'are'} back as before.`;
  if (left.length === 0) return back;
  const references = left.map((enquiry) => enquiry.reference).join(', ');
  return `${back} ${references} changed again since, so ${left.length === 1 ? 'it stays' : 'they stay'} as ${left.length === 1 ? 'it is' : 'they are'}.`;
}
