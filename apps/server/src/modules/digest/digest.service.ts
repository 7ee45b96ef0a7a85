import { API_MESSAGES, DIGEST_TIMES, minutesOfTime, PATHS } from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { isUniqueViolation, withConflictRetry } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { isStaff } from '../auth/auth.service';
import {
  isLagosWorkingDayAt,
  lagosMomentOf,
  loadBusinessCalendar,
  type BusinessCalendar,
} from '../calendar/calendar.service';
import { queueMail } from '../outbox/outbox';
import { dayLabelOf, figuresOf, figuresPeriodOf, sectionsOf } from './digest-content';
import { digestMail, type DigestContent, type DigestFigures } from './digest-mail';
import * as repository from './digest.repository';

/**
 * The daily digest (issue 21 item 4, docs/decisions/0040). On a Lagos working day, from 07:30 until 12:00, every check
 * of every instance mails each staff member and owner with the digest on who has no digest for the day yet: the
 * person's digest row and the mail are written in one transaction, and the row's key (person, day) lets one instance
 * only succeed. A digest with no line is not mailed, but its row is written all the same: the day's digest was made.
 */

export type DigestDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'logger' | 'mail'>;

const MINUTE_MS = 60 * 1000;
const DUE_MS = minutesOfTime(DIGEST_TIMES.DUE) * MINUTE_MS;
const LAST_MS = minutesOfTime(DIGEST_TIMES.LAST) * MINUTE_MS;

export interface DigestRun {
  /** The Lagos day, when it was a working day inside the digest's hours. */
  day?: string;
  /** Digests this call mailed, and made empty (nothing to say: no mail). */
  mailed: number;
  empty: number;
}

/** Whether a Lagos time of day is inside the digest's hours: from 07:30 until (not including) 12:00. */
export function isDigestTime(msOfDay: number): boolean {
  return msOfDay >= DUE_MS && msOfDay < LAST_MS;
}

/** The owners' figures of the days since the previous working day (figuresOf), read from the database. */
export async function ownersFiguresOf(
  deps: Pick<DigestDeps, 'db'>,
  calendar: BusinessCalendar,
  today: string,
): Promise<DigestFigures | undefined> {
  const { from, fromMs, untilMs } = figuresPeriodOf(calendar, today);
  return figuresOf(
    { from, today },
    {
      answered: await repository.listFirstAnsweredBetween(deps.db, fromMs, untilMs),
      arrived: await repository.listSourcesOfArrivals(deps.db, fromMs, untilMs),
      won: await repository.listSourcesOfWins(deps.db, fromMs, untilMs),
    },
  );
}

/**
 * One person's digest of the day, claimed and queued in one transaction: `taken` when another instance (or an earlier
 * check) has it already. An empty digest claims the day and queues nothing.
 */
async function claimDigest(
  deps: DigestDeps,
  recipient: { id: number; email: string },
  day: string,
  content: DigestContent,
): Promise<'mailed' | 'empty' | 'taken'> {
  const empty = content.sections.length === 0 && content.figures === undefined;
  try {
    await withConflictRetry(() =>
      deps.db.transaction().execute(async (trx) => {
        const at = deps.clock().getTime();
        await repository.insertDigestRun(trx, { userId: recipient.id, lagosDay: day, at });
        if (empty) return;
        await queueMail(
          trx,
          { ...digestMail(recipient.email, content), purpose: 'digest' },
          {
            now: at,
            from: deps.config.mailFrom,
          },
        );
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
  return empty ? 'empty' : 'mailed';
}

/** One check: on a working day between 07:30 and 12:00 Lagos time, the digests not made yet are made and queued. */
export async function sendDueDigests(deps: DigestDeps): Promise<DigestRun> {
  const now = deps.clock().getTime();
  const { day, msOfDay } = lagosMomentOf(now);
  if (!isDigestTime(msOfDay)) return { mailed: 0, empty: 0 };
  const calendar = await loadBusinessCalendar(deps.db);
  if (!isLagosWorkingDayAt(calendar, now)) return { mailed: 0, empty: 0 };
  const recipients = (await repository.listRecipientsWithoutDigest(deps.db, day)).filter((user) =>
    isStaff(user, deps.config.adminAllowlist),
  );
  if (recipients.length === 0) return { day, mailed: 0, empty: 0 };

  const enquiries = await repository.listWaitingEnquiries(deps.db);
  const figures = recipients.some((user) => user.role === 'owner')
    ? await ownersFiguresOf(deps, calendar, day)
    : undefined;
  const at = { now, today: day, appUrl: deps.config.appUrl };
  const run: DigestRun = { day, mailed: 0, empty: 0 };
  for (const user of recipients) {
    const owner = user.role === 'owner';
    const content: DigestContent = {
      dayLabel: dayLabelOf(day, true),
      sections: sectionsOf({ id: user.id, owner }, enquiries, at),
      figures: owner ? figures : undefined,
      dashboardLink: `${deps.config.appUrl}${PATHS.dashboard}`,
    };
    const outcome = await claimDigest(deps, user, day, content);
    if (outcome === 'mailed') run.mailed += 1;
    if (outcome === 'empty') run.empty += 1;
  }
  if (run.mailed > 0) deps.mail.wake();
  return run;
}

/** How often each instance checks: often enough that the digest leaves within a minute of 07:30. */
export const DIGEST_CHECK_MS = 30 * 1000;

export interface DigestJob {
  /** One check now, after any under way; resolves with what it did (tests drive the job with it). */
  check(): Promise<DigestRun>;
  /** Stops the timer and waits for a check under way. */
  stop(): Promise<void>;
}

/** Checks at once and then every 30 s, on a timer that does not keep the process alive. */
export function startDigestJob(deps: DigestDeps, checkEveryMs = DIGEST_CHECK_MS): DigestJob {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const check = (): Promise<DigestRun> => {
    const next = running.then(() => (stopped ? { mailed: 0, empty: 0 } : sendDueDigests(deps)));
    running = next
      .then((run) => {
        if (run.mailed > 0 || run.empty > 0) deps.logger.info({ ...run }, 'daily digests made');
      })
      .catch((error: unknown) => deps.logger.error({ err: error }, 'the daily digest failed'));
    return next;
  };
  const timer = setInterval(() => void check().catch(() => undefined), checkEveryMs);
  timer.unref();
  void check().catch(() => undefined);
  return {
    check,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/** The signed-in person's setting; staff and owners only (the route's guard). */
export async function digestSettingOf(deps: Pick<DigestDeps, 'db'>, userId: number): Promise<boolean> {
  const enabled = await repository.readDigestEnabled(deps.db, userId);
  if (enabled === undefined) throw new AppError(401, API_MESSAGES.NOT_SIGNED_IN);
  return enabled;
}

export async function saveDigestSetting(
  deps: Pick<DigestDeps, 'db'>,
  userId: number,
  enabled: boolean,
): Promise<boolean> {
  await repository.writeDigestEnabled(deps.db, userId, enabled);
  return digestSettingOf(deps, userId);
}
