import { AWAITING_ANSWER_STATUSES, type FirstResponseChannel, type MessageKind } from '@agency/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database, EpochMs } from '../../lib/database-schema';
import { isUniqueViolation } from '../../lib/db-errors';

type Db = Kysely<Database> | Transaction<Database>;

export interface TargetRow {
  kind: MessageKind;
  target_minutes: number;
  updated_at: EpochMs;
}

/** The targets owners set; a kind without a row has the default. */
export async function listTargets(db: Db): Promise<TargetRow[]> {
  const rows = await db.selectFrom('response_targets').select(['kind', 'target_minutes', 'updated_at']).execute();
  return rows.map((row) => ({
    kind: row.kind,
    target_minutes: Number(row.target_minutes),
    updated_at: Number(row.updated_at),
  }));
}

/** Sets one kind's target: an update, or the first insert. */
export async function writeTarget(
  db: Db,
  target: { kind: MessageKind; minutes: number; userId: number; at: EpochMs },
): Promise<void> {
  const values = { target_minutes: target.minutes, updated_by: target.userId, updated_at: target.at };
  const updated = await db
    .updateTable('response_targets')
    .set(values)
    .where('kind', '=', target.kind)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  try {
    await db
      .insertInto('response_targets')
      .values({ kind: target.kind, ...values })
      .execute();
  } catch (error) {
    // Another owner's first save of this kind came in between: this later one replaces it.
    if (!isUniqueViolation(error)) throw error;
    await db.updateTable('response_targets').set(values).where('kind', '=', target.kind).execute();
  }
}

/** Sets an enquiry's due and reminder times (on arrival in the inbox, or when its target changes). */
export async function setDueTimes(db: Db, id: number, due: { dueAt: EpochMs; remindAt: EpochMs }): Promise<void> {
  await db
    .updateTable('enquiries')
    .set({ response_due_at: due.dueAt, remind_at: due.remindAt })
    .where('id', '=', id)
    .execute();
}

/**
 * Records the first answer unless one is recorded already: a conditional update, so of two answers given at once the
 * first committed wins and the other changes nothing. True when this one was recorded.
 */
export async function recordFirstResponse(
  db: Db,
  id: number,
  answer: { at: EpochMs; channel: FirstResponseChannel; userId: number; businessMs: number },
): Promise<boolean> {
  const updated = await db
    .updateTable('enquiries')
    .set({
      first_response_at: answer.at,
      first_response_channel: answer.channel,
      first_response_by: answer.userId,
      first_response_business_ms: answer.businessMs,
    })
    .where('id', '=', id)
    .where('first_response_at', 'is', null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** When an enquiry arrived (its created_at), by its id now. */
export async function arrivalOf(db: Db, id: number): Promise<EpochMs | undefined> {
  const row = await db.selectFrom('enquiries').select('created_at').where('id', '=', id).executeTakeFirst();
  return row === undefined ? undefined : Number(row.created_at);
}

/**
 * The enquiries of a kind whose due time a new target moves: in the inbox, unanswered, New, with a due time, not yet
 * reminded; each with the moment its clock started (the last move out of spam, or its arrival). A move out of spam is
 * a not-spam move, or a restore whose enquiry's last move to the trash before it was from spam.
 */
export async function listRetargetable(db: Db, kind: MessageKind): Promise<Array<{ id: number; since: EpochMs }>> {
  const rows = await db
    .selectFrom('enquiries')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('enquiry_events as move')
          .select(['move.enquiry_id', (inner) => inner.fn.max('move.created_at').as('moved_at')])
          .where((inner) =>
            inner.or([
              inner('move.action', '=', 'not-spam'),
              inner.and([
                inner('move.action', '=', 'restore'),
                inner(
                  inner
                    .selectFrom('enquiry_events as trashed')
                    .select('trashed.from_value')
                    .whereRef('trashed.enquiry_id', '=', 'move.enquiry_id')
                    .where('trashed.action', '=', 'trash')
                    .whereRef('trashed.created_at', '<=', 'move.created_at')
                    .orderBy('trashed.created_at', 'desc')
                    .orderBy('trashed.id', 'desc')
                    .limit(1),
                  '=',
                  'spam',
                ),
              ]),
            ]),
          )
          .groupBy('move.enquiry_id')
          .as('moves'),
      (join) => join.onRef('moves.enquiry_id', '=', 'enquiries.id'),
    )
    .select(['enquiries.id', 'enquiries.created_at', 'moves.moved_at'])
    .where('enquiries.kind', '=', kind)
    .where('enquiries.folder', '=', 'inbox')
    .where('enquiries.status', 'in', AWAITING_ANSWER_STATUSES)
    .where('enquiries.first_response_at', 'is', null)
    .where('enquiries.reminded_at', 'is', null)
    .where('enquiries.response_due_at', 'is not', null)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    since: row.moved_at === null || row.moved_at === undefined ? Number(row.created_at) : Number(row.moved_at),
  }));
}
