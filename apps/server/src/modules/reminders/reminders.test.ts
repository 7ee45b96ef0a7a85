import {
  DEFAULT_BUSINESS_CALENDAR,
  DEFAULT_RESPONSE_TARGET_MINUTES,
  REMINDER_SHARE,
  snoozePathOf,
  SNOOZE_MESSAGES,
  type MessageKind,
} from '@agency/shared';
import { seededRandom } from '@agency/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger';
import { storeEnquiry } from '../../test/enquiries';
import {
  createTestContext,
  registerAndConfirm,
  signedInStaff,
  signIn,
  userIdOf,
  type StaffAgent,
  type TestContext,
} from '../../test/test-context';
import { addBusinessMs, loadBusinessCalendar, nextOpening, saveBusinessCalendar } from '../calendar/calendar.service';
import { ingestMail } from '../conversations/inbound.service';
import {
  changeSnooze,
  REMINDER_TICK_MS,
  runReminderTick,
  startReminderJob,
  type JobTimer,
  type ReminderDeps,
  type ReminderJob,
} from './reminders.service';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const OWNER = 'owner@agency.test';
const ADA = 'ada@agency.test';
const FEMI = 'femi@agency.test';
/** A day the owners closed (a staff retreat): a Monday, so Friday's leftovers wait until Tuesday. */
const CLOSED_DAY = '2026-12-07';

let context: TestContext;
let ownerId: number;
let adaId: number;

/** A Lagos wall-clock time (`2026-12-04 09:00`) as epoch milliseconds; Lagos is UTC+1 all year. */
const lagos = (text: string) => Date.parse(`${text.replace(' ', 'T')}:00+01:00`);

/**
 * The independent rule the test checks against: open Monday to Friday 09:00-17:00 Lagos, but on the closed day. The
 * stretch simulated (late November to early December 2026) holds no Nigerian public holiday.
 */
function openAt(ms: number): boolean {
  const wall = new Date(ms + HOUR);
  const weekday = wall.getUTCDay();
  const minutes = wall.getUTCHours() * 60 + wall.getUTCMinutes();
  const day = wall.toISOString().slice(0, 10);
  return weekday >= 1 && weekday <= 5 && day !== CLOSED_DAY && minutes >= 9 * 60 && minutes < 17 * 60;
}

/** The first instant at or after `ms` when openAt holds (by the rule above, not the calendar's code). */
function openFrom(ms: number): number {
  if (openAt(ms)) return ms;
  const wall = new Date(ms + HOUR);
  let morning = Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate(), 9) - HOUR;
  if (morning < ms) morning += DAY;
  while (!openAt(morning)) morning += DAY;
  return morning;
}

function depsAt(clock: () => Date): ReminderDeps {
  return { db: context.db, clock, config: context.config, logger: createLogger('silent'), mail: context.sender };
}

/** Sets the due times as an arrival does (docs/decisions/0038): target and 75 % of it in business time. */
async function arrive(kind: MessageKind, at: number, assigneeId: number | null) {
  const { id, reference } = await storeEnquiry(context, kind, { createdAt: at });
  const calendar = await loadBusinessCalendar(context.db);
  const target = DEFAULT_RESPONSE_TARGET_MINUTES[kind] * MINUTE;
  const dueAt = addBusinessMs(calendar, at, target);
  const remindAt = nextOpening(calendar, addBusinessMs(calendar, at, REMINDER_SHARE * target));
  await context.db
    .updateTable('enquiries')
    .set({ response_due_at: dueAt, remind_at: remindAt, assignee_id: assigneeId })
    .where('id', '=', id)
    .execute();
  return { id, reference, dueAt, remindAt };
}

const reminderMails = () =>
  context.db
    .selectFrom('outbox')
    .select(['enquiry_id', 'purpose', 'recipient', 'created_at', 'subject', 'text_body'])
    .where('purpose', 'in', ['response-reminder', 'response-escalation'])
    .orderBy('id')
    .execute();

