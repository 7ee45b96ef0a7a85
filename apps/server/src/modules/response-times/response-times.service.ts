import {
  DEFAULT_RESPONSE_TARGET_MINUTES,
  MESSAGE_KINDS,
  REMINDER_SHARE,
  responseDueOf,
  responseStateOf,
  type EnquiryDetail,
  type FirstResponseChannel,
  type MessageKind,
  type ResponseColumns,
  type ResponseDue,
  type ResponseTargetsAnswer,
  type ResponseTargetsUpdate,
} from '@agency/shared';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database, EpochMs } from '../../lib/database-schema';
import { withConflictRetry } from '../../lib/db-errors';
import { actorOf, recordAudit } from '../audit/audit.service';
import {
  addBusinessMs,
  businessMsBetween,
  loadBusinessCalendar,
  nextOpening,
  type BusinessCalendar,
} from '../calendar/calendar.service';
import * as repository from './response-times.repository';

/**
 * First-response times and targets (issue 21 items 2 and 3, docs/decisions/0038). The due time and the reminder's
 * time are fixed when an enquiry reaches the inbox; the first human answer is recorded once, whichever channel gives
 * it first, with its business time from arrival.
 */

const MINUTE_MS = 60_000;

/** Every kind's target in business minutes: the owners' where set, else the default. */
export async function targetMinutesByKind(db: Kysely<Database>): Promise<Record<MessageKind, number>> {
  const targets = { ...DEFAULT_RESPONSE_TARGET_MINUTES };
  for (const row of await repository.listTargets(db)) targets[row.kind] = row.target_minutes;
  return targets;
}

/**
 * The due time (the target in business time after `since`) and the reminder's (75 % of it, moved to the next opening
 * so nobody is reminded outside business hours).
 */
export function dueTimesOf(
  calendar: BusinessCalendar,
  since: EpochMs,
  targetMinutes: number,
): { dueAt: EpochMs; remindAt: EpochMs } {
  const targetMs = targetMinutes * MINUTE_MS;
  return {
    dueAt: addBusinessMs(calendar, since, targetMs),
    remindAt: nextOpening(calendar, addBusinessMs(calendar, since, Math.round(REMINDER_SHARE * targetMs))),
  };
}

/**
 * Starts an enquiry's response clock inside the caller's transaction: on arrival in the inbox (a form's submission
 * that is not spam, a received mail made an enquiry) or when staff move it out of spam (`since` is then that moment).
 */
export async function startResponseClock(
  db: Kysely<Database>,
  enquiry: { id: number; kind: MessageKind; since: EpochMs },
): Promise<void> {
  const [calendar, targets] = await Promise.all([loadBusinessCalendar(db), targetMinutesByKind(db)]);
  await repository.setDueTimes(db, enquiry.id, dueTimesOf(calendar, enquiry.since, targets[enquiry.kind]));
}

/**
 * Records the first human answer to an enquiry inside the caller's transaction, unless one is recorded already (the
 * first answer wins). Its business time counts from the enquiry's arrival on the calendar of this moment. True when
 * this answer was the first.
 */
export async function recordFirstResponse(
  db: Kysely<Database>,
  answer: { enquiryId: number; at: EpochMs; channel: FirstResponseChannel; userId: number },
): Promise<boolean> {
  const arrival = await repository.arrivalOf(db, answer.enquiryId);
  if (arrival === undefined) return false;
  const calendar = await loadBusinessCalendar(db);
  return repository.recordFirstResponse(db, answer.enquiryId, {
    at: answer.at,
    channel: answer.channel,
    userId: answer.userId,
    businessMs: businessMsBetween(calendar, arrival, answer.at),
  });
}

/** The enquiry columns the answer reads, as stored (MariaDB gives bigints back as strings). */
export interface StoredResponseColumns {
  folder: ResponseColumns['folder'];
  status: string;
  response_due_at: EpochMs | string | null;
  remind_at: EpochMs | string | null;
  first_response_at: EpochMs | string | null;
  first_response_channel: FirstResponseChannel | null;
  first_response_business_ms: number | string | null;
}

const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));

type StateColumns = Pick<
  StoredResponseColumns,
  'folder' | 'status' | 'response_due_at' | 'remind_at' | 'first_response_at'
>;

function columnsOf(row: StateColumns): ResponseColumns {
  return {
    folder: row.folder,
    status: row.status,
    responseDueAt: numberOrNull(row.response_due_at),
    remindAt: numberOrNull(row.remind_at),
    firstResponseAt: numberOrNull(row.first_response_at),
  };
}

/** What the enquiry's answer says of its first response, its due time and its state at `now`. */
export function responseFieldsOf(
  row: StoredResponseColumns,
  byName: string,
  now: EpochMs,
): Pick<EnquiryDetail, 'firstResponse' | 'responseDueAt' | 'responseState'> {
  const columns = columnsOf(row);
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    firstResponse:
      columns.firstResponseAt === null || row.first_response_channel === null
        ? null
        : {
            at: new Date(columns.firstResponseAt).toISOString(),
            channel: row.first_response_channel,
            byName,
            businessMs: Number(row.first_response_business_ms ?? 0),
          },
    responseDueAt: iso(columns.responseDueAt),
    responseState: responseStateOf(columns, now),
  };
}

/** A list row's badge: due soon or overdue, with the due time, or null. */
export function responseDueOfRow(row: StateColumns, now: EpochMs): ResponseDue {
  return responseDueOf(columnsOf(row), now);
}

/** GET's answer: every kind's target, with its default and when an owner last set it. */
export async function responseTargetsAnswer(deps: Pick<AppDeps, 'db'>): Promise<ResponseTargetsAnswer> {
  const rows = new Map((await repository.listTargets(deps.db)).map((row) => [row.kind, row]));
  return {
    success: true,
    targets: MESSAGE_KINDS.map((kind) => {
      const row = rows.get(kind);
      return {
        kind,
        minutes: row?.target_minutes ?? DEFAULT_RESPONSE_TARGET_MINUTES[kind],
        defaultMinutes: DEFAULT_RESPONSE_TARGET_MINUTES[kind],
        updatedAt: row ? new Date(row.updated_at).toISOString() : null,
      };
    }),
  };
}

/**
 * An owner changes targets. In one transaction with its audit entry, the due and reminder times of the kind's
 * enquiries still waiting (open, unanswered, not yet reminded) are computed again from when their clock started;
 * answered, reminded and older enquiries keep theirs.
 */
export async function saveResponseTargets(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  update: ResponseTargetsUpdate,
  userId: number,
): Promise<{ recomputed: number }> {
  return withConflictRetry(() =>
    deps.db.transaction().execute(async (trx) => {
      const at = deps.clock().getTime();
      const before = await targetMinutesByKind(trx);
      const calendar = await loadBusinessCalendar(trx);
      const changes: Record<string, { from: number; to: number }> = {};
      let recomputed = 0;
      for (const kind of MESSAGE_KINDS) {
        const minutes = update.targets[kind];
        if (minutes === undefined) continue;
        await repository.writeTarget(trx, { kind, minutes, userId, at });
        if (minutes === before[kind]) continue;
        changes[kind] = { from: before[kind], to: minutes };
        for (const enquiry of await repository.listRetargetable(trx, kind)) {
          await repository.setDueTimes(trx, enquiry.id, dueTimesOf(calendar, enquiry.since, minutes));
          recomputed += 1;
        }
      }
      await recordAudit(trx, {
        action: 'response-targets.change',
        actor: await actorOf(trx, userId),
        target: 'the first-response targets',
        detail: { minutes: changes, recomputed },
        at,
      });
      return { recomputed };
    }),
  );
}
