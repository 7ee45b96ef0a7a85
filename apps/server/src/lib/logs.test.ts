import { Writable } from 'node:stream';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  INBOX_PATHS,
  MESSAGE_KIND_PATHS,
  MESSAGE_KINDS,
  STAFF_ADMIN_PATHS,
  SUBMISSION_RULES,
  type MessageKind,
} from '@agency/shared';
import { createApp } from '../app';
import { createOutboxSender } from '../modules/outbox/outbox';
import { VALID_SUBMISSIONS } from '../test/fixtures';
import { createTestContext, signedInStaff, type TestContext } from '../test/test-context';
import { createLogger, redactUrl, scrubPersonalData } from './logger';
import { createMailTransport } from './mailer';
import { outboxDir } from './paths';

/** A visitor no fixture or template shares a word with. */
const VISITOR = { firstname: 'Ozymandiaz', surname: 'Kwakuzulu', email: 'ozymandiaz.k@example.ng' };
const PHONES: Record<MessageKind, string> = {
  web_dev: '08034445566',
  creative_design: '08034445566',
  contact: '+234 803 444 5566',
  request_quote: '0803-444-5566',
};
const TRACES = ['ozymandiaz', 'kwakuzulu', VISITOR.email, '4445566', '444 5566', '444-5566'];

function tracesIn(text: string): string[] {
  const lower = text.toLowerCase();
  return TRACES.filter((trace) => lower.includes(trace));
}

let context: TestContext;
const lines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    lines.push(chunk.toString());
    callback();
  },
});

beforeAll(async () => {
  context = await createTestContext();
  await signedInStaff(context, 'owner@agency.test');
  // From here on mail goes to files, as a server without SMTP_URL outside production sends it (links logged).
  await context.sender.stop();
});

afterAll(async () => {
  await context.close();
});

describe("the server's log", () => {
  it("never holds a visitor's address, phone or name: submissions, file mail, searches, refusals", async () => {
    const logger = createLogger('debug', capture);
    const app = createApp({
      db: context.db,
      dialect: context.database.dialect,
      mail: { wake: () => undefined },
      clock: context.now,
      config: context.config,
      logger,
    });
    const transport = createMailTransport({
      smtpUrl: undefined,
      from: context.config.mailFrom,
      outboxDir: outboxDir(context.dataDir),
      logger,
      logLinks: true,
    });
    const sender = createOutboxSender({
      db: context.db,
      dialect: context.database.dialect,
      transport,
      clock: context.now,
      logger,
      retryBaseMs: 60_000,
      leaseMs: 120_000,
    });
    const person = (kind: MessageKind) => ({
      ...VALID_SUBMISSIONS[kind],
      ...(kind === 'web_dev' || kind === 'creative_design'
        ? { firstname: VISITOR.firstname, surname: VISITOR.surname }
        : { name: `${VISITOR.firstname} ${VISITOR.surname}` }),
      email: VISITOR.email,
      phone: PHONES[kind],
    });
    for (const kind of MESSAGE_KINDS) {
      // With the human check answered, so that the visitor is sent an auto-reply too.
      const question = (await request(app).get(API_PATHS.HUMAN_CHECK)).body as { a: number; b: number; token: string };
      context.advance(SUBMISSION_RULES.MIN_FILL_MS);
      const answered = { humanCheckToken: question.token, humanCheckAnswer: String(question.a + question.b) };
      const stored = await request(app)
        .post(MESSAGE_KIND_PATHS[kind].submit)
        .send({ ...person(kind), ...answered });
      expect(stored.status, kind).toBe(201);
      // Refused: the same person with a field too long, and as a browser's form post with a broken address.
      const refused = await request(app)
        .post(MESSAGE_KIND_PATHS[kind].submit)
        .send({ ...person(kind), email: `${VISITOR.email}${'x'.repeat(300)}` });
      expect(refused.status, kind).toBe(400);
    }
    await sender.drain();
    transport.close();
    const toVisitor = await context.db
      .selectFrom('outbox')
      .select('status')
      .where('recipient', '=', VISITOR.email)
      .execute();
    expect(toVisitor.length).toBeGreaterThan(0);
    expect(toVisitor.every((mail) => mail.status === 'sent')).toBe(true);

    const owner = request.agent(app);
    await owner.post('/api/login.php?action=login').send({ email: 'owner@agency.test', password: 'Str0ng!Passw0rd' });
    const found = await owner
      .get(STAFF_ADMIN_PATHS.DATA_REQUEST)
      .query({ email: VISITOR.email, phone: PHONES.contact });
    expect(found.status).toBe(200);
    expect(found.body.enquiries).toHaveLength(4);
    expect((await owner.get(INBOX_PATHS.list('contact')).query({ q: VISITOR.surname })).status).toBe(200);
    logger.error({ err: new Error(`Duplicate entry '${VISITOR.email}' for key 'x' (${PHONES.contact})`) }, 'a failure');
    logger.flush();

    const log = lines.join('');
    // The log is there, and names mail by Message-ID and the lookups by path.
    expect(log.match(/mail written to the outbox folder/g)?.length).toBeGreaterThanOrEqual(4);
    expect(log).toMatch(/"messageId":"<[^"]+@rendezvousdigital\.ng>"/);
    expect(log).toContain('/api/data-requests?email=[redacted]&phone=[redacted]');
    expect(log).toContain("Duplicate entry '[address]'");
    expect(tracesIn(log)).toEqual([]);
  });

  it('redacts what may name a person from URLs and scrubs addresses and numbers from error text', () => {
    expect(redactUrl('/api/enquiries/contact?q=Ada%20Obi&limit=20')).toBe(
      '/api/enquiries/contact?q=[redacted]&limit=20',
    );
    expect(redactUrl('/api/data-requests?phone=0803&email=a%40b.ng')).toBe(
      '/api/data-requests?phone=[redacted]&email=[redacted]',
    );
    expect(scrubPersonalData('550 <ada.obi@example.ng>: no such user; call 0803 555 0199')).toBe(
      '550 <[address]>: no such user; call [number]',
    );
    expect(scrubPersonalData('at run (/srv/app/dist/server.js:123:45)')).toBe(
      'at run (/srv/app/dist/server.js:123:45)',
    );
  });
});
