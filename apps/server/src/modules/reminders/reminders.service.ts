import {
  API_MESSAGES,
  dashboardEnquiryPath,
  MESSAGE_KIND_LABELS,
  SNOOZE_MAX_DAYS,
  SNOOZE_MESSAGES,
  type MessageKind,
  type SnoozeSet,
  type SnoozeState,
} from '@agency/shared';
import type { Kysely, Transaction } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database, EpochMs } from '../../lib/database-schema';
import { withConflictRetry } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { findUserById, isStaff, listConfirmedUsers } from '../auth/auth.service';
import {
  businessMsBetween,
  isOpenAt,
  loadBusinessCalendar,
  nextOpening,
  openingsOn,
  lagosMomentOf,
  type BusinessCalendar,
} from '../calendar/calendar.service';
import { queueMails, type QueuedMail } from '../outbox/outbox';
import { responseEscalationMail, responseReminderMail } from './reminder-mails';
import * as repository from './reminders.repository';
import { startRepeatingJob, type JobTimer, type RepeatingJob } from '../../lib/repeating-job';

/** The longest wait between two ticks of the reminder job (issue 21: within 60 s of the due time, three chances). */
export const REMINDER_TICK_MS = 20_000;
/** Enquiries read per query; a tick reads on while a page comes back full. */
const DUE_BATCH = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

export type ReminderDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'logger' | 'mail'>;

export interface ReminderTick {
  /** Reminders and escalations this tick claimed (each once, whatever other instances do). */
  reminded: number;
  escalated: number;
  /** How long to wait before the next tick. */
  nextInMs: number;
}

/**
 * When the next tick should run: at most `tickMs` away; at the start of the next opening when that is sooner (so a
 * reminder due at night goes at 09:00:00), and just before the current period closes when that is sooner (so one due
 * at 16:59:50 still goes before 17:00, not the next morning).
 */
export function nextTickInMs(calendar: BusinessCalendar, now: EpochMs, tickMs: number): number {
  if (!isOpenAt(calendar, now)) return Math.max(1, Math.min(tickMs, nextOpening(calendar, now) - now));
  const period = openingsOn(calendar, lagosMomentOf(now).day).find(([start, end]) => start <= now && now < end);
  const lastOpenMs = (period?.[1] ?? now + tickMs) - 1;
  return lastOpenMs > now ? Math.min(tickMs, lastOpenMs - now) : tickMs;
}

/** The reminder goes to the assignee while they are staff, else to every staff account. */
async function reminderRecipients(
  trx: Transaction<Database>,
  deps: ReminderDeps,
  assigneeId: number | null,
): Promise<string[]> {
  if (assigneeId !== null) {
    const assignee = await findUserById(trx, assigneeId);
    if (assignee && isStaff(assignee, deps.config.adminAllowlist)) return [assignee.email];
  }
  const users = await listConfirmedUsers(trx);
  return users.filter((user) => isStaff(user, deps.config.adminAllowlist)).map((user) => user.email);
}

/** The escalation goes to the owners (every staff account if, unusually, there is none). */
async function escalationRecipients(trx: Transaction<Database>, deps: ReminderDeps): Promise<string[]> {
  const users = await listConfirmedUsers(trx);
  const owners = users.filter((user) => user.role === 'owner').map((user) => user.email);
  if (owners.length > 0) return owners;
  return users.filter((user) => isStaff(user, deps.config.adminAllowlist)).map((user) => user.email);
}

/**
 * Claims one step of one enquiry and queues its mails in the same transaction: committed together or not at all, so
 * a step is queued exactly once across restarts and instances. False when another caller had it (or it no longer
 * applies: answered, snoozed, moved a moment ago).
 */
async function takeStep(
  deps: ReminderDeps,
  calendar: BusinessCalendar,
  enquiry: repository.DueEnquiry,
  step: repository.ReminderStep,
  now: EpochMs,
): Promise<boolean> {
  return withConflictRetry(() =>
    deps.db.transaction().execute(async (trx) => {
      if (!(await repository.claimStep(trx, enquiry.id, step, now))) return false;
      const recipients =
        step === 'remind'
          ? await reminderRecipients(trx, deps, enquiry.assigneeId)
          : await escalationRecipients(trx, deps);
      const input = {
        kindLabel: MESSAGE_KIND_LABELS[enquiry.kind],
        reference: enquiry.reference,
        enquiryName: enquiry.name,
        waitedMs: businessMsBetween(calendar, enquiry.createdAt, now),
        targetMs: businessMsBetween(calendar, enquiry.createdAt, enquiry.responseDueAt ?? now),
        link: `${deps.config.appUrl}${dashboardEnquiryPath(enquiry.kind, enquiry.id)}`,
      };
      const mails = recipients.map((to): QueuedMail => ({
        ...(step === 'remind' ? responseReminderMail({ ...input, to }) : responseEscalationMail({ ...input, to })),
        purpose: step === 'remind' ? 'response-reminder' : 'response-escalation',
        enquiryId: enquiry.id,
      }));
      await queueMails(trx, mails, { now, from: deps.config.mailFrom });
      return true;
    }),
  );
}

/**
 * One tick of the reminder job (issue 21 item 3, docs/decisions/0039): while the business is open, every remindable
 * enquiry whose reminder (remind_at) or escalation (response_due_at) is due and not yet queued has it claimed and
 * queued. Outside business hours nothing is sent: what fell due then waits for the next opening, as does what a
 * snooze held back past its due time.
 */
