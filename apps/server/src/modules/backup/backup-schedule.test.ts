import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger';
import type { JobTimer } from '../../lib/repeating-job';
import { createTestContext, type TestContext } from '../../test/test-context';
import { readArchive } from './backup-archive';
import { pruneBackups, readBackupSchedule, startScheduledBackups } from './backup-schedule';
import { backupFileName } from './backup.service';

const DAY = 24 * 60 * 60 * 1000;
/** A timer whose next run never comes: each job runs its first check only. */
const NEVER_AGAIN: JobTimer = { after: () => () => {} };

let context: TestContext;
let work: string;

beforeAll(async () => {
  context = await createTestContext();
  work = mkdtempSync(path.join(tmpdir(), 'rd-backup-schedule-'));
});

afterAll(async () => {
  await context?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('BACKUP_SCHEDULE and BACKUP_KEEP', () => {
  it('default to 02:00 Lagos time, 7 daily and 4 weekly, in DATA_DIR/backups; off turns the schedule off', () => {
    expect(readBackupSchedule({}, '/data')).toEqual({
      atMinute: 120,
      keepDaily: 7,
      keepWeekly: 4,
      dir: '/data/backups',
    });
    expect(readBackupSchedule({ BACKUP_SCHEDULE: 'off', BACKUP_KEEP: '3,0', BACKUP_DIR: '/b' }, '/data')).toEqual({
      atMinute: undefined,
      keepDaily: 3,
      keepWeekly: 0,
      dir: '/b',
    });
    expect(readBackupSchedule({ BACKUP_SCHEDULE: '2am' }, '/data')).toMatch(/BACKUP_SCHEDULE must be/);
    expect(readBackupSchedule({ BACKUP_KEEP: '0,4' }, '/data')).toMatch(/BACKUP_KEEP must be/);
  });
});

describe('pruning old backups', () => {
  it('keeps the newest of each of the last 7 days and of the 4 weeks before them, and nothing else of its own', () => {
    const dir = path.join(work, 'prune');
    mkdirSync(dir, { recursive: true });
    // 02:00 Lagos (01:00 UTC) every day from Monday 2026-09-28 to Friday 2026-11-27, and a second one the last day.
    const first = Date.parse('2026-09-28T01:00:00.000Z');
    const names: string[] = [];
    for (let day = 0; day <= 60; day += 1) names.push(backupFileName(new Date(first + day * DAY)));
    names.push(backupFileName(new Date(first + 60 * DAY + 3_600_000)));
    for (const name of [...names, 'notes.txt']) writeFileSync(path.join(dir, name), 'x');
    pruneBackups(dir, { daily: 7, weekly: 4 });
    const kept = readdirSync(dir).sort();
    expect(kept).toEqual(
      [
        'notes.txt',
        // The newest of each of the last 7 days (2026-11-21 to 2026-11-27; the 27th's later one).
        ...[21, 22, 23, 24, 25, 26].map((day) => backupFileName(new Date(`2026-11-${day}T01:00:00.000Z`))),
        backupFileName(new Date('2026-11-27T02:00:00.000Z')),
        // The newest of each of the 4 weeks before (Sundays, the last day of their Lagos weeks).
        ...['2026-10-25', '2026-11-01', '2026-11-08', '2026-11-15'].map((day) =>
          backupFileName(new Date(`${day}T01:00:00.000Z`)),
        ),
      ].sort(),
    );
  });
});

describe('the scheduled backup', () => {
  it('is not taken before the scheduled time, then once a Lagos day across two instances, and not hours later', async () => {
    const dir = path.join(work, 'scheduled');
    const schedule = { atMinute: 120, keepDaily: 7, keepWeekly: 4, dir };
    let now = Date.parse('2026-11-27T00:30:00.000Z'); // 01:30 in Lagos
    const instance = () =>
      startScheduledBackups({
        db: context.db,
        dataDir: context.dataDir,
        clock: () => new Date(now),
        logger: createLogger('silent'),
        schedule,
        timer: NEVER_AGAIN,
      })!;
    const early = [instance(), instance()];
    await Promise.all(early.map((job) => job.idle()));
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);

    now = Date.parse('2026-11-27T01:05:00.000Z'); // 02:05 in Lagos
    const due = [instance(), instance()];
    await Promise.all(due.map((job) => job.idle()));
    const written = readdirSync(dir);
    expect(written).toEqual([backupFileName(new Date(now))]);
    await expect(readArchive(path.join(dir, written[0]!))).resolves.toMatchObject({
      createdAt: new Date(now).toISOString(),
    });

    now += 3 * 60 * 60 * 1000; // later the same Lagos day
    const again = instance();
    await again.idle();
    expect(readdirSync(dir)).toEqual(written);
    now = Date.parse('2026-11-28T09:00:00.000Z'); // the next day at 10:00 in Lagos: past the 6 hours of catching up
    const late = instance();
    await late.idle();
    expect(readdirSync(dir)).toEqual(written);
    for (const job of [...early, ...due, again, late]) await job.stop();
  });
});