const customerMail = (id: string, reference: string, extra = '') =>
  Buffer.from(
    `From: Bisola Adeyemi <bisola@example.ng>\r\nTo: hello@rendezvousdigital.ng\r\nSubject: Re: ${reference}\r\nMessage-ID: <${id}>\r\n${extra}\r\nThank you, I will wait.\r\n`,
  );

beforeAll(async () => {
  context = await createTestContext();
  await signedInStaff(context, OWNER);
  ownerId = await userIdOf(context, OWNER);
  for (const email of [ADA, FEMI]) {
    await registerAndConfirm(context, email);
    await context.db.updateTable('users').set({ role: 'staff' }).where('email', '=', email).execute();
  }
  adaId = await userIdOf(context, ADA);
  const deps = { db: context.db, clock: () => context.now() };
  await saveBusinessCalendar(
    deps,
    { ...DEFAULT_BUSINESS_CALENDAR, addedDays: [{ date: CLOSED_DAY, name: 'Staff retreat' }] },
    ownerId,
  );
});

afterAll(async () => {
  await context.close();
});

beforeEach(async () => {
  await context.sender.drain();
  await context.db.deleteFrom('enquiries').execute();
  await context.db.deleteFrom('outbox').execute();
});

/** Moves the test's clock (the app's and the sender's) to a time. */
function setNow(ms: number): void {
  context.advance(ms - context.now().getTime());
}

/** Moves the clock and signs the owner in again (a session from days before has ended). */
async function ownerAt(ms: number): Promise<StaffAgent> {
  setNow(ms);
  const { agent, response } = await signIn(context, OWNER);
  expect(response.status).toBe(200);
  return agent;
}

describe('the snooze endpoint', () => {
  it('snoozes until a future time or a reply, keeps it in the history, and clears it', async () => {
    const owner = await ownerAt(lagos('2026-11-30 10:00'));
    const { id } = await arrive('contact', context.now().getTime(), null);
    const path = snoozePathOf('contact', id);
    const until = '2026-12-01T09:00:00+01:00';

    const set = await owner.put(path).send({ until });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({
      success: true,
      snooze: { snoozedUntil: '2026-12-01T08:00:00.000Z', snoozedUntilReply: false },
    });
    expect((await owner.get(path)).body.snooze.snoozedUntil).toBe('2026-12-01T08:00:00.000Z');

    const reply = await owner.put(path).send({ untilReply: true });
    expect(reply.body.snooze).toEqual({ snoozedUntil: null, snoozedUntilReply: true });

    const cleared = await owner.delete(path);
    expect(cleared.body.snooze).toEqual({ snoozedUntil: null, snoozedUntilReply: false });

    const history = (await owner.get(`/api/enquiries/contact/${id}`)).body.enquiry.history as Array<
      Record<string, unknown>
    >;
    const snoozes = history.filter((event) => event.action === 'snooze').reverse();
    expect(snoozes.map(({ from, to, actorId }) => ({ from, to, actorId }))).toEqual([
      { from: null, to: '2026-12-01T08:00:00.000Z', actorId: ownerId },
      { from: '2026-12-01T08:00:00.000Z', to: 'reply', actorId: ownerId },
      { from: 'reply', to: null, actorId: ownerId },
    ]);
  });

  it('refuses a time in the past, beyond a year, a body with both or neither, and strangers', async () => {
    const owner = await ownerAt(lagos('2026-11-30 10:00'));
    const { id } = await arrive('contact', context.now().getTime(), null);
    const path = snoozePathOf('contact', id);
    const refused = async (body: unknown) => {
      const answer = await owner.put(path).send(body as object);
      expect(answer.status).toBe(400);
      return answer.body.errors as Record<string, string>;
    };
    expect((await refused({ until: '2026-11-30T09:59:00+01:00' })).until).toBe(SNOOZE_MESSAGES.IN_THE_PAST);
    expect((await refused({ until: '2027-12-01T10:00:00+01:00' })).until).toBe(SNOOZE_MESSAGES.TOO_FAR);
    expect((await refused({ until: 'tomorrow' })).until).toBe(SNOOZE_MESSAGES.TIME);
    expect((await refused({})).until).toBe(SNOOZE_MESSAGES.ONE_OF);
    expect((await refused({ until: '2026-12-01T09:00:00+01:00', untilReply: true })).until).toBe(
      SNOOZE_MESSAGES.ONE_OF,
    );
    // Within a year is accepted to the day.
    expect((await owner.put(path).send({ until: '2027-11-30T09:00:00+01:00' })).status).toBe(200);

    expect((await owner.put(snoozePathOf('contact', id + 1000)).send({ untilReply: true })).status).toBe(404);
    expect((await owner.put(`/api/enquiries/nonsense/${id}/snooze`).send({ untilReply: true })).status).toBe(404);
    const { default: request } = await import('supertest');
    expect((await request(context.app).put(path).send({ untilReply: true })).status).toBe(401);
    await context.db.updateTable('enquiries').set({ folder: 'trash' }).where('id', '=', id).execute();
    expect((await owner.put(path).send({ untilReply: true })).status).toBe(409);
  });

  it("ends a snooze until they reply with a person's mail, not with an auto-reply", async () => {
    const owner = await ownerAt(lagos('2026-11-30 10:00'));
    const { id, reference } = await arrive('contact', context.now().getTime(), null);
    await owner.put(snoozePathOf('contact', id)).send({ untilReply: true });
    const ingest = { db: context.db, clock: () => context.now(), config: context.config, mail: context.sender };
    await ingestMail(ingest, {
      raw: customerMail('ooo@example.ng', reference, 'Auto-Submitted: auto-replied\r\n'),
      source: 'webhook',
    });
    expect((await owner.get(snoozePathOf('contact', id))).body.snooze.snoozedUntilReply).toBe(true);
    await ingestMail(ingest, { raw: customerMail('person@example.ng', reference), source: 'webhook' });
    expect((await owner.get(snoozePathOf('contact', id))).body.snooze.snoozedUntilReply).toBe(false);
  });
});