export async function runReminderTick(deps: ReminderDeps, tickMs = REMINDER_TICK_MS): Promise<ReminderTick> {
  const now = deps.clock().getTime();
  const calendar = await loadBusinessCalendar(deps.db);
  const tick: ReminderTick = { reminded: 0, escalated: 0, nextInMs: tickMs };
  if (isOpenAt(calendar, now)) {
    let afterId = 0;
    for (;;) {
      const due = await repository.listDue(deps.db, now, afterId, DUE_BATCH);
      for (const enquiry of due) {
        for (const step of enquiry.steps) {
          if (!(await takeStep(deps, calendar, enquiry, step, now))) continue;
          if (step === 'remind') tick.reminded += 1;
          else tick.escalated += 1;
        }
      }
      if (due.length < DUE_BATCH) break;
      afterId = due[due.length - 1]?.id ?? afterId;
    }
    if (tick.reminded + tick.escalated > 0) deps.mail.wake();
  }
  tick.nextInMs = nextTickInMs(calendar, deps.clock().getTime(), tickMs);
  return tick;
}

export type { JobTimer } from '../../lib/repeating-job';
export type ReminderJob = RepeatingJob;

/**
 * Starts the reminder job: a tick at once, then each after the wait the tick asks for (at most `tickMs`). The server
 * and the tests start it this way; a test passes its own timer, as it passes its own clock.
 */
export function startReminderJob(deps: ReminderDeps, options: { tickMs?: number; timer?: JobTimer } = {}): ReminderJob {
  const tickMs = options.tickMs ?? REMINDER_TICK_MS;
  return startRepeatingJob(
    async () => {
      const done = await runReminderTick(deps, tickMs);
      if (done.reminded + done.escalated > 0) {
        deps.logger.info({ reminded: done.reminded, escalated: done.escalated }, 'response reminders queued');
      }
      return done.nextInMs;
    },
    {
      timer: options.timer,
      onError: (error) => {
        deps.logger.error({ err: error }, 'the reminder job failed; the next tick tries again');
        return tickMs;
      },
    },
  );
}

// ---- snooze ----

function stateOf(row: repository.SnoozeRow, now: EpochMs): SnoozeState {
  return {
    snoozedUntil:
      row.snoozed_until !== null && row.snoozed_until > now ? new Date(row.snoozed_until).toISOString() : null,
    snoozedUntilReply: row.snoozed_until_reply === 1,
  };
}

/** How the history keeps a snooze: the time it ends (ISO), `reply`, or null for none. */
function historyValueOf(state: SnoozeState): string | null {
  return state.snoozedUntilReply ? 'reply' : state.snoozedUntil;
}

async function findOrFail(db: repository.Db, kind: MessageKind, id: number): Promise<repository.SnoozeRow> {
  const row = await repository.findSnooze(db, kind, id);
  if (!row) throw new AppError(404, API_MESSAGES.MESSAGE_NOT_FOUND);
  return row;
}

export async function getSnooze(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  kind: MessageKind,
  id: number,
): Promise<SnoozeState> {
  return stateOf(await findOrFail(deps.db, kind, id), deps.clock().getTime());
}

/**
 * Snoozes an enquiry until a time (in the future, within a year) or until the customer writes; null clears it. The
 * change is in the enquiry's history. Only an enquiry in the inbox can be snoozed (409), but any can be cleared.
 */
export async function changeSnooze(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  kind: MessageKind,
  id: number,
  snooze: SnoozeSet | null,
  userId: number,
): Promise<SnoozeState> {
  const now = deps.clock().getTime();
  let until: EpochMs | null = null;
  if (snooze?.until !== undefined) {
    until = Date.parse(snooze.until);
    if (until <= now) throw new AppError(400, API_MESSAGES.INVALID_INPUT, { until: SNOOZE_MESSAGES.IN_THE_PAST });
    if (until > now + SNOOZE_MAX_DAYS * DAY_MS) {
      throw new AppError(400, API_MESSAGES.INVALID_INPUT, { until: SNOOZE_MESSAGES.TOO_FAR });
    }
  }
  return withConflictRetry(() =>
    deps.db.transaction().execute(async (trx) => {
      const row = await findOrFail(trx, kind, id);
      if (snooze !== null && row.folder !== 'inbox') throw new AppError(409, SNOOZE_MESSAGES.NOT_IN_INBOX);
      const before = stateOf(row, now);
      const next = { until, untilReply: snooze?.untilReply === true };
      await repository.setSnooze(trx, row.id, next);
      const after = stateOf({ ...row, snoozed_until: next.until, snoozed_until_reply: next.untilReply ? 1 : 0 }, now);
      if (historyValueOf(before) !== historyValueOf(after)) {
        await repository.insertSnoozeEvent(trx, {
          enquiryId: row.id,
          actorId: userId,
          from: historyValueOf(before),
          to: historyValueOf(after),
          at: now,
        });
      }
      return after;
    }),
  );
}

/**
 * A person's reply ends a snooze until they write (issue 21): called in the transaction that stores the reply, for
 * a person's mail only (an auto-reply or a bounce leaves the snooze as it is).
 */
export async function replyEndsSnooze(trx: Kysely<Database> | Transaction<Database>, enquiryId: number) {
  await repository.endReplySnooze(trx, enquiryId);
}
