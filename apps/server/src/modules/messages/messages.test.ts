import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_MESSAGES,
  ENQUIRY_KINDS,
  MESSAGE_KIND_PATHS,
  MESSAGE_KINDS,
  REFERENCE_PATTERN,
  SPEC_MESSAGES,
  type MessageKind,
} from '@agency/shared';
import { VALID_SUBMISSIONS } from '../../test/fixtures';
import {
  createTestContext,
  registerAndConfirm,
  signedInStaff,
  signIn,
  type TestContext,
} from '../../test/test-context';

/** What the API lists for each kind besides id, in this order (spec 3), written out so the contract is pinned. */
const LISTED_FIELDS: Record<MessageKind, string[]> = {
  web_dev: [
    'firstname',
    'surname',
    'email',
    'phone',
    'schedule',
    'trainingType',
    'occupation',
    'state',
    'referral',
    'created_at',
  ],
  creative_design: [
    'firstname',
    'surname',
    'email',
    'phone',
    'schedule',
    'occupation',
    'state',
    'referral',
    'created_at',
  ],
  contact: ['name', 'email', 'phone', 'message', 'created_at'],
  request_quote: ['name', 'email', 'phone', 'location', 'project_description', 'services', 'created_at'],
};

let context: TestContext;
let staff: Awaited<ReturnType<typeof signedInStaff>>;

async function countRows(kind: MessageKind): Promise<number> {
  const row = await context.db
    .selectFrom('enquiries')
    .where('kind', '=', kind)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function clearMessages(): Promise<void> {
  await context.db.deleteFrom('enquiries').execute();
}

beforeAll(async () => {
  context = await createTestContext();
  staff = await signedInStaff(context);
});

afterAll(async () => {
  await context.close();
});

describe.each(MESSAGE_KINDS)('the %s messages', (kind) => {
  const definition = ENQUIRY_KINDS[kind];
  const valid = VALID_SUBMISSIONS[kind];

  it('a valid submission is stored and answered 201 with the spec success message', async () => {
    await clearMessages();
    const response = await request(context.app).post(definition.paths.submit).send(valid);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      success: true,
      message: definition.successMessage,
      reference: expect.stringMatching(REFERENCE_PATTERN),
    });
    expect(await countRows(kind)).toBe(1);
  });

  it('the staff list returns id plus exactly the stored fields of spec 3, with an ISO created_at', async () => {
    const response = await staff.get(definition.paths.list);
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect(response.body.total).toBeUndefined();
    const [message] = response.body.messages;
    expect(Object.keys(message)).toEqual(['id', ...LISTED_FIELDS[kind]]);
    expect(message.created_at).toBe(context.now().toISOString());
    expect(message.email).toBe(valid.email);
  });

  it('a submission with a field missing is 400 with that field named, and stores nothing', async () => {
    const before = await countRows(kind);
    const { email: _email, ...withoutEmail } = valid;
    const response = await request(context.app).post(definition.paths.submit).send(withoutEmail);
    expect(response.status).toBe(400);
    expect(response.body.success).toBe(false);
    expect(response.body.errors).toHaveProperty('email');
    expect(await countRows(kind)).toBe(before);
  });

  it('a submission with an unknown field is 400 and stores nothing', async () => {
    const before = await countRows(kind);
    const response = await request(context.app)
      .post(definition.paths.submit)
      .send({ ...valid, isAdmin: true });
    expect(response.status).toBe(400);
    expect(response.body.errors).toHaveProperty('isAdmin');
    expect(await countRows(kind)).toBe(before);
  });

  it('a submission with a wrong type is 400 and stores nothing', async () => {
    const before = await countRows(kind);
    const response = await request(context.app)
      .post(definition.paths.submit)
      .send({ ...valid, email: 42 });
    expect(response.status).toBe(400);
    expect(response.body.errors).toHaveProperty('email');
    expect(await countRows(kind)).toBe(before);
  });

  it('invalid JSON is 400 JSON, never a 5xx', async () => {
    const response = await request(context.app)
      .post(definition.paths.submit)
      .set('Content-Type', 'application/json')
      .send('{"name": "unterminated');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, message: API_MESSAGES.INVALID_JSON });
  });

  it('a form-encoded body (a form post without JavaScript) is checked by the same schema, and a text body is 415', async () => {
    const form = new URLSearchParams();
    for (const [name, value] of Object.entries({ ...valid, email: 'not-an-address' })) {
      for (const item of Array.isArray(value) ? value : [value]) form.append(name, String(item));
    }
    const refused = await request(context.app).post(definition.paths.submit).type('form').send(form.toString());
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, errors: { email: expect.any(String) } });
    expect(Object.keys(refused.body.errors)).toEqual(['email']);
    const text = await request(context.app).post(definition.paths.submit).type('text').send('name=Bola');
    expect(text.status).toBe(415);
    expect(text.body.success).toBe(false);
  });

  it('a body over 100 kB is 413 and stores nothing', async () => {
    const before = await countRows(kind);
    const response = await request(context.app)
      .post(definition.paths.submit)
      .send({ ...valid, padding: 'x'.repeat(110 * 1024) });
    expect(response.status).toBe(413);
    expect(response.body.success).toBe(false);
    expect(await countRows(kind)).toBe(before);
  });

  it('the wrong method on the submit path is 405 with Allow', async () => {
    const response = await request(context.app).get(definition.paths.submit);
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('POST');
    expect(response.body.success).toBe(false);
  });

  it('the list without a session is 401', async () => {
    const response = await request(context.app).get(definition.paths.list);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ success: false, message: API_MESSAGES.NOT_SIGNED_IN });
  });

  it('a delete without a session is 401 and removes nothing', async () => {
    const before = await countRows(kind);
    const response = await request(context.app).delete(`${definition.paths.delete}?id=1`);
    expect(response.status).toBe(401);
    expect(await countRows(kind)).toBe(before);
  });

  it('a delete of an unknown id is 404', async () => {
    const response = await staff.delete(`${definition.paths.delete}?id=987654`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ success: false, message: API_MESSAGES.MESSAGE_NOT_FOUND });
  });

  it('a delete with a malformed id is 400', async () => {
    const response = await staff.delete(`${definition.paths.delete}?id=abc`);
    expect(response.status).toBe(400);
    expect(response.body.errors).toHaveProperty('id');
  });

  it('a staff delete takes the message out of the list (into the inbox trash)', async () => {
    const [message] = (await staff.get(definition.paths.list)).body.messages;
    const response = await staff.delete(`${definition.paths.delete}?id=${message.id}`);
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect((await staff.get(definition.paths.list)).body.messages).toEqual([]);
  });
});

