import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/database-schema';
import { isUniqueViolation } from '../../lib/db-errors';
import type { Logger } from '../../lib/logger';
import { startRepeatingJob, type JobTimer, type RepeatingJob } from '../../lib/repeating-job';
import { defaultBackupDir } from '../../lib/paths';
import { BACKUP_FILE_SUFFIX, createBackup } from './backup.service';

const JOB = 'backup';
/** Lagos keeps West Africa Time all year (UTC+1, no daylight saving). */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/**
 * A day's backup missed at its time (every instance down) is taken up to 6 hours later; a server first started in the
 * afternoon does not copy its empty database at once.
 */
const CATCH_UP_MS = 6 * HOUR_MS;

export interface BackupSchedule {
  /** Minutes after Lagos midnight of the daily backup; undefined: no scheduled backup. */
  atMinute: number | undefined;
  keepDaily: number;
  keepWeekly: number;
  dir: string;
}

/**
 * BACKUP_SCHEDULE (`HH:MM` Lagos time, default 02:00; `off`), BACKUP_KEEP (`<daily>,<weekly>`, default 7,4) and
 * BACKUP_DIR, or a reason they cannot be read.
 */
export function readBackupSchedule(env: NodeJS.ProcessEnv, dataDir: string): BackupSchedule | string {
  const schedule = (env.BACKUP_SCHEDULE ?? '').trim() || '02:00';
  let atMinute: number | undefined;
  if (schedule !== 'off') {
    const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(schedule);
    if (!match) return 'BACKUP_SCHEDULE must be a Lagos time of day as HH:MM (e.g. 02:00), or off';
    atMinute = Number(match[1]) * 60 + Number(match[2]);
  }
  const keep = (env.BACKUP_KEEP ?? '').trim() || '7,4';
  const counts = /^(\d{1,3}),(\d{1,3})$/.exec(keep);
  if (!counts || Number(counts[1]) < 1) return 'BACKUP_KEEP must be <daily>,<weekly> (e.g. 7,4), daily at least 1';
  return { atMinute, keepDaily: Number(counts[1]), keepWeekly: Number(counts[2]), dir: defaultBackupDir(dataDir, env) };
}

const lagosDay = (ms: number) => new Date(ms + LAGOS_OFFSET_MS).toISOString().slice(0, 10);

/** Monday of the Lagos week holding `ms`, as YYYY-MM-DD. */
function lagosWeek(ms: number): string {
  const local = new Date(ms + LAGOS_OFFSET_MS);
  const sinceMonday = (local.getUTCDay() + 6) % 7;
  return new Date(local.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** The time in a backup's file name (`backup-2026-11-27T01-00-00-000Z.jsonl.gz`), or undefined for another file. */
function backupTime(name: string): number | undefined {
  const match = /^backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.jsonl\.gz$/.exec(name);
  if (!match) return undefined;
  return Date.parse(`${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z`);
}

/**
 * Keeps the newest backup of each of the last `keepDaily` Lagos days that have one, and the newest of each of the
 * `keepWeekly` weeks before those; removes the other backups in `dir` (files of other names are left alone).
 * Answers the names removed.
 */
export function pruneBackups(dir: string, keep: { daily: number; weekly: number }): string[] {
  if (!existsSync(dir)) return [];
  const backups = readdirSync(dir)
    .filter((name) => name.endsWith(BACKUP_FILE_SUFFIX))
    .flatMap((name) => {
      const at = backupTime(name);
      return at === undefined ? [] : [{ name, at }];
    })
    .sort((a, b) => b.at - a.at);
  const kept = new Set<string>();
  const days = new Set<string>();
  const weeks = new Set<string>();
  let weekly = 0;
  for (const backup of backups) {
    const day = lagosDay(backup.at);
    const week = lagosWeek(backup.at);
    if (days.has(day)) continue;
    if (days.size < keep.daily) {
      days.add(day);
      weeks.add(week);
      kept.add(backup.name);
    } else if (!weeks.has(week) && weekly < keep.weekly) {
      weeks.add(week);
      weekly += 1;
      kept.add(backup.name);
    }
  }
  const removed = backups.filter((backup) => !kept.has(backup.name)).map((backup) => backup.name);
  for (const name of removed) rmSync(path.join(dir, name), { force: true });
  return removed;
}

/** Claims today's backup for this instance: true for exactly one instance a Lagos day (the retention run's way, 0022). */
async function claimDay(db: Kysely<Database>, day: string, instanceId: string, now: number): Promise<boolean> {
  try {
    await db
      .insertInto('scheduled_runs')
      .values({ job: JOB, last_run_on: '', claimed_by: null, claimed_at: null, finished_at: null })
      .execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const result = await db
    .updateTable('scheduled_runs')
    .set({ last_run_on: day, claimed_by: instanceId, claimed_at: now, finished_at: null })
    .where('job', '=', JOB)
    .where('last_run_on', '<>', day)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The daily backup: checked every hour (and at the scheduled minute), taken by one instance a Lagos day within 6 hours
 * after the scheduled time, then the old archives pruned. A failed run gives its day back for the next check.
 */
export function startScheduledBackups(deps: {
  db: Kysely<Database>;
  dataDir: string;
  clock: Clock;
  logger: Logger;
  schedule: BackupSchedule;
  timer?: JobTimer;
}): RepeatingJob | undefined {
  const { db, clock, logger, schedule } = deps;
  if (schedule.atMinute === undefined) return undefined;
  const atMs = schedule.atMinute * 60_000;
  const instanceId = randomUUID();
  const untilNextCheck = (now: number) => {
    const sinceMidnight = (now + LAGOS_OFFSET_MS) % DAY_MS;
    const untilScheduled = (atMs - sinceMidnight + DAY_MS) % DAY_MS || DAY_MS;
    return Math.min(HOUR_MS, untilScheduled);
  };
  let claimedDay: string | undefined;
  return startRepeatingJob(
    async () => {
      const now = clock().getTime();
      const day = lagosDay(now);
      claimedDay = undefined;
      const sinceScheduled = ((now + LAGOS_OFFSET_MS) % DAY_MS) - atMs;
      const due = sinceScheduled >= 0 && sinceScheduled < CATCH_UP_MS;
      if (due && (await claimDay(db, day, instanceId, now))) {
        claimedDay = day;
        const { file, bytes } = await createBackup({ db, dataDir: deps.dataDir, target: schedule.dir, clock });
        await db
          .updateTable('scheduled_runs')
          .set({ finished_at: clock().getTime() })
          .where('job', '=', JOB)
          .where('claimed_by', '=', instanceId)
          .execute();
        const removed = pruneBackups(schedule.dir, { daily: schedule.keepDaily, weekly: schedule.keepWeekly });
        logger.info({ file, bytes, removed }, 'scheduled backup written');
      }
      return untilNextCheck(clock().getTime());
    },
    {
      timer: deps.timer,
      onError: (error) => {
        logger.error({ err: error }, 'the scheduled backup failed; the next check tries again');
        if (claimedDay) {
          void db
            .updateTable('scheduled_runs')
            .set({ last_run_on: '' })
            .where('job', '=', JOB)
            .where('last_run_on', '=', claimedDay)
            .where('claimed_by', '=', instanceId)
            .execute()
            .catch(() => undefined);
        }
        return HOUR_MS;
      },
    },
  );
}
