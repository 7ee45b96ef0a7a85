import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_MESSAGES,
  API_PATHS,
  DEFAULT_AVATAR,
  FIELD_MESSAGES,
  MESSAGE_KIND_PATHS,
  SPEC_MESSAGES,
  type MessageKind,
} from '@agency/shared';
import { createHttpServer, SERVER_TIMEOUTS } from './lib/http-server';
import { VALID_SUBMISSIONS } from './test/fixtures';
import { multipartBody } from './test/multipart';
import { countRows, dataTables } from './test/table-counts';
import {
  createTestContext,
  registerAndConfirm,
  signedInStaff,
  signIn,
  STRONG_PASSWORD,
  type TestContext,
} from './test/test-context';

let context: TestContext;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
const STAFF_EMAIL = 'owner@agency.test';

beforeAll(async () => {
  context = await createTestContext();
  staff = await signedInStaff(context, STAFF_EMAIL);
});

afterAll(async () => {
  await context.close();
});

async function storedRows(): Promise<Record<string, number>> {
  return countRows(context.db, await dataTables(context.db));
}

async function messageCount(kind: MessageKind): Promise<number> {
  const rows = await context.db.selectFrom('enquiries').select('id').where('kind', '=', kind).execute();
  return rows.length;
}

/** Submits a contact message and returns the id the staff list gives it. */
async function storedContactId(): Promise<number> {
  const name = `Edge ${Math.random().toString(36).slice(2)}`;
  const submitted = await request(context.app)
    .post(MESSAGE_KIND_PATHS.contact.submit)
    .send({ ...VALID_SUBMISSIONS.contact, name });
  expect(submitted.status).toBe(201);
  const listed = await staff.get(MESSAGE_KIND_PATHS.contact.list).query({ q: name });
  const id = (listed.body.messages as Array<{ id: number }>)[0]?.id;
  if (id === undefined) throw new Error('the submitted message is not listed');
  return id;
}

describe('ids and paging numbers are decimal digits only', () => {
  it('id=0x10 does not delete message 16: written in hex, the id is refused and the message stays', async () => {
    const id = await storedContactId();
    const hex = `0x${id.toString(16)}`;
    const listed = async () => (await staff.get(MESSAGE_KIND_PATHS.contact.list)).body.messages.length as number;
    const before = await listed();
    const response = await staff.delete(`${MESSAGE_KIND_PATHS.contact.delete}?id=${hex}`);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ id: FIELD_MESSAGES.DECIMAL_NUMBER });
    expect(await listed()).toBe(before);
    // The same id in decimal is the one that deletes it (into the inbox's trash, out of the list).
    expect((await staff.delete(`${MESSAGE_KIND_PATHS.contact.delete}?id=${id}`)).status).toBe(200);
    expect(await listed()).toBe(before - 1);
  });

  it.each(['1e1', '0b1', '0o1', '%2016', '16%20', '16.0', '-1', '+1', '1_0', 'Infinity', ''])(
    'a delete with id=%s is 400 with the digits message',
    async (id) => {
      const response = await staff.delete(`${MESSAGE_KIND_PATHS.web_dev.delete}?id=${id}`);
      expect(response.status).toBe(400);
      expect(response.body.errors.id).toBe(FIELD_MESSAGES.DECIMAL_NUMBER);
    },
  );

  it('a delete with the id twice, or with none, is 400 with a clear message', async () => {
    const twice = await staff.delete(`${MESSAGE_KIND_PATHS.web_dev.delete}?id=1&id=2`);
    expect(twice.status).toBe(400);
    expect(twice.body.errors.id).toBe(FIELD_MESSAGES.DECIMAL_NUMBER);
    const none = await staff.delete(MESSAGE_KIND_PATHS.web_dev.delete);
    expect(none.status).toBe(400);
    expect(none.body.errors.id).toBe(FIELD_MESSAGES.REQUIRED);
  });

  it.each([
    ['limit', '0x10', FIELD_MESSAGES.DECIMAL_NUMBER],
    ['limit', '1e1', FIELD_MESSAGES.DECIMAL_NUMBER],
    ['limit', '10.0', FIELD_MESSAGES.DECIMAL_NUMBER],
    ['limit', '0', FIELD_MESSAGES.NUMBER_RANGE(1, 1000)],
    ['limit', '1001', FIELD_MESSAGES.NUMBER_RANGE(1, 1000)],
    ['offset', '0b1', FIELD_MESSAGES.DECIMAL_NUMBER],
    ['offset', '-1', FIELD_MESSAGES.DECIMAL_NUMBER],
    ['offset', '%201', FIELD_MESSAGES.DECIMAL_NUMBER],
    ['offset', '9'.repeat(40), FIELD_MESSAGES.NUMBER_RANGE(0, Number.MAX_SAFE_INTEGER)],
  ])('a list with %s=%s is 400 with a clear message', async (name, value, message) => {
    const response = await staff.get(`${MESSAGE_KIND_PATHS.request_quote.list}?${name}=${value}`);
    expect(response.status).toBe(400);
    expect(response.body.errors[name]).toBe(message);
  });

  it('decimal paging numbers, leading zeros included, are read as written', async () => {
    await storedContactId();
    await storedContactId();
    const response = await staff.get(`${MESSAGE_KIND_PATHS.contact.list}?limit=01&offset=0`);
    expect(response.status).toBe(200);
    expect(response.body.messages).toHaveLength(1);
  });
});

