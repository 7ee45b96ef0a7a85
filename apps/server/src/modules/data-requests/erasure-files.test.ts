import { existsSync, readFileSync } from 'node:fs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  DataRequestAnswerSchema,
  MESSAGE_KIND_PATHS,
  STAFF_ADMIN_PATHS,
  SUBMISSION_RULES,
  type MessageKind,
} from '@agency/shared';
import { driverOf } from '../../lib/db';
import { subjectKeyOf } from '../../lib/rate-limiter';
import { VALID_SUBMISSIONS } from '../../test/fixtures';
import { createTestContext, signedInStaff, type StaffAgent, type TestContext } from '../../test/test-context';

/** A person no fixture or template shares a word with: every trace of them is one of these texts. */
const PERSON = {
  firstname: 'Marvelouz',
  surname: 'Qwertyzz',
  email: 'marvelouz.qwertyzz@example.ng',
  phone: '0803 777 9911',
};
/** How the person may be written anywhere: name, address, and the phone's last seven digits in any grouping. */
const TRACES = ['marvelouz', 'qwertyzz', PERSON.email, '7779911', '777 9911', '777-9911'];

const VALUES: Record<MessageKind, Record<string, unknown>> = {
  web_dev: { firstname: PERSON.firstname, surname: PERSON.surname, email: PERSON.email, phone: '08037779911' },
  creative_design: { firstname: PERSON.firstname, surname: PERSON.surname, email: PERSON.email, phone: '08037779911' },
  contact: { name: `${PERSON.firstname} ${PERSON.surname}`, email: PERSON.email, phone: PERSON.phone },
  request_quote: { name: `${PERSON.firstname} ${PERSON.surname}`, email: PERSON.email, phone: '+234 803 777 9911' },
};

type QUESTION = { a: number; b: number; token: string };

let context: TestContext;
let owner: StaffAgent;

/** How often each trace occurs in a text, in any case (like `strings file | grep -ci`). */
function tracesIn(text: string): Record<string, number> {
  const lower = text.toLowerCase();
  return Object.fromEntries(TRACES.map((trace) => [trace, lower.split(trace).length - 1]));
}

const none = Object.fromEntries(TRACES.map((trace) => [trace, 0]));

/** The raw bytes of the SQLite database, its write-ahead log and its shared-memory index. */
function databaseFiles(): Record<string, string> {
  const file = (driverOf(context.db) as { kind: 'sqlite'; database: { name: string } }).database.name;
  return Object.fromEntries(
    ['', '-wal', '-shm'].map((suffix) => [
      `agency.sqlite${suffix}`,
      existsSync(`${file}${suffix}`) ? readFileSync(`${file}${suffix}`).toString('latin1') : '',
    ]),
  );
}

/** Every value of every row of every table, as text. */
async function everyStoredText(): Promise<string> {
  const texts: string[] = [];
  for (const table of await context.db.introspection.getTables()) {
    const rows = await context.db
      .selectFrom(table.name as 'users')
      .selectAll()
      .execute();
    for (const row of rows) {
      for (const value of Object.values(row)) {
        texts.push(`${table.name}: ${Buffer.isBuffer(value) ? value.toString('latin1') : String(value)}`);
      }
    }
  }
  return texts.join('\n');
}

beforeAll(async () => {
  context = await createTestContext();
  owner = await signedInStaff(context, 'owner@agency.test');
  // Several enquiries of every kind: their rows, search texts, notifications and auto-replies (sent, so their
  // bodies were written and updated), and a note naming the person.
  for (let round = 0; round < 3; round += 1) {
    for (const kind of Object.keys(VALUES) as MessageKind[]) {
      // With the human check answered, so that the person gets auto-replies and a counter of them (rate_limits).
      const question = (await request(context.app).get(API_PATHS.HUMAN_CHECK)).body as QUESTION;
      context.advance(SUBMISSION_RULES.MIN_FILL_MS);
      const answer = await request(context.app)
        .post(MESSAGE_KIND_PATHS[kind].submit)
        .send({
          ...VALID_SUBMISSIONS[kind],
          ...VALUES[kind],
          humanCheckToken: question.token,
          humanCheckAnswer: String(question.a + question.b),
        });
      expect(answer.status, kind).toBe(201);
    }
  }
  await context.sender.drain();
});

afterAll(async () => {
  await context.close();
});

describe('an erasure', () => {
  it('leaves no trace of the person in any table, nor in the SQLite files byte for byte', async () => {
    const before = await everyStoredText();
    expect(tracesIn(before)['qwertyzz']).toBeGreaterThan(0);
    // The counter of auto-replies to the address, under its hash; and auto-replies to it.
    expect(before).toContain(`rate_limits: auto-reply:86400:${subjectKeyOf(PERSON.email)}`);
    expect(before).toContain(`outbox: ${PERSON.email}`);
    if (context.database.dialect === 'sqlite') {
      const files = databaseFiles();
      expect(tracesIn(`${files['agency.sqlite']}${files['agency.sqlite-wal']}`)[PERSON.email]).toBeGreaterThan(0);
    }

    const found = DataRequestAnswerSchema.parse(
      (await owner.get(STAFF_ADMIN_PATHS.DATA_REQUEST).query({ phone: PERSON.phone })).body,
    );
    expect(found.enquiries).toHaveLength(12);
    const erased = await owner
      .post(STAFF_ADMIN_PATHS.DATA_REQUEST_ERASE)
      .send({ phone: PERSON.phone, expectedRecords: found.totalRecords });
    expect(erased.status).toBe(200);

    const after = await everyStoredText();
    expect(tracesIn(after)).toEqual(none);
    expect(after).not.toContain(subjectKeyOf(PERSON.email));
    if (context.database.dialect === 'sqlite') {
      const files = databaseFiles();
      for (const [name, bytes] of Object.entries(files)) expect(tracesIn(bytes), name).toEqual(none);
    }
  });
});
