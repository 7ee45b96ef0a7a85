import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { DIGEST_PATH, type MessageKind, type SourceClass } from '@agency/shared';
import { seededRandom, type SinkMail } from '@agency/testing';
import { createLogger } from '../../lib/logger';
import { storeEnquiry } from '../../test/enquiries';
import {
  createTestContext,
  registerAndConfirm,
  signedInStaff,
  signIn,
  userIdOf,
  type TestContext,
} from '../../test/test-context';
import { isWorkingDay, loadBusinessCalendar } from '../calendar/calendar.service';
import { startDigestJob, type DigestDeps, type DigestJob } from './digest.service';

/**
 * The daily digest on the injected clock (issue 21 item 4): a simulated month on one database, two instances that
 * both check through each morning, restarts, a morning when the server only comes up at 09:40 and one when it only
 * comes up after noon. What every person should get each day is worked out here from the test's own records.
 */

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const SEED = 20261001;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 00:00 in Lagos (UTC+1) of a YYYY-MM-DD day. */
const lagosStart = (day: string) => Date.parse(`${day}T00:00:00Z`) - HOUR;
const dayAfter = (day: string, days = 1) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** Monday 28 September to Friday 30 October 2026: five weekends and Independence Day (Thursday 1 October). */
const FIRST_DAY = '2026-09-28';
const LAST_DAY = '2026-10-30';
const HOLIDAY = '2026-10-01';
/** The digest instance restarts on this day (A stops, A2 starts); on the next, all are down until 09:40. */
const RESTART_DAY = '2026-10-14';
const LATE_START_DAY = '2026-10-15';
/** All instances are down until 12:05: past the cut-off, nobody gets that day's digest. */
const AFTER_NOON_DAY = '2026-10-22';
/** Chidi turns the digest off on this day (after 07:30) and on again on the later one (before 07:30). */
const CHIDI_OFF_DAY = '2026-10-05';
const CHIDI_ON_DAY = '2026-10-09';

const isWeekend = (day: string) => [0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay());
const isWorking = (day: string) => !isWeekend(day) && day !== HOLIDAY;

const SOURCES: Array<{ cls: SourceClass | null; host: string | null; utm: string | null; label: string }> = [
  { cls: 'search', host: 'www.google.com', utm: null, label: 'google.com' },
  { cls: 'social', host: 'l.instagram.com', utm: 'Instagram', label: 'instagram' },
  { cls: 'site', host: 'www.nairaland.com', utm: null, label: 'nairaland.com' },
  { cls: 'direct', host: null, utm: null, label: 'Direct' },
  { cls: null, host: null, utm: null, label: 'Not recorded' },
];

/** What the test knows of each enquiry it made, to work out every digest without the product's code. */
interface Made {
  id: number;
  kind: MessageKind;
  reference: string;
  createdAt: number;
  assignee: number | null;
  source: string;
  firstResponseAt?: number;
  businessMs?: number;
  dueAt: number;
  wonAt?: number;
}

let context: TestContext;
let deps: DigestDeps;
const ids = { owner: 0, ada: 0, bola: 0, chidi: 0, pending: 0 };
const emails = {
  owner: 'owner@agency.test',
  ada: 'ada@agency.test',
  bola: 'bola@agency.test',
  chidi: 'chidi@agency.test',
  pending: 'pending@agency.test',
};

const setClock = (ms: number) => context.advance(ms - context.now().getTime());

async function setDigest(email: string, enabled: boolean) {
  const { agent, response } = await signIn(context, email);
  expect(response.status).toBe(200);
  const put = await agent.put(DIGEST_PATH).send({ enabled });
  expect(put.status).toBe(200);
  expect(put.body).toEqual({ success: true, enabled });
}

