import { AWAITING_ANSWER_STATUSES, type MessageKind } from '@agency/shared';
import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import type { Database, EpochMs } from '../../lib/database-schema';

export type Db = Kysely<Database> | Transaction<Database>;

/** The two mails of an enquiry nobody has answered: the reminder at 75 % of its target, the escalation at breach. */
export type ReminderStep = 'remind' | 'escalate';

/** Each step's due column and the column its claim sets (once). */
const STEP_COLUMNS = {
  remind: { due: 'remind_at', claimed: 'reminded_at' },
  escalate: { due: 'response_due_at', claimed: 'escalated_at' },
} as const satisfies Record<ReminderStep, { due: string; claimed: string }>;

/**
 * Open for response (folder inbox, no first answer, status New or Contacted: a tap is an attempt) and not snoozed at `now`: the enquiries the job may
 * remind anyone of.
 */
function remindable(now: EpochMs) {
  return (eb: ExpressionBuilder<Database, 'enquiries'>) =>
    eb.and([
      eb('folder', '=', 'inbox'),
      eb('first_response_at', 'is', null),
      eb('status', 'in', AWAITING_ANSWER_STATUSES),
      eb('snoozed_until_reply', '=', 0),
      eb.or([eb('snoozed_until', 'is', null), eb('snoozed_until', '<=', now)]),
    ]);
}

export interface DueEnquiry {
  id: number;
  kind: MessageKind;
  reference: string;
  name: string;
  assigneeId: number | null;
  createdAt: EpochMs;
  responseDueAt: EpochMs | null;
  /** The steps due now and not yet claimed. */
  steps: ReminderStep[];
}

/**
 * Up to `limit` remindable enquiries after id `afterId` with a reminder or an escalation due at `now` and not yet
 * queued, in id order.
 */
export async function listDue(db: Db, now: EpochMs, afterId: number, limit: number): Promise<DueEnquiry[]> {
  const rows = await db
    .selectFrom('enquiries')
    .select([
      'id',
      'kind',
      'reference',
      'name',
      'assignee_id',
      'created_at',
      'remind_at',
      'reminded_at',
      'response_due_at',
      'escalated_at',
    ])
    .where(remindable(now))
    .where('id', '>', afterId)
    .where((eb) =>
      eb.or([
        eb.and([eb('reminded_at', 'is', null), eb('remind_at', '<=', now)]),
        eb.and([eb('escalated_at', 'is', null), eb('response_due_at', '<=', now)]),
      ]),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
  // MariaDB hands bigints back as strings.
  const at = (value: EpochMs | null) => (value === null ? null : Number(value));
  return rows.map((row) => {
    const steps: ReminderStep[] = [];
    const remindAt = at(row.remind_at);
    const dueAt = at(row.response_due_at);
    if (row.reminded_at === null && remindAt !== null && remindAt <= now) steps.push('remind');
    if (row.escalated_at === null && dueAt !== null && dueAt <= now) steps.push('escalate');
    return {
      id: Number(row.id),
      kind: row.kind,
      reference: row.reference,
      name: row.name,
      assigneeId: row.assignee_id === null ? null : Number(row.assignee_id),
      createdAt: Number(row.created_at),
      responseDueAt: dueAt,
      steps,
    };
  });
}

/**
 * Takes one step of one enquiry for this caller: sets its claim column from null to `now`, only while the enquiry is
 * still remindable and the step due. True for exactly one caller, however many instances try at once (the database
 * lets one such update change the row; the others find the column set). Run it in the transaction that queues the
 * step's mails, so a claim and its mails are committed together or not at all.
 */
export async function claimStep(trx: Db, enquiryId: number, step: ReminderStep, now: EpochMs): Promise<boolean> {
  const { due, claimed } = STEP_COLUMNS[step];
  const result = await trx
    .updateTable('enquiries')
    .set(claimed === 'reminded_at' ? { reminded_at: now } : { escalated_at: now })
    .where('id', '=', enquiryId)
    .where(claimed, 'is', null)
    .where(due, '<=', now)
    .where(remindable(now))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface SnoozeRow {
  id: number;
  folder: string;
  snoozed_until: EpochMs | null;
  snoozed_until_reply: number;
}

/** An enquiry's snooze, by its id (or its id before 0010, as the inbox finds it). */
export async function findSnooze(db: Db, kind: MessageKind, id: number): Promise<SnoozeRow | undefined> {
  const row = await db
    .selectFrom('enquiries')
    .select(['id', 'folder', 'snoozed_until', 'snoozed_until_reply'])
    .where('kind', '=', kind)
    .where((eb) => eb.or([eb('id', '=', id), eb('legacy_id', '=', id)]))
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: Number(row.id),
    folder: row.folder,
    snoozed_until: row.snoozed_until === null ? null : Number(row.snoozed_until),
    snoozed_until_reply: Number(row.snoozed_until_reply),
  };
}

export async function setSnooze(
  db: Db,
  enquiryId: number,
  snooze: { until: EpochMs | null; untilReply: boolean },
): Promise<void> {
  await db
    .updateTable('enquiries')
    .set({ snoozed_until: snooze.until, snoozed_until_reply: snooze.untilReply ? 1 : 0 })
    .where('id', '=', enquiryId)
    .execute();
}

/** A customer's reply ends a snooze until they write; true when there was one. */
export async function endReplySnooze(db: Db, enquiryId: number): Promise<boolean> {
  const result = await db
    .updateTable('enquiries')
    .set({ snoozed_until_reply: 0 })
    .where('id', '=', enquiryId)
    .where('snoozed_until_reply', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The snooze's change in the enquiry's history: from and to are an ISO time, `reply`, or null for none. */
export async function insertSnoozeEvent(
  db: Db,
  event: { enquiryId: number; actorId: number; from: string | null; to: string | null; at: EpochMs },
): Promise<void> {
  await db
    .insertInto('enquiry_events')
    .values({
      enquiry_id: event.enquiryId,
      actor_id: event.actorId,
      action: 'snooze',
      from_value: event.from,
      to_value: event.to,
      created_at: event.at,
    })
    .execute();
}