describe('the reminder job', () => {
  it('reminds the assignee at 75 % and the owners at breach, once each, with the waited business time and link', async () => {
    // Arrives Friday 16:30: 30 business minutes left that day, the rest from Tuesday 09:00 (Monday is closed).
    const arrival = lagos('2026-12-04 16:30');
    setNow(arrival);
    const { id, reference, remindAt, dueAt } = await arrive('contact', arrival, adaId);
    expect(remindAt).toBe(lagos('2026-12-08 09:15'));
    expect(dueAt).toBe(lagos('2026-12-08 09:30'));
    const deps = depsAt(() => context.now());

    for (const at of ['2026-12-04 17:30', '2026-12-05 12:00', '2026-12-07 10:00', '2026-12-08 09:14']) {
      setNow(lagos(at));
      await runReminderTick(deps);
    }
    expect(await reminderMails()).toEqual([]);

    setNow(lagos('2026-12-08 09:15'));
    // Two instances at the same moment: one claims each step.
    await Promise.all([runReminderTick(deps), runReminderTick(depsAt(() => context.now()))]);
    setNow(lagos('2026-12-08 09:31'));
    await Promise.all([runReminderTick(deps), runReminderTick(depsAt(() => context.now()))]);
    await runReminderTick(deps);

    const mails = await reminderMails();
    expect(mails.map(({ purpose, recipient }) => [purpose, recipient])).toEqual([
      ['response-reminder', ADA],
      ['response-escalation', OWNER],
    ]);
    expect(mails[0]?.subject).toBe(`Reminder: ${reference} from Bola Ahmed waits for an answer (45 min)`);
    expect(mails[0]?.text_body).toContain(`http://app.test/dashboard?kind=contact&enquiry=${id}`);
    expect(mails[1]?.text_body).toContain('has waited 1 h 1 min of business time without a first answer');

    await context.sender.drain();
    const sent = await context.sink.waitForMail((mail) => mail.subject?.startsWith(`Overdue: ${reference}`) === true);
    const header = (name: string) => sent.headers.find((entry) => entry.key === name)?.value;
    expect(header('auto-submitted')).toBe('auto-generated');
    expect(header('x-auto-response-suppress')).toBe('All');
    expect(sent.links).toContain(`http://app.test/dashboard?kind=contact&enquiry=${id}`);
  });

  it('reminds every staff member of an unassigned enquiry, and nobody of an answered or spam one', async () => {
    const arrival = lagos('2026-12-01 10:00');
    setNow(arrival);
    const unassigned = await arrive('request_quote', arrival, null);
    const answered = await arrive('contact', arrival, null);
    const spam = await arrive('contact', arrival, null);
    await context.db
      .updateTable('enquiries')
      .set({ first_response_at: arrival + MINUTE, status: 'contacted' })
      .where('id', '=', answered.id)
      .execute();
    await context.db.updateTable('enquiries').set({ folder: 'spam' }).where('id', '=', spam.id).execute();
    setNow(lagos('2026-12-01 12:00'));
    await runReminderTick(depsAt(() => context.now()));
    const mails = await reminderMails();
    expect(mails.filter((mail) => mail.purpose === 'response-reminder').map((mail) => mail.recipient)).toEqual([
      OWNER,
      ADA,
      FEMI,
    ]);
    expect(new Set(mails.map((mail) => mail.enquiry_id))).toEqual(new Set([unassigned.id]));
  });

  it('waits just under 20 s between ticks, ticks at the opening, and once just before closing', async () => {
    const calendar = await loadBusinessCalendar(context.db);
    const { nextTickInMs } = await import('./reminders.service');
    expect(nextTickInMs(calendar, lagos('2026-12-01 10:00'), REMINDER_TICK_MS)).toBe(REMINDER_TICK_MS);
    expect(nextTickInMs(calendar, lagos('2026-12-01 16:59') + 50_000, REMINDER_TICK_MS)).toBe(9_999);
    expect(nextTickInMs(calendar, lagos('2026-12-01 08:59') + 55_000, REMINDER_TICK_MS)).toBe(5_000);
    expect(nextTickInMs(calendar, lagos('2026-12-05 12:00'), REMINDER_TICK_MS)).toBe(REMINDER_TICK_MS);
  });
});

