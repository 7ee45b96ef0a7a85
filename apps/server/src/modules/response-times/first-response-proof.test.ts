import { seededRandom } from '@agency/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  CONVERSATION_PATHS,
  DEFAULT_BUSINESS_CALENDAR,
  firstResponsePathOf,
  MESSAGE_KINDS,
  type BusinessCalendarSettings,
  type MessageKind,
} from '@agency/shared';
import { storeEnquiry } from '../../test/enquiries';
import {
  createTestContext,
  LIMITS_WITHOUT_LOGIN_LIMITS,
  signIn,
  signedInStaff,
  type StaffAgent,
  type TestContext,
} from '../../test/test-context';
import { businessMsBetween, isOpenAt, loadBusinessCalendar } from '../calendar/calendar.service';

/**
 * Issue 21 item 2 (docs/decisions/0038): the first-response business time stored for enquiries answered through the
 * real API (a reply sent from the app, or a confirmed WhatsApp message or call) equals businessMsBetween of their
 * arrival and the answer, for a seeded set arriving on weekends, holidays, at night and within periods, on a calendar
 * with a lunch break, a Saturday morning and a closed day. RESPONSE_SEED=<seed> replays a run.
 */

const ENQUIRIES = 300;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const SEED = Number(process.env.RESPONSE_SEED ?? 20_261_127);

const CALENDAR: BusinessCalendarSettings = {
  ...DEFAULT_BUSINESS_CALENDAR,
  hours: {
    ...DEFAULT_BUSINESS_CALENDAR.hours,
    monday: [
      { start: '09:00', end: '12:30' },
      { start: '13:30', end: '17:00' },
    ],
    saturday: [{ start: '10:00', end: '14:00' }],
  },
  addedDays: [{ date: '2026-12-24', name: 'Christmas Eve' }],
};

let context: TestContext;
let owner: StaffAgent;

beforeAll(async () => {
  context = await createTestContext({
    config: {
      limits: LIMITS_WITHOUT_LOGIN_LIMITS,
    },
  });
  owner = await signedInStaff(context, 'owner@agency.test');
  expect((await owner.put(API_PATHS.BUSINESS_CALENDAR).send(CALENDAR)).status).toBe(200);
});

afterAll(async () => {
  await context.close();
});

describe('first-response business time through the API', () => {
  it(`equals businessMsBetween for ${ENQUIRIES} seeded enquiries answered by reply, WhatsApp or call`, async () => {
    console.info(`first-response proof: seed ${SEED} (RESPONSE_SEED=${SEED} replays it)`);
    const random = seededRandom(SEED);
    const from = Date.parse('2026-12-01T00:00:00+01:00');
    const planned = Array.from({ length: ENQUIRIES }, (_, index) => {
      const arrival = from + Math.floor(random() * 45 * DAY);
      // Minutes to five days later, so answers fall in other periods, nights, weekends and holidays too.
      const answer = arrival + MINUTE + Math.floor(random() * 5 * DAY);
      const kind = MESSAGE_KINDS[index % MESSAGE_KINDS.length] as MessageKind;
      const way = (['email', 'whatsapp', 'call'] as const)[Math.floor(random() * 3)] ?? 'email';
      return { arrival, answer, kind, way, id: 0 };
    });
    for (const enquiry of planned) {
      enquiry.id = (await storeEnquiry(context, enquiry.kind, { createdAt: enquiry.arrival })).id;
    }
    planned.sort((a, b) => a.answer - b.answer);
    let signedInAt = -Infinity;
    for (const enquiry of planned) {
      context.advance(enquiry.answer - context.now().getTime());
      // Sessions last 30 idle minutes of the moved clock.
      if (enquiry.answer - signedInAt > 20 * MINUTE) {
        owner = (await signIn(context, 'owner@agency.test')).agent;
        signedInAt = enquiry.answer;
      }
      const answered =
        enquiry.way === 'email'
          ? await owner.post(CONVERSATION_PATHS.replies(enquiry.kind, enquiry.id)).send({ body: 'Thank you.' })
          : await owner.post(firstResponsePathOf(enquiry.kind, enquiry.id)).send({ channel: enquiry.way });
      expect(answered.status, `${enquiry.kind} ${enquiry.id} by ${enquiry.way}`).toBeLessThan(300);
    }

    const calendar = await loadBusinessCalendar(context.db);
    const rows = await context.db
      .selectFrom('enquiries')
      .select(['id', 'created_at', 'first_response_at', 'first_response_channel', 'first_response_business_ms'])
      .execute();
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    let mismatches = 0;
    for (const enquiry of planned) {
      const row = byId.get(enquiry.id);
      expect(Number(row?.first_response_at)).toBe(enquiry.answer);
      expect(row?.first_response_channel).toBe(enquiry.way);
      const expected = businessMsBetween(calendar, Number(row?.created_at), enquiry.answer);
      if (Number(row?.first_response_business_ms) !== expected) mismatches += 1;
    }
    const closedArrivals = planned.filter((enquiry) => !isOpenAt(calendar, enquiry.arrival)).length;
    console.info(
      `first-response proof: ${ENQUIRIES} answered through the API, ${closedArrivals} arrived outside business hours, ` +
        `${mismatches} mismatches`,
    );
    expect(closedArrivals).toBeGreaterThan(ENQUIRIES / 2);
    expect(mismatches).toBe(0);
  }, 600_000);
});