describe('validation rules of spec 5 on the server', () => {
  it('a training phone that is not exactly 11 digits is refused', async () => {
    for (const phone of ['0801234567', '080123456789', '0801234567a']) {
      const response = await request(context.app)
        .post(MESSAGE_KIND_PATHS.web_dev.submit)
        .send({ ...VALID_SUBMISSIONS.web_dev, phone });
      expect(response.status).toBe(400);
      expect(response.body.errors).toHaveProperty('phone');
    }
  });

  it('a state outside the list is refused: the Federal Capital Territory is spelled "Abuja (FCT)", not "FCT"', async () => {
    const response = await request(context.app)
      .post(MESSAGE_KIND_PATHS.web_dev.submit)
      .send({ ...VALID_SUBMISSIONS.web_dev, state: 'FCT' });
    expect(response.status).toBe(400);
    expect(response.body.errors).toHaveProperty('state');
  });

  it('a contact message over 5,000 characters is refused', async () => {
    const response = await request(context.app)
      .post(MESSAGE_KIND_PATHS.contact.submit)
      .send({ ...VALID_SUBMISSIONS.contact, message: 'a'.repeat(5001) });
    expect(response.status).toBe(400);
    expect(response.body.errors).toHaveProperty('message');
  });

  it('a name over 100 characters is refused', async () => {
    const response = await request(context.app)
      .post(MESSAGE_KIND_PATHS.contact.submit)
      .send({ ...VALID_SUBMISSIONS.contact, name: 'n'.repeat(101) });
    expect(response.status).toBe(400);
    expect(response.body.errors).toHaveProperty('name');
  });

  it('a quote with an unknown service is refused', async () => {
    const response = await request(context.app)
      .post(MESSAGE_KIND_PATHS.request_quote.submit)
      .send({ ...VALID_SUBMISSIONS.request_quote, services: ['Web development', 'Hacking'] });
    expect(response.status).toBe(400);
    expect(response.body.errors).toHaveProperty('services');
  });

  it('a JSON array body is 400, not a crash', async () => {
    const response = await request(context.app)
      .post(MESSAGE_KIND_PATHS.contact.submit)
      .send([VALID_SUBMISSIONS.contact]);
    expect(response.status).toBe(400);
    expect(response.body.success).toBe(false);
  });

  it('the web training radios may be left empty and are stored as null', async () => {
    await clearMessages();
    const { trainingType: _type, schedule: _schedule, ...withoutRadios } = VALID_SUBMISSIONS.web_dev;
    const response = await request(context.app).post(MESSAGE_KIND_PATHS.web_dev.submit).send(withoutRadios);
    expect(response.status).toBe(201);
    const [message] = (await staff.get(MESSAGE_KIND_PATHS.web_dev.list)).body.messages;
    expect(message.trainingType).toBeNull();
    expect(message.schedule).toBeNull();
  });

  it('the quote services are stored and returned as an array', async () => {
    await clearMessages();
    await request(context.app).post(MESSAGE_KIND_PATHS.request_quote.submit).send(VALID_SUBMISSIONS.request_quote);
    const [message] = (await staff.get(MESSAGE_KIND_PATHS.request_quote.list)).body.messages;
    expect(message.services).toEqual(['Web development', 'SEO']);
    expect(message.project_description).toBe(VALID_SUBMISSIONS.request_quote.projectDescription);
  });
});