describe('single-line fields refuse control characters and lone surrogates', () => {
  it.each([
    ['contact', 'name', 'Bola\u0000Ahmed'],
    ['contact', 'phone', '0803\u001b[2J'],
    ['contact', 'email', 'bola\u007f@example.ng'],
    ['request_quote', 'name', 'Chidi\u0085Eze'],
    ['request_quote', 'phone', '0809\n9999999'],
    ['web_dev', 'firstname', 'Tolu\tA'],
    ['creative_design', 'surname', 'Oka\u2028for'],
  ] as const)(
    'a %s %s with a control character is 400 with the field message and nothing is stored',
    async (kind, field, value) => {
      const before = await storedRows();
      const response = await request(context.app)
        .post(MESSAGE_KIND_PATHS[kind].submit)
        .send({ ...VALID_SUBMISSIONS[kind], [field]: value });
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual({ [field]: FIELD_MESSAGES.SINGLE_LINE });
      expect(await storedRows()).toEqual(before);
    },
  );

  it('a name with a lone surrogate (sent as a JSON escape) is 400 with the broken-character message', async () => {
    const before = await storedRows();
    const body = JSON.stringify({ ...VALID_SUBMISSIONS.contact, name: 'Bola \ud83d Ahmed' });
    expect(body).toContain('\\ud83d');
    const response = await request(context.app)
      .post(MESSAGE_KIND_PATHS.contact.submit)
      .set('Content-Type', 'application/json')
      .send(body);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ name: FIELD_MESSAGES.BROKEN_CHARACTER });
    expect(await storedRows()).toEqual(before);
  });

  it('a name with an emoji (a well-formed surrogate pair) is stored and listed as sent', async () => {
    const name = 'Bola 😀 Ahmed';
    const response = await request(context.app)
      .post(MESSAGE_KIND_PATHS.contact.submit)
      .send({ ...VALID_SUBMISSIONS.contact, name });
    expect(response.status).toBe(201);
    const listed = await staff.get(MESSAGE_KIND_PATHS.contact.list).query({ q: '😀' });
    expect(listed.body.messages.map((message: { name: string }) => message.name)).toContain(name);
  });

  it('an account e-mail with a control character is refused at registration, login and reset', async () => {
    const before = await storedRows();
    const email = 'new\u0000person@example.ng';
    const registered = await request(context.app)
      .post(API_PATHS.REGISTER)
      .field('email', email)
      .field('password', STRONG_PASSWORD);
    const login = await request(context.app).post(API_PATHS.LOGIN).send({ email, password: STRONG_PASSWORD });
    const reset = await request(context.app).post(API_PATHS.RESET_REQUEST).send({ email });
    for (const response of [registered, login, reset]) {
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual({ email: FIELD_MESSAGES.SINGLE_LINE });
    }
    expect(await storedRows()).toEqual(before);
  });
});

