import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { RETENTION_DAYS } from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { lagosDayOf } from '../../lib/clock';
import type { EpochMs } from '../../lib/database-schema';
import { withConflictRetry } from '../../lib/db-errors';
import { removeOutboxFiles } from '../../lib/mailer';
import { outboxDir } from '../../lib/paths';
import { recordAudit, SERVER_ACTOR } from '../audit/audit.service';
import { purgeUnmatchedMailsBefore } from '../conversations/conversations.service';
import { deleteEnquiries } from '../inbox/inbox.service';
import { purgeExpiredFormOutcomes } from '../messages/messages.service';
import { deleteMails } from '../outbox/outbox';
import * as repository from './retention.repository';

export const RETENTION_JOB = 'retention-purge';
const DAY_MS = 24 * 60 * 60 * 1000;
/** How often each instance asks whether today's purge has run; the first to ask on a Lagos day runs it. */
const CHECK_EVERY_MS = 60 * 60 * 1000;
/** Rows deleted per transaction, so a first purge of a large backlog never holds long locks. */
const PURGE_BATCH = 500;

export type RetentionDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'logger'>;
/** What a purge needs: the database, and DATA_DIR (the outbox folder's copies) and RETENTION_DAYS. */
type PurgeDeps = Pick<AppDeps, 'db'> & { config: Pick<AppDeps['config'], 'dataDir' | 'retentionDays'> };

/**
 * What one run removed: enquiries past RETENTION_DAYS (their conversations' mails with them), trash and spam past 30
 * days, mail records past 90, unmatched received mails past 30, form posts' outcomes past their half hour.
 */
export interface PurgeCounts {
  enquiries: number;
  trash: number;
  spam: number;
  mails: number;
  /** Received mails that matched no enquiry and were not filed within 30 days (issue 20). */
  unmatched: number;
  /** Form posts' outcomes whose half hour is over, with the values typed in them (docs/decisions/0045). */
  formOutcomes: number;
}

export type PurgeRun = { ran: false } | { ran: true; day: string; counts: PurgeCounts };

type ListIds = typeof repository.listArrivedBefore;

/**
 * Deletes, batch by batch, the enquiries of every kind a listing finds; the database deletes their notes, history,
 * reads and mail records with them.
 */
async function purgeEnquiries(deps: PurgeDeps, list: ListIds, cutoff: EpochMs): Promise<number> {
  let purged = 0;
  for (;;) {
    const deleted = await withConflictRetry(() =>
      deps.db.transaction().execute(async (trx) => {
        const ids = await list(trx, cutoff, PURGE_BATCH);
        await deleteEnquiries(trx, ids);
        return ids.length;
      }),
    );
    purged += deleted;
    if (deleted < PURGE_BATCH) return purged;
  }
}

async function purgeMails(deps: PurgeDeps, cutoff: EpochMs): Promise<number> {
  let purged = 0;
  for (;;) {
    const mails = await withConflictRetry(() =>
      deps.db.transaction().execute(async (trx) => {
        const expired = await repository.listExpiredMails(trx, cutoff, PURGE_BATCH);
        await deleteMails(
          trx,
          expired.map((mail) => mail.id),
        );
        return expired;
      }),
    );
    // The outbox folder's copies (mail without SMTP) go with their records.
    await removeOutboxFiles(
      outboxDir(deps.config.dataDir),
      mails.map((mail) => mail.messageId),
    );
    purged += mails.length;
    if (mails.length < PURGE_BATCH) return purged;
  }
}