describe('listing', () => {
  beforeAll(async () => {
    await clearMessages();
    for (let index = 1; index <= 5; index += 1) {
      await request(context.app)
        .post(MESSAGE_KIND_PATHS.contact.submit)
        .send({
          ...VALID_SUBMISSIONS.contact,
          name: `Client ${index}`,
          message: index === 3 ? 'About 50%_off' : 'Hello',
        });
      context.advance(60_000);
    }
  });

  it('lists are newest first and, without paging parameters, return every row without total', async () => {
    const response = await staff.get(MESSAGE_KIND_PATHS.contact.list);
    expect(response.body.messages.map((m: { name: string }) => m.name)).toEqual([
      'Client 5',
      'Client 4',
      'Client 3',
      'Client 2',
      'Client 1',
    ]);
    expect(response.body).not.toHaveProperty('total');
  });

  it('limit and offset narrow the list and add total', async () => {
    const response = await staff.get(`${MESSAGE_KIND_PATHS.contact.list}?limit=2&offset=1`);
    expect(response.body.messages.map((m: { name: string }) => m.name)).toEqual(['Client 4', 'Client 3']);
    expect(response.body.total).toBe(5);
  });

  it('q searches the text fields literally, case-insensitively, and total counts the matches', async () => {
    const response = await staff.get(`${MESSAGE_KIND_PATHS.contact.list}?q=${encodeURIComponent('50%_OFF')}`);
    expect(response.body.messages.map((m: { name: string }) => m.name)).toEqual(['Client 3']);
    expect(response.body.total).toBe(1);
    const wildcard = await staff.get(`${MESSAGE_KIND_PATHS.contact.list}?q=${encodeURIComponent('%')}`);
    expect(wildcard.body.total).toBe(1);
  });

  it('q finds a name typed without its accents and tone marks, as the inbox does', async () => {
    await staff
      .post(MESSAGE_KIND_PATHS.contact.submit)
      .send({ ...VALID_SUBMISSIONS.contact, name: 'Ọlábísí Adéwálé' })
      .expect(201);
    context.advance(60_000);
    for (const typed of ['olabisi', 'ỌLÁBÍSÍ', 'ADEWALE']) {
      const response = await staff.get(`${MESSAGE_KIND_PATHS.contact.list}?q=${encodeURIComponent(typed)}`);
      expect(
        response.body.messages.map((m: { name: string }) => m.name),
        typed,
      ).toEqual(['Ọlábísí Adéwálé']);
    }
  });

  it('a bad limit is 400', async () => {
    const response = await staff.get(`${MESSAGE_KIND_PATHS.contact.list}?limit=-3`);
    expect(response.status).toBe(400);
    expect(response.body.errors).toHaveProperty('limit');
  });
});

describe('who may read messages', () => {
  it('a signed-in account that is not staff gets 403', async () => {
    await registerAndConfirm(context, 'helper@agency.test');
    const login = await signIn(context, 'helper@agency.test');
    expect(login.response.status).toBe(403);
    expect(login.response.body.message).toBe(API_MESSAGES.LOGIN_AWAITING_APPROVAL);
    // Even with a session (as if staff rights were withdrawn after sign-in) the lists stay closed.
    const user = await context.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'helper@agency.test')
      .executeTakeFirstOrThrow();
    await context.db.updateTable('users').set({ role: 'staff' }).where('id', '=', user.id).execute();
    const { agent } = await signIn(context, 'helper@agency.test');
    await context.db.updateTable('users').set({ role: 'pending' }).where('id', '=', user.id).execute();
    const response = await agent.get(MESSAGE_KIND_PATHS.contact.list);
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(API_MESSAGES.NOT_STAFF);
    const deletion = await agent.delete(`${MESSAGE_KIND_PATHS.contact.delete}?id=1`);
    expect(deletion.status).toBe(403);
  });

  it('a state-changing call from another site is 403 and stores nothing', async () => {
    const before = await countRows('contact');
    const response = await request(context.app)
      .post(MESSAGE_KIND_PATHS.contact.submit)
      .set('Origin', 'https://evil.example')
      .send(VALID_SUBMISSIONS.contact);
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(API_MESSAGES.CROSS_SITE);
    expect(await countRows('contact')).toBe(before);
  });

  it('a call from the site itself (APP_URL origin) is accepted', async () => {
    const response = await request(context.app)
      .post(MESSAGE_KIND_PATHS.contact.submit)
      .set('Origin', context.config.appUrl)
      .send(VALID_SUBMISSIONS.contact);
    expect(response.status).toBe(201);
    expect(response.body.message).toBe(SPEC_MESSAGES.MESSAGE_SENT);
  });
});