describe('multi-line fields keep tab and newline only', () => {
  it('a message is stored with its tabs and line breaks, CRLF and lone CR as newline', async () => {
    const marker = `multi-${Math.random().toString(36).slice(2)}`;
    const response = await request(context.app)
      .post(MESSAGE_KIND_PATHS.contact.submit)
      .send({ ...VALID_SUBMISSIONS.contact, message: `${marker}\r\nSecond line\r\tindented\n\nlast` });
    expect(response.status).toBe(201);
    const listed = await staff.get(MESSAGE_KIND_PATHS.contact.list).query({ q: marker });
    expect(listed.body.messages[0].message).toBe(`${marker}\nSecond line\n\tindented\n\nlast`);
  });

  it.each([
    ['contact', 'message', 'Hello\u0007there'],
    ['contact', 'message', 'Hello\u000bthere'],
    ['request_quote', 'projectDescription', 'A shop\u009bwith payments'],
  ] as const)('a %s %s with another control character is 400 and nothing is stored', async (kind, field, value) => {
    const before = await storedRows();
    const response = await request(context.app)
      .post(MESSAGE_KIND_PATHS[kind].submit)
      .send({ ...VALID_SUBMISSIONS[kind], [field]: value });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ [field]: FIELD_MESSAGES.CONTROL_CHARACTERS });
    expect(await storedRows()).toEqual(before);
  });
});

describe('bodies that are not UTF-8', () => {
  // superagent would write a Buffer sent as JSON as `{"type":"Buffer",...}`; these bytes go out as they are.
  const postBytes = (path: string, bytes: Buffer, contentType = 'application/json') =>
    request(context.app)
      .post(path)
      .set('Content-Type', contentType)
      .serialize((body) => body)
      .send(bytes);
  const validJson = JSON.stringify({ ...VALID_SUBMISSIONS.contact, name: 'Bola XX' });
  const withBytes = (bytes: number[]) => {
    const [head, tail] = validJson.split('XX');
    return Buffer.concat([Buffer.from(head ?? ''), Buffer.from(bytes), Buffer.from(tail ?? '')]);
  };

  it.each([
    ['a lone continuation byte', [0x80]],
    ['a truncated two-byte sequence', [0xc3, 0x28]],
    ['an overlong slash', [0xc0, 0xaf]],
    ['an encoded surrogate', [0xed, 0xa0, 0x80]],
    ['the byte FF', [0xff]],
  ])('a JSON body with %s is 400 and nothing is stored', async (_label, bytes) => {
    const before = await storedRows();
    const response = await postBytes(MESSAGE_KIND_PATHS.contact.submit, withBytes(bytes));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, message: API_MESSAGES.INVALID_UTF8 });
    expect(await storedRows()).toEqual(before);
  });

  it('the same body with real UTF-8 (a Yoruba name) is stored', async () => {
    const response = await postBytes(MESSAGE_KIND_PATHS.contact.submit, Buffer.from(validJson.replace('XX', 'Ọmọ')));
    expect(response.status).toBe(201);
  });

  it('JSON declared as UTF-16 is 415', async () => {
    const response = await postBytes(
      MESSAGE_KIND_PATHS.contact.submit,
      Buffer.from(validJson, 'utf16le'),
      'application/json; charset=utf-16le',
    );
    expect(response.status).toBe(415);
    expect(response.body.message).toBe(API_MESSAGES.INVALID_UTF8);
  });

  it('a registration whose password field is not UTF-8 is 400 and creates no account', async () => {
    const before = await storedRows();
    const { body, contentType } = multipartBody([
      { name: 'email', value: 'bytes@example.ng' },
      { name: 'password', value: Buffer.concat([Buffer.from('Str0ng!Pass'), Buffer.from([0xff, 0xfe])]) },
    ]);
    const response = await postBytes(API_PATHS.REGISTER, body, contentType);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ password: API_MESSAGES.INVALID_UTF8 });
    expect(await storedRows()).toEqual(before);
  });

  it('a registration with a non-ASCII UTF-8 password signs in with exactly that password', async () => {
    const password = 'Ọmọ-Naija9x!₦';
    await registerAndConfirm(context, 'yoruba@example.ng', password);
    const { response } = await signIn(context, 'yoruba@example.ng', password);
    // 403: an ordinary account awaiting approval, which is only said once the password matched.
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(API_MESSAGES.LOGIN_AWAITING_APPROVAL);
    const latin1Reading = Buffer.from(password, 'utf8').toString('latin1');
    expect((await signIn(context, 'yoruba@example.ng', latin1Reading)).response.status).toBe(401);
  });
});