beforeAll(async () => {
  context = await createTestContext();
  deps = {
    db: context.db,
    clock: () => context.now(),
    config: context.config,
    logger: createLogger('silent'),
    mail: context.sender,
  };
  await signedInStaff(context, emails.owner);
  for (const who of ['ada', 'bola', 'chidi', 'pending'] as const) await registerAndConfirm(context, emails[who]);
  for (const who of Object.keys(ids) as Array<keyof typeof ids>) ids[who] = await userIdOf(context, emails[who]);
  await context.db
    .updateTable('users')
    .set({ role: 'staff' })
    .where('id', 'in', [ids.ada, ids.bola, ids.chidi])
    .execute();
  // The confirmation mails are not digests.
  await context.sender.drain();
  context.sink.mails.length = 0;
});

afterAll(async () => {
  await context.close();
});

describe('the digest setting', () => {
  it('is on by default and each staff member turns their own off and on', async () => {
    const { agent } = await signIn(context, emails.ada);
    expect((await agent.get(DIGEST_PATH)).body).toEqual({ success: true, enabled: true });
    expect((await agent.put(DIGEST_PATH).send({ enabled: false })).body).toEqual({ success: true, enabled: false });
    expect((await agent.get(DIGEST_PATH)).body).toEqual({ success: true, enabled: false });
    const other = await context.db
      .selectFrom('users')
      .select('digest_enabled')
      .where('id', '=', ids.chidi)
      .executeTakeFirstOrThrow();
    expect(Number(other.digest_enabled)).toBe(1);
    expect((await agent.put(DIGEST_PATH).send({ enabled: true })).body).toEqual({ success: true, enabled: true });
  });

  it('refuses a body that is not a yes or no, a stranger and an account that is not staff', async () => {
    const { agent } = await signIn(context, emails.ada);
    const wrong = await agent.put(DIGEST_PATH).send({ enabled: 'yes' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.success).toBe(false);
    expect((await agent.put(DIGEST_PATH).send({ enabled: true, extra: 1 })).status).toBe(400);
    expect((await request(context.app).get(DIGEST_PATH)).status).toBe(401);
    // Signed in while staff, then back to waiting for approval: a session of an account that is not staff.
    await context.db.updateTable('users').set({ role: 'staff' }).where('id', '=', ids.pending).execute();
    const pending = await signIn(context, emails.pending);
    expect(pending.response.status).toBe(200);
    await context.db.updateTable('users').set({ role: 'pending' }).where('id', '=', ids.pending).execute();
    expect((await pending.agent.get(DIGEST_PATH)).status).toBe(403);
    expect((await pending.agent.put(DIGEST_PATH).send({ enabled: false })).status).toBe(403);
  });
});

describe('a simulated month of digests', () => {
  it('mails one digest per person per working day with content, across two instances and restarts', async () => {
    const random = seededRandom(SEED);
    console.info(`digest month seed ${SEED}`);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    const calendar = await loadBusinessCalendar(context.db);
    // The calendar agrees with the test about the month's closed days.
    for (let day = FIRST_DAY; day <= LAST_DAY; day = dayAfter(day)) {
      expect(isWorkingDay(calendar, day), day).toBe(isWorking(day));
    }

    setClock(lagosStart(FIRST_DAY) + HOUR);
    await setDigest(emails.bola, false);

    const made: Made[] = [];
    /** Per day, per person: whether the test expects a digest, and why (the sections the test expects). */
    const expected = new Map<string, Map<number, string[]>>();
    const digestOn = new Map<number, boolean>([
      [ids.owner, true],
      [ids.ada, true],
      [ids.chidi, true],
      [ids.bola, false],
    ]);

    let jobs: DigestJob[] = [startDigestJob(deps), startDigestJob(deps)];
    const checkAll = async (at: number) => {
      setClock(at);
      await Promise.all(jobs.map((job) => job.check()));
    };

    for (let day = FIRST_DAY; day <= LAST_DAY; day = dayAfter(day)) {
      const start = lagosStart(day);
      // The night's arrivals, before 07:30; some due before 07:30 (overdue), some later today, some tomorrow.
      const arrivals = Math.floor(random() * 4);
      const today: Made[] = [];
      for (let n = 0; n < arrivals; n += 1) {
        const kind = pick<MessageKind>(['contact', 'request_quote', 'web_dev']);
        const createdAt = start + Math.floor(random() * 7 * 60) * MINUTE;
        const source = pick(SOURCES);
        const assignee = pick([null, null, ids.ada, ids.chidi, ids.owner, ids.bola]);
        const dueAt = createdAt + pick([30, 12 * 60, 30 * 60]) * MINUTE;
        const stored = await storeEnquiry(context, kind, { createdAt });
        await context.db
          .updateTable('enquiries')
          .set({
            assignee_id: assignee,
            response_due_at: dueAt,
            source_class: source.cls,
            source_host: source.host,
            utm_source: source.utm,
          })
          .where('id', '=', stored.id)
          .execute();
        today.push({ ...stored, kind, createdAt, assignee, source: source.label, dueAt });
      }
      made.push(...today);

      if (day === CHIDI_ON_DAY) {
        setClock(start + 6 * HOUR);
        await setDigest(emails.chidi, true);
        digestOn.set(ids.chidi, true);
      }

      // Who should get a digest this morning, worked out from the test's records (at the digest's moment).
      const digestAt = day === LATE_START_DAY ? start + 9 * HOUR + 40 * MINUTE : start + 7.5 * HOUR;
      const waiting = made.filter((enquiry) => enquiry.createdAt >= start);
      const periodFrom = previousWorkingDayStart(day);
      const figuresHaveAnything =
        made.some(
          (e) => e.firstResponseAt !== undefined && e.firstResponseAt >= periodFrom && e.firstResponseAt < start,
        ) ||
        made.some((e) => e.createdAt >= periodFrom && e.createdAt < start) ||
        made.some((e) => e.wonAt !== undefined && e.wonAt >= periodFrom && e.wonAt < start);
      const perPerson = new Map<number, string[]>();
      if (isWorking(day) && day !== AFTER_NOON_DAY) {
        for (const [id, on] of digestOn) {
          if (!on) continue;
          const owner = id === ids.owner;
          const sections = new Set<string>();
          for (const e of waiting) {
            const mineOrNobodys = e.assignee === null || e.assignee === id;
            if ((owner || mineOrNobodys) && e.dueAt <= digestAt) sections.add('Overdue');
            else if (mineOrNobodys && e.dueAt < start + DAY) sections.add('Due today');
            else if (e.assignee === null) sections.add('New and unassigned');
            else if (e.assignee === id) sections.add('Assigned to you');
          }
          if (owner && figuresHaveAnything) sections.add('Figures');
          if (sections.size > 0) perPerson.set(id, [...sections]);
        }
      }
      expected.set(day, perPerson);

      // The morning: both instances check around 07:30, as often as their timers would.
      if (day === RESTART_DAY) {
        await checkAll(start + 7 * HOUR);
        await jobs[0]?.stop();
        jobs = [startDigestJob(deps), jobs[1] as DigestJob];
      }
      if (day === LATE_START_DAY) {
        // Every instance down from before 07:30 until 09:40: the first to come up sends the morning's digests.
        await Promise.all(jobs.map((job) => job.stop()));
        setClock(start + 9 * HOUR + 40 * MINUTE);
        jobs = [startDigestJob(deps)];
        await Promise.all(jobs.map((job) => job.check()));
        jobs.push(startDigestJob(deps));
      }
      if (day === AFTER_NOON_DAY) {
        await Promise.all(jobs.map((job) => job.stop()));
        setClock(start + 12 * HOUR + 5 * MINUTE);
        jobs = [startDigestJob(deps), startDigestJob(deps)];
      }
      for (const at of [
        7 * HOUR + 29 * MINUTE,
        7.5 * HOUR,
        7.5 * HOUR + 30 * 1000,
        8 * HOUR,
        11 * HOUR + 59 * MINUTE,
        12 * HOUR,
      ]) {
        if (start + at > context.now().getTime()) await checkAll(start + at);
      }

      if (day === CHIDI_OFF_DAY) {
        setClock(start + 13 * HOUR);
        await setDigest(emails.chidi, false);
        digestOn.set(ids.chidi, false);
      }

      // The day's work: each of the morning's enquiries answered; some won; the rest closed by the evening.
      for (const e of today) {
        e.firstResponseAt = start + (9 * 60 + Math.floor(random() * 7 * 60)) * MINUTE;
        e.businessMs = (1 + Math.floor(random() * 300)) * MINUTE;
        const won = random() < 0.4;
        if (won) e.wonAt = start + 17 * HOUR;
        await context.db
          .updateTable('enquiries')
          .set({
            first_response_at: e.firstResponseAt,
            first_response_business_ms: e.businessMs,
            first_response_channel: 'email',
            status: won ? (e.kind === 'web_dev' ? 'enrolled' : 'won') : e.kind === 'web_dev' ? 'declined' : 'lost',
          })
          .where('id', '=', e.id)
          .execute();
        if (won) {
          await context.db
            .insertInto('enquiry_events')
            .values({
              enquiry_id: e.id,
              actor_id: ids.owner,
              action: 'status',
              from_value: 'new',
              to_value: e.kind === 'web_dev' ? 'enrolled' : 'won',
              created_at: e.wonAt ?? 0,
            })
            .execute();
        }
      }
    }
    await Promise.all(jobs.map((job) => job.stop()));

    // Every digest queued, by Lagos day and person.
    const queued = await context.db
      .selectFrom('outbox')
      .select(['recipient', 'created_at', 'subject', 'text_body'])
      .where('purpose', '=', 'digest')
      .orderBy('id')
      .execute();
    const personOf = new Map(Object.entries(emails).map(([who, email]) => [email, ids[who as keyof typeof ids]]));
    const got = new Map<string, number[]>();
    for (const mail of queued) {
      const day = new Date(Number(mail.created_at) + HOUR).toISOString().slice(0, 10);
      got.set(day, [...(got.get(day) ?? []), personOf.get(mail.recipient) ?? -1]);
    }
    let workingDays = 0;
    for (let day = FIRST_DAY; day <= LAST_DAY; day = dayAfter(day)) {
      if (isWorking(day)) workingDays += 1;
      const wanted = [...(expected.get(day)?.keys() ?? [])].sort((a, b) => a - b);
      const sent = [...(got.get(day) ?? [])].sort((a, b) => a - b);
      // Exactly once each: no duplicates from the second instance, a restart or a later check.
      expect(sent, `digests of ${day}`).toEqual(wanted);
    }
    expect(workingDays).toBe(24);
    // Some mornings had nothing for someone: their day was made (a row) but no mail left.
    const runs = await context.db
      .selectFrom('digest_runs')
      .select('user_id')
      .where('lagos_day', '>=', FIRST_DAY)
      .where('lagos_day', '<=', LAST_DAY)
      .execute();
    console.info(
      `${queued.length} digests over ${workingDays} working days; ${runs.length - queued.length} empty, not mailed`,
    );
    expect(runs.length).toBeGreaterThan(queued.length);
    // The month is not trivial: most working days mailed someone, nobody with the digest off got one.
    expect(queued.length).toBeGreaterThan(40);
    expect(queued.some((mail) => mail.recipient === emails.bola || mail.recipient === emails.pending)).toBe(false);
    // Within a minute of 07:30 on time, at 09:40 on the late morning.
    for (const mail of queued) {
      const at = Number(mail.created_at);
      const day = new Date(at + HOUR).toISOString().slice(0, 10);
      const offset = at - lagosStart(day);
      if (day === LATE_START_DAY) expect(offset).toBe(9 * HOUR + 40 * MINUTE);
      else expect(offset - 7.5 * HOUR, `${mail.recipient} on ${day}`).toBeLessThan(MINUTE);
    }
    const late = expected.get(LATE_START_DAY);
    expect(late && late.size > 0).toBe(true);
    expect(got.get(AFTER_NOON_DAY)).toBeUndefined();

    // Each digest lists its sections as the test expects; a few are read back from the SMTP sink.
    for (const mail of queued) {
      const day = new Date(Number(mail.created_at) + HOUR).toISOString().slice(0, 10);
      const sections = expected.get(day)?.get(personOf.get(mail.recipient) ?? -1) ?? [];
      for (const section of ['Overdue', 'Due today', 'New and unassigned', 'Assigned to you']) {
        expect(mail.text_body.includes(`\n${section} (`), `${section} in ${mail.recipient}'s digest of ${day}`).toBe(
          sections.includes(section),
        );
      }
      expect(mail.text_body.includes('Figures: '), `figures in ${mail.recipient}'s digest of ${day}`).toBe(
        sections.includes('Figures'),
      );
    }

    await context.sender.drain();
    const read = (recipient: string, day: string): Promise<SinkMail> =>
      context.sink.waitForMail(
        (mail) =>
          mail.recipients.includes(recipient) &&
          (mail.subject ?? '').includes(
            ` ${Number(day.slice(8))} ${MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}:`,
          ),
      );
    const mondays = ['2026-10-05', '2026-10-12', '2026-10-19', '2026-10-26'];
    const ownersDays = [dayAfter(HOLIDAY), ...mondays, '2026-10-20'].filter((day) => expected.get(day)?.has(ids.owner));
    expect(ownersDays.length).toBeGreaterThan(3);
    for (const day of ownersDays) {
      const mail = await read(emails.owner, day);
      const text = mail.text ?? '';
      expect(mail.headers.find((h) => h.key.toLowerCase() === 'auto-submitted')?.value).toBe('auto-generated');
      // Every enquiry of the morning is listed with its reference and link (owners see every overdue one).
      for (const e of made.filter(
        (m) => m.createdAt >= lagosStart(day) && m.createdAt < lagosStart(day) + 7.5 * HOUR,
      )) {
        const link = `http://app.test/dashboard?kind=${e.kind}&enquiry=${e.id}`;
        const listed = e.assignee === null || e.assignee === ids.owner || e.dueAt <= lagosStart(day) + 7.5 * HOUR;
        expect(text.includes(e.reference), `${e.reference} in the owner's digest of ${day}`).toBe(listed);
        expect(mail.links.includes(link)).toBe(listed);
      }
      expect(text).toContain(figuresOf(made, previousWorkingDayStart(day), lagosStart(day)));
    }
    // A staff member's digest: only what is theirs or nobody's, never another's assigned enquiry.
    const adaDay = [...expected].find(([, people]) => people.get(ids.ada)?.includes('Assigned to you'))?.[0];
    expect(adaDay).toBeDefined();
    const adaMail = await read(emails.ada, adaDay ?? '');
    expect(adaMail.text).toContain('Assigned to you (');
    expect(adaMail.text).not.toContain('Figures: ');
    for (const e of made.filter(
      (m) => m.createdAt >= lagosStart(adaDay ?? '') && m.createdAt < lagosStart(adaDay ?? '') + 7.5 * HOUR,
    )) {
      expect(adaMail.text?.includes(e.reference)).toBe(e.assignee === null || e.assignee === ids.ada);
    }
  });
});

describe('a digest with a customer reply waiting and a long backlog', () => {
  it('lists the reply to its assignee only and at most 25 lines a section, counting the rest', async () => {
    const day = '2026-11-03';
    const start = lagosStart(day);
    setClock(start + 2 * HOUR);
    const reply = await storeEnquiry(context, 'contact', { createdAt: start - 3 * DAY });
    await context.db
      .updateTable('enquiries')
      .set({
        assignee_id: ids.ada,
        status: 'contacted',
        first_response_at: start - 2 * DAY,
        waiting_since: start - 14 * HOUR,
        response_due_at: start - 3 * DAY + HOUR,
      })
      .where('id', '=', reply.id)
      .execute();
    const backlog: string[] = [];
    for (let n = 0; n < 27; n += 1) {
      const stored = await storeEnquiry(context, 'request_quote', { createdAt: start + n * MINUTE });
      await context.db
        .updateTable('enquiries')
        .set({ response_due_at: start + 2 * DAY })
        .where('id', '=', stored.id)
        .execute();
      backlog.push(stored.reference);
    }
    const job = startDigestJob(deps);
    await job.check();
    setClock(start + 7.5 * HOUR);
    expect(await job.check()).toEqual({ day, mailed: 3, empty: 0 });
    await job.stop();
    await context.sender.drain();

    const adas = await context.sink.waitForMail(
      (mail) => mail.recipients.includes(emails.ada) && (mail.subject ?? '').includes(' 3 November 2026:'),
    );
    expect(adas.subject).toContain('28 enquiries waiting');
    expect(adas.text).toContain(
      `Customer replies waiting (1)\n- ${reply.reference} · Bola Ahmed · Contact · waiting since Mon 2 Nov 10:00`,
    );
    expect(adas.links).toContain(`http://app.test/dashboard?kind=contact&enquiry=${reply.id}`);
    expect(adas.html).toContain(`>${reply.reference}</a>`);
    expect(adas.text).toContain('New and unassigned (27)');
    expect(adas.text).toContain('- and 2 more in the inbox');
    // The oldest 25 are listed, the newest two are counted.
    for (const reference of backlog.slice(0, 25)) expect(adas.text).toContain(reference);
    for (const reference of backlog.slice(25)) expect(adas.text).not.toContain(reference);
    const chidis = await context.sink.waitForMail(
      (mail) => mail.recipients.includes(emails.chidi) && (mail.subject ?? '').includes(' 3 November 2026:'),
    );
    expect(chidis.text).not.toContain(reply.reference);
    expect(chidis.text).not.toContain('Customer replies waiting');
  });
});

/** 00:00 of the working day before `day` (weekends and the holiday skipped): the owners' figures start there. */
function previousWorkingDayStart(day: string): number {
  let from = dayAfter(day, -1);
  while (!isWorking(from)) from = dayAfter(from, -1);
  return lagosStart(from);
}

/** The owners' figures as the digest should print them, computed here from the test's own records. */
function figuresOf(made: Made[], fromMs: number, untilMs: number): string {
  const minutes = (ms: number) => {
    const m = Math.round(ms / MINUTE);
    return m < 60 ? `${m} min` : `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
  };
  const answered = made.filter(
    (e) => e.firstResponseAt !== undefined && e.firstResponseAt >= fromMs && e.firstResponseAt < untilMs,
  );
  const times = answered.map((e) => e.businessMs ?? 0).sort((a, b) => a - b);
  const at = (share: number) => times[Math.ceil(share * times.length) - 1] ?? 0;
  const inTime = answered.filter((e) => (e.firstResponseAt ?? 0) <= e.dueAt).length;
  const bySource = (list: Made[]) => {
    const counts: Record<string, number> = {};
    for (const e of list) counts[e.source] = (counts[e.source] ?? 0) + 1;
    return Object.entries(counts)
      .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
      .map(([label, count]) => `${label} ${count}`)
      .join(', ');
  };
  const arrived = made.filter((e) => e.createdAt >= fromMs && e.createdAt < untilMs);
  const won = made.filter((e) => e.wonAt !== undefined && e.wonAt >= fromMs && e.wonAt < untilMs);
  const lines = [
    answered.length === 0
      ? '- First answers: none'
      : `- First answers: ${answered.length}; median ${minutes(at(0.5))}, 90th percentile ${minutes(at(0.9))} (business time)\n` +
        `- Within target: ${inTime} of ${answered.length} (${Math.round((100 * inTime) / answered.length)} %)`,
    `- New enquiries: ${arrived.length}${arrived.length > 0 ? ` (${bySource(arrived)})` : ''}`,
    `- Won or enrolled: ${won.length}${won.length > 0 ? ` (${bySource(won)})` : ''}`,
  ];
  return lines.join('\n');
}