/**
 * Two app instances on one database, each with its own clock and its own reminder job started as the server starts
 * it, over Friday 06:00 to Tuesday 18:00 (a night, a weekend, a closed Monday) with enquiries that are answered,
 * snoozed until a time, snoozed until a reply, or left alone, and one instance restarted now and then.
 */
describe('two instances over a simulated stretch', () => {
  it('queue every reminder and escalation once, within 60 s of its due time, only in business hours', async () => {
    const seed = 21_003;
    console.log(`reminder simulation seed ${seed}`);
    const random = seededRandom(seed);
    const start = lagos('2026-12-04 06:00');
    const end = lagos('2026-12-08 18:00');
    let simNow = start;
    setNow(simNow);
    const sinkCount = () =>
      context.sink.mails.filter((mail) => /^(Reminder|Overdue): RD-/.test(mail.subject ?? '')).length;
    const sinkBefore = sinkCount();

    interface Slot {
      pending?: { at: number; run: () => void };
    }
    const timerOf = (slot: Slot): JobTimer => ({
      after(ms, run) {
        const entry = { at: simNow + ms, run };
        slot.pending = entry;
        return () => {
          if (slot.pending === entry) slot.pending = undefined;
        };
      },
    });
    // Instance B's clock runs 1.5 s ahead of A's.
    const instances = [0, 1_500].map((skew) => {
      const slot: Slot = {};
      const deps = depsAt(() => new Date(simNow + skew));
      return { slot, deps, timer: timerOf(slot), job: undefined as ReminderJob | undefined };
    });
    for (const instance of instances) {
      instance.job = startReminderJob(instance.deps, { timer: instance.timer });
      await instance.job.idle();
    }

    type Plan = 'alone' | 'answered-early' | 'answered-between' | 'snoozed' | 'until-reply' | 'until-no-reply';
    interface Case {
      id: number;
      reference: string;
      plan: Plan;
      assigneeId: number | null;
      remindAt: number;
      dueAt: number;
      /** When the plan lets the reminders go again (snooze end, reply), or null. */
      freeFrom: number | null;
      answeredAt: number | null;
    }
    const cases: Case[] = [];
    const events: Array<{ at: number; run: () => Promise<void> }> = [];
    const arrivals = [
      ...['2026-12-04 07:10', '2026-12-04 09:00', '2026-12-04 11:47', '2026-12-04 13:05', '2026-12-04 15:20'],
      ...['2026-12-04 16:10', '2026-12-04 16:44', '2026-12-04 16:59', '2026-12-04 21:30', '2026-12-05 10:00'],
      ...['2026-12-06 18:00', '2026-12-07 11:00', '2026-12-08 08:30', '2026-12-08 09:01', '2026-12-08 10:12'],
    ];
    // Among them 16:59:45-16:59:59, in the last tick's gap before closing time.
    const lastSeconds = lagos('2026-12-08 16:59') + 45_000;
    const snoozeEnds = [lagos('2026-12-04 22:30'), lagos('2026-12-05 11:00'), lagos('2026-12-08 10:17'), lastSeconds];
    const plans: Plan[] = ['alone', 'answered-early', 'answered-between', 'snoozed', 'until-reply', 'until-no-reply'];
    const ingest = { db: context.db, clock: () => new Date(simNow), config: context.config, mail: context.sender };
    let serial = 0;
    for (const text of arrivals) {
      for (let copy = 0; copy < 3; copy += 1) {
        const at = lagos(text) + Math.floor(random() * 50) * 1000;
        const kind: MessageKind = random() < 0.7 ? 'contact' : 'web_dev';
        const plan = plans[Math.floor(random() * plans.length)] ?? 'alone';
        const assigneeId = random() < 0.5 ? adaId : null;
        events.push({
          at,
          run: async () => {
            const arrived = await arrive(kind, at, assigneeId);
            const item: Case = { ...arrived, plan, assigneeId, freeFrom: null, answeredAt: null };
            cases.push(item);
            const staffDeps = { db: context.db, clock: () => new Date(simNow) };
            if (plan === 'answered-early') {
              item.answeredAt = at + 5 * MINUTE;
              events.push({ at: item.answeredAt, run: () => answer(item) });
            } else if (plan === 'answered-between') {
              item.answeredAt = openFrom(item.remindAt) + 5 * MINUTE;
              events.push({ at: item.answeredAt, run: () => answer(item) });
            } else if (plan === 'snoozed') {
              const ends = snoozeEnds.filter((end) => end > at + MINUTE);
              const until = ends[Math.floor(random() * ends.length)] ?? lastSeconds;
              item.freeFrom = until + (serial % 3) * 7_000;
              await changeSnooze(staffDeps, kind, item.id, { until: new Date(item.freeFrom).toISOString() }, ownerId);
            } else if (plan === 'until-reply' || plan === 'until-no-reply') {
              await changeSnooze(staffDeps, kind, item.id, { untilReply: true }, ownerId);
              // An out-of-office answer changes nothing.
              events.push({
                at: at + 2 * MINUTE,
                run: async () => {
                  const raw = customerMail(
                    `ooo-${item.id}@example.ng`,
                    item.reference,
                    'Auto-Submitted: auto-replied\r\n',
                  );
                  await ingestMail(ingest, { raw, source: 'webhook' });
                },
              });
              if (plan === 'until-reply') {
                item.freeFrom = at + Math.floor(random() * 40) * HOUR + 17 * MINUTE;
                events.push({
                  at: item.freeFrom,
                  run: async () => {
                    const raw = customerMail(`reply-${item.id}@example.ng`, item.reference);
                    await ingestMail(ingest, { raw, source: 'webhook' });
                  },
                });
              }
            }
            serial += 1;
          },
        });
      }
    }
    const answer = async (item: Case) => {
      await context.db
        .updateTable('enquiries')
        .set({ first_response_at: simNow, status: 'contacted' })
        .where('id', '=', item.id)
        .execute();
    };
    // Instance A restarts (a deploy) four times, at moments of its own.
    for (const text of ['2026-12-04 09:00', '2026-12-04 16:59', '2026-12-08 09:00', '2026-12-08 11:11']) {
      events.push({
        at: lagos(text) + 3_000,
        run: async () => {
          const a = instances[0];
          if (!a) return;
          await a.job?.stop();
          a.job = startReminderJob(a.deps, { timer: a.timer });
          await a.job.idle();
        },
      });
    }

    let ticks = 0;
    while (simNow < end) {
      events.sort((x, y) => x.at - y.at);
      const nextEvent = events[0];
      const nextTimer = instances
        .filter((instance) => instance.slot.pending)
        .sort((x, y) => (x.slot.pending?.at ?? 0) - (y.slot.pending?.at ?? 0))[0];
      const timerAt = nextTimer?.slot.pending?.at ?? Infinity;
      if (nextEvent && nextEvent.at <= timerAt) {
        events.shift();
        simNow = Math.max(simNow, nextEvent.at);
        setNow(simNow);
        await nextEvent.run();
      } else if (nextTimer?.slot.pending) {
        const { at, run } = nextTimer.slot.pending;
        nextTimer.slot.pending = undefined;
        simNow = at;
        setNow(simNow);
        run();
        await nextTimer.job?.idle();
        ticks += 1;
      } else {
        break;
      }
    }
    for (const instance of instances) await instance.job?.stop();

    const mails = await reminderMails();
    const owners = [OWNER];
    const everyone = [OWNER, ADA, FEMI];
    let expectedMails = 0;
    const late: number[] = [];
    for (const item of cases) {
      for (const [purpose, dueAt] of [
        ['response-reminder', item.remindAt],
        ['response-escalation', item.dueAt],
      ] as const) {
        const rows = mails.filter((mail) => mail.enquiry_id === item.id && mail.purpose === purpose);
        const blocked = item.plan === 'until-no-reply';
        const from = openFrom(Math.max(dueAt, item.freeFrom ?? 0));
        const answeredBefore = item.answeredAt !== null && item.answeredAt < from;
        const label = `${item.reference} ${item.plan} ${purpose}`;
        if (blocked || answeredBefore || from > end) {
          expect(rows, label).toEqual([]);
          continue;
        }
        const recipients = purpose === 'response-escalation' ? owners : item.assigneeId === adaId ? [ADA] : everyone;
        expect(rows.map((row) => row.recipient).sort(), label).toEqual([...recipients].sort());
        const queuedAt = new Set(rows.map((row) => Number(row.created_at)));
        expect(queuedAt.size, label).toBe(1);
        const at = [...queuedAt][0] ?? 0;
        expect(at, label).toBeGreaterThanOrEqual(from);
        expect(at - from, label).toBeLessThanOrEqual(60_000);
        expect(openAt(at), `${label} queued at ${new Date(at).toISOString()}`).toBe(true);
        late.push(at - from);
        expectedMails += rows.length;
      }
    }
    expect(mails).toHaveLength(expectedMails);
    expect(new Set(cases.map((item) => item.plan)).size).toBe(plans.length);
    console.log(
      `reminder simulation: ${cases.length} enquiries, ${mails.length} mails, ${ticks} ticks, latest ${Math.max(...late)} ms after due`,
    );

    // The real SMTP sink receives each of them once.
    await context.sender.drain();
    for (let waited = 0; sinkCount() - sinkBefore < mails.length && waited < 100; waited += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(sinkCount() - sinkBefore).toBe(mails.length);
  }, 600_000);
});