describe('Cache-Control: no-store on every API answer', () => {
  it.each([
    ['a staff list', () => staff.get(MESSAGE_KIND_PATHS.contact.list)],
    ['the session check', () => staff.get(API_PATHS.SESSION_CHECK)],
    [
      'a submission',
      () => request(context.app).post(MESSAGE_KIND_PATHS.contact.submit).send(VALID_SUBMISSIONS.contact),
    ],
    ['a refused submission', () => request(context.app).post(MESSAGE_KIND_PATHS.contact.submit).send({})],
    ['a list without a session', () => request(context.app).get(MESSAGE_KIND_PATHS.contact.list)],
    ['a login', () => request(context.app).post(API_PATHS.LOGIN).send({ email: 'x@y.ng', password: 'x' })],
    ['an unknown API path', () => request(context.app).get('/api/nothing-here')],
    ['the wrong method', () => request(context.app).put(API_PATHS.REGISTER)],
    ['the health check', () => request(context.app).get(API_PATHS.HEALTH)],
  ])('%s says no-store', async (_label, send) => {
    const response = await send();
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('a failure after a route named another type', () => {
  it('a range past the end of the default avatar is 416 in JSON, not JSON labelled as a picture (found by fuzz.test.ts)', async () => {
    const response = await request(context.app)
      .get(`${API_PATHS.PROFILE_IMAGES}/${DEFAULT_AVATAR}`)
      .set('Range', 'bytes=999999-');
    expect(response.status).toBe(416);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body.success).toBe(false);
  });
});

describe('Sec-Fetch-Site: cross-site', () => {
  it('a submission that says cross-site, without an Origin, is 403 and stores nothing', async () => {
    const before = await storedRows();
    const response = await request(context.app)
      .post(MESSAGE_KIND_PATHS.contact.submit)
      .set('Sec-Fetch-Site', 'cross-site')
      .send(VALID_SUBMISSIONS.contact);
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(API_MESSAGES.CROSS_SITE);
    expect(await storedRows()).toEqual(before);
  });

  it('a delete that says cross-site is 403 even with a staff session, and the message stays', async () => {
    const id = await storedContactId();
    const before = await messageCount('contact');
    const response = await staff
      .delete(`${MESSAGE_KIND_PATHS.contact.delete}?id=${id}`)
      .set('Sec-Fetch-Site', 'cross-site');
    expect(response.status).toBe(403);
    expect(await messageCount('contact')).toBe(before);
  });

  it.each(['same-origin', 'same-site', 'none'])('a submission that says %s is accepted', async (site) => {
    const response = await request(context.app)
      .post(MESSAGE_KIND_PATHS.contact.submit)
      .set('Sec-Fetch-Site', site)
      .send(VALID_SUBMISSIONS.contact);
    expect(response.status).toBe(201);
    expect(response.body.message).toBe(SPEC_MESSAGES.MESSAGE_SENT);
  });

  it('a read that says cross-site is answered (reads change nothing)', async () => {
    const response = await request(context.app).get(API_PATHS.HEALTH).set('Sec-Fetch-Site', 'cross-site');
    expect(response.status).toBe(200);
  });
});

describe('logout', () => {
  const signedIn = async () => {
    const { agent, response } = await signIn(context, STAFF_EMAIL);
    expect(response.status).toBe(200);
    return agent;
  };
  const isSignedIn = async (agent: Awaited<ReturnType<typeof signedIn>>) =>
    (await agent.get(API_PATHS.SESSION_CHECK)).body.success === true;

  it('POST logout.php ends the session', async () => {
    const agent = await signedIn();
    const response = await agent.post(API_PATHS.LOGOUT);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: API_MESSAGES.LOGGED_OUT });
    expect(await isSignedIn(agent)).toBe(false);
  });

  it('POST logout.php from another origin is 403 and the session stays', async () => {
    const agent = await signedIn();
    const response = await agent.post(API_PATHS.LOGOUT).set('Origin', 'https://evil.example');
    expect(response.status).toBe(403);
    expect(await isSignedIn(agent)).toBe(true);
  });

  it('a cross-site GET logout.php (a link or image on another site) is 403 and the session stays', async () => {
    const agent = await signedIn();
    const response = await agent.get(API_PATHS.LOGOUT).set('Sec-Fetch-Site', 'cross-site');
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(API_MESSAGES.CROSS_SITE);
    expect(await isSignedIn(agent)).toBe(true);
  });

  it.each([['same-origin'], ['same-site'], ['none'], [undefined]])(
    'a GET logout.php with Sec-Fetch-Site %s ends the session',
    async (site) => {
      const agent = await signedIn();
      const call = agent.get(API_PATHS.LOGOUT);
      const response = await (site === undefined ? call : call.set('Sec-Fetch-Site', site));
      expect(response.status).toBe(200);
      expect(await isSignedIn(agent)).toBe(false);
    },
  );
});

describe('a login password longer than 72 bytes', () => {
  it('is refused with 400 rather than compared by its first 72 bytes, as bcrypt would', async () => {
    const password = `Aa1!${'x'.repeat(68)}`;
    expect(Buffer.byteLength(password)).toBe(72);
    await registerAndConfirm(context, 'long@example.ng', password);
    expect((await signIn(context, 'long@example.ng', password)).response.status).toBe(403);

    const before = await storedRows();
    const { response } = await signIn(context, 'long@example.ng', `${password}-and-more`);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ password: FIELD_MESSAGES.PASSWORD_TOO_LONG });
    expect(await storedRows()).toEqual(before);
  });
});

