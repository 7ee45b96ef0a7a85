import { REPLY_MESSAGES, type SavedReply, type SavedReplyInput } from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import type { EpochMs } from '../../lib/database-schema';
import { AppError } from '../../lib/errors';
import { actorOf, recordAudit } from '../audit/audit.service';

type SavedDeps = Pick<AppDeps, 'db' | 'clock'>;

const replyOf = (row: { id: number; title: string; body: string; updated_at: EpochMs }): SavedReply => ({
  id: Number(row.id),
  title: row.title,
  body: row.body,
  updatedAt: new Date(Number(row.updated_at)).toISOString(),
});

/** Every saved reply, in the order they were added (the shipped ones first). */
export async function listSavedReplies(deps: Pick<AppDeps, 'db'>): Promise<SavedReply[]> {
  const rows = await deps.db
    .selectFrom('saved_replies')
    .select(['id', 'title', 'body', 'updated_at'])
    .orderBy('id')
    .execute();
  return rows.map(replyOf);
}

/** An owner adds a saved reply; the audit log records it by title (a template, never a person's words). */
export async function createSavedReply(deps: SavedDeps, input: SavedReplyInput, actorId: number): Promise<SavedReply> {
  const now = deps.clock().getTime();
  const id = await deps.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('saved_replies')
      .values({ title: input.title, body: input.body, created_by: actorId, created_at: now, updated_at: now })
      .executeTakeFirstOrThrow();
    const newId = Number(inserted.insertId);
    await recordAudit(trx, {
      action: 'saved-reply.create',
      actor: await actorOf(trx, actorId),
      target: `saved reply "${input.title}"`,
      detail: { id: newId },
      at: now,
    });
    return newId;
  });
  return replyOf({ id, title: input.title, body: input.body, updated_at: now });
}

export async function updateSavedReply(
  deps: SavedDeps,
  id: number,
  input: SavedReplyInput,
  actorId: number,
): Promise<SavedReply> {
  const now = deps.clock().getTime();
  await deps.db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('saved_replies')
      .set({ title: input.title, body: input.body, updated_at: now })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new AppError(404, REPLY_MESSAGES.SAVED_NOT_FOUND);
    await recordAudit(trx, {
      action: 'saved-reply.change',
      actor: await actorOf(trx, actorId),
      target: `saved reply "${input.title}"`,
      detail: { id },
      at: now,
    });
  });
  return replyOf({ id, title: input.title, body: input.body, updated_at: now });
}

export async function deleteSavedReply(deps: SavedDeps, id: number, actorId: number): Promise<void> {
  const now = deps.clock().getTime();
  await deps.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('saved_replies').select('title').where('id', '=', id).executeTakeFirst();
    if (!row) throw new AppError(404, REPLY_MESSAGES.SAVED_NOT_FOUND);
    await trx.deleteFrom('saved_replies').where('id', '=', id).execute();
    await recordAudit(trx, {
      action: 'saved-reply.delete',
      actor: await actorOf(trx, actorId),
      target: `saved reply "${row.title}"`,
      detail: { id },
      at: now,
    });
  });
}