/** Everything past its retention at `now`, deleted. */
async function purgeExpired(deps: PurgeDeps, now: EpochMs): Promise<PurgeCounts> {
  return {
    enquiries: await purgeEnquiries(deps, repository.listArrivedBefore, now - deps.config.retentionDays * DAY_MS),
    trash: await purgeEnquiries(deps, repository.listTrashedBefore, now - RETENTION_DAYS.TRASH_AND_SPAM * DAY_MS),
    spam: await purgeEnquiries(deps, repository.listSpamBefore, now - RETENTION_DAYS.TRASH_AND_SPAM * DAY_MS),
    mails: await purgeMails(deps, now - RETENTION_DAYS.SENT_MAIL * DAY_MS),
    unmatched: await purgeUnmatchedMailsBefore(deps.db, now - RETENTION_DAYS.TRASH_AND_SPAM * DAY_MS, PURGE_BATCH),
    formOutcomes: await purgeExpiredFormOutcomes(deps.db, now),
  };
}

const totalOf = (counts: PurgeCounts) => Object.values(counts).reduce((sum, count) => sum + count, 0);

/**
 * The purge run once after a restore, before the server starts (docs/decisions/0049): what expired since the backup
 * was taken goes again at once, not at the next daily run. It claims no day, so the daily run still runs, and it is
 * recorded in the audit log like the daily one.
 */
export async function purgeAfterRestore(deps: PurgeDeps & Pick<AppDeps, 'clock'>): Promise<PurgeCounts> {
  const counts = await purgeExpired(deps, deps.clock().getTime());
  const total = totalOf(counts);
  await recordAudit(deps.db, {
    action: 'retention.purge',
    actor: SERVER_ACTOR,
    target: `${total} record${total === 1 ? '' : 's'}`,
    detail: { afterRestore: true, ...counts, retentionDays: deps.config.retentionDays },
    at: deps.clock().getTime(),
  });
  return counts;
}

/**
 * The daily retention purge (issue 12, docs/decisions/0022): runs when this call claims today's Lagos day for the
 * job, so however many instances check, and however often, it runs once a day. Deletes enquiries older than
 * RETENTION_DAYS in any folder, trash older than 30 days (counted from when it went there), spam older than 30 days
 * and mail records sent or given up on more than 90 days ago, then records one audit entry with the counts. A run
 * that fails gives the day back, so the next check tries again.
 */
export async function runDailyPurge(deps: RetentionDeps, instanceId: string): Promise<PurgeRun> {
  const now = deps.clock().getTime();
  const day = lagosDayOf(new Date(now));
  if (!(await repository.claimDay(deps.db, { job: RETENTION_JOB, day, instanceId, now }))) return { ran: false };
  try {
    const counts = await purgeExpired(deps, now);
    const total = totalOf(counts);
    await deps.db.transaction().execute(async (trx) => {
      await recordAudit(trx, {
        action: 'retention.purge',
        actor: SERVER_ACTOR,
        target: `${total} record${total === 1 ? '' : 's'}`,
        detail: { day, ...counts, retentionDays: deps.config.retentionDays },
        at: deps.clock().getTime(),
      });
      await repository.markRunFinished(trx, RETENTION_JOB, instanceId, deps.clock().getTime());
    });
    return { ran: true, day, counts };
  } catch (error) {
    await repository.releaseDay(deps.db, RETENTION_JOB, day, instanceId);
    throw error;
  }
}

export interface DailyPurge {
  /** Stops the timer and waits for a run under way. */
  stop(): Promise<void>;
}

/** Checks at once and then every hour, on a timer that does not keep the process alive. */
export function startDailyPurge(deps: RetentionDeps, instanceId = `${randomUUID()}@${hostname()}`.slice(0, 64)) {
  let running: Promise<void> = Promise.resolve();
  const check = () => {
    running = running
      .then(() => runDailyPurge(deps, instanceId))
      .then((run) => {
        if (run.ran) deps.logger.info({ day: run.day, ...run.counts }, 'expired data purged');
      })
      .catch((error: unknown) => deps.logger.error({ err: error }, 'the daily retention purge failed'));
  };
  check();
  const timer = setInterval(check, CHECK_EVERY_MS);
  timer.unref();
  const purge: DailyPurge = {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
  return purge;
}