describe('server timeouts', () => {
  it('are 20 s for the headers, 30 s for the whole request and 5 s for an idle kept-alive connection', () => {
    const server = createHttpServer(context.app);
    expect(SERVER_TIMEOUTS).toEqual({ headersTimeoutMs: 20_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 5_000 });
    expect(server.headersTimeout).toBe(20_000);
    expect(server.requestTimeout).toBe(30_000);
    expect(server.keepAliveTimeout).toBe(5_000);
  });

  /** Sends raw bytes to a server made with short timeouts and gathers what comes back until it closes. */
  async function exchange(write: (socket: net.Socket) => void): Promise<{ answer: string; ms: number }> {
    const server = createHttpServer(context.app, {
      headersTimeoutMs: 300,
      requestTimeoutMs: 600,
      keepAliveTimeoutMs: 200,
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const socket = net.connect((server.address() as AddressInfo).port, '127.0.0.1');
      await once(socket, 'connect');
      const started = Date.now();
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
      write(socket);
      await Promise.race([
        once(socket, 'close'),
        new Promise((_resolve, reject) => setTimeout(() => reject(new Error(`still open; got ${answer}`)), 5_000)),
      ]);
      return { answer, ms: Date.now() - started };
    } finally {
      server.closeAllConnections();
      server.close();
    }
  }

  const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown;

  it('a body that never finishes is answered 408 in JSON once the request time is up, and nothing is stored', async () => {
    const before = await storedRows();
    const { answer, ms } = await exchange((socket) =>
      socket.write(
        `POST ${MESSAGE_KIND_PATHS.contact.submit} HTTP/1.1\r\nHost: app.test\r\nContent-Type: application/json\r\n` +
          'Content-Length: 500\r\n\r\n{"name":',
      ),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(bodyOf(answer)).toEqual({ success: false, message: API_MESSAGES.REQUEST_TIMEOUT });
    expect(ms).toBeLessThan(3_000);
    expect(await storedRows()).toEqual(before);
  });

  it('headers that never finish are answered 408 once the header time is up', async () => {
    const { answer, ms } = await exchange((socket) => socket.write('GET /api/health HTTP/1.1\r\nHost: app.test\r\n'));
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(ms).toBeLessThan(3_000);
  });

  it('an idle kept-alive connection is closed after the keep-alive time', async () => {
    const { answer, ms } = await exchange((socket) =>
      socket.write('GET /api/health HTTP/1.1\r\nHost: app.test\r\nConnection: keep-alive\r\n\r\n'),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(ms).toBeLessThan(3_000);
  });

  it('an Expect header the server does not meet is answered 417 in JSON', async () => {
    const { answer } = await exchange((socket) =>
      socket.write('GET /api/health HTTP/1.1\r\nHost: app.test\r\nExpect: the-unexpected\r\nConnection: close\r\n\r\n'),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 417 /);
    expect(bodyOf(answer)).toEqual({ success: false, message: API_MESSAGES.EXPECTATION_FAILED });
  });

  it('a request Node cannot parse, or whose headers are too large, is answered in JSON too', async () => {
    const garbled = await exchange((socket) => socket.write('NOT HTTP AT ALL\r\n\r\n'));
    expect(garbled.answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(bodyOf(garbled.answer)).toEqual({ success: false, message: API_MESSAGES.MALFORMED_REQUEST });
    const huge = await exchange((socket) =>
      socket.write(`GET /api/health HTTP/1.1\r\nHost: app.test\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
    );
    expect(huge.answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(bodyOf(huge.answer)).toEqual({ success: false, message: API_MESSAGES.BODY_TOO_LARGE });
  });
});
