import path from 'node:path';
import { sql } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRESENCE_TIMES, presencePath, PresenceAnswerSchema, type PresentColleague } from '@agency/shared';
import { createApp } from '../../app';
import { openDatabase, type DatabaseHandle } from '../../lib/db';
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

/**
 * Presence on an enquiry (issue 23 item 4, docs/decisions/0046): two app instances, each with its own connection pool
 * to the one database (MariaDB in the server-mysql project), see each other's people; entries expire on the injected
 * clock; nobody is shown themselves.
 */

let context: TestContext;
let secondHandle: DatabaseHandle;
/** Signed in through instance A and instance B: the session store is the shared database. */
let ownerOnA: StaffAgent;
let adaOnB: StaffAgent;
let bolaOnB: StaffAgent;
let adaId: number;
let bolaId: number;

async function colleague(email: string): Promise<number> {
  await registerAndConfirm(context, email);
  const id = await userIdOf(context, email);
  await context.db.updateTable('users').set({ role: 'staff' }).where('id', '=', id).execute();
  return id;
}

/** A second, separate connection to the context's database: its SQLite file, or its database on the MariaDB server. */
async function secondPoolOf(of: TestContext): Promise<DatabaseHandle> {
  if (of.database.dialect === 'mysql') {
    const { rows } = await sql<{ name: string }>`select database() as name`.execute(of.db);
    const url = new URL(String(process.env.TEST_MYSQL_URL));
    url.pathname = `/${String(rows[0]?.name)}`;
    return openDatabase({ databaseUrl: url.toString(), dataDir: of.dataDir });
  }
  const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(of.db);
  const file = rows.find((row) => row.name === 'main')?.file ?? '';
  return openDatabase({ databaseUrl: undefined, dataDir: path.dirname(file) });
}

const presentIn = (body: unknown): PresentColleague[] => PresenceAnswerSchema.parse(body).present;

beforeAll(async () => {
  context = await createTestContext();
  ownerOnA = await signedInStaff(context);
  adaId = await colleague('ada@agency.test');
  bolaId = await colleague('bola@agency.test');
  // Shown by the name they chose on their profile; Bola chose none.
  await context.db.updateTable('users').set({ display_name: 'Ada Obi' }).where('id', '=', adaId).execute();
  // Instance B: a second app on a second pool to the same database, with the same clock, as a second server runs.
  secondHandle = await secondPoolOf(context);
  const appB = createApp({
    db: secondHandle.db,
    dialect: secondHandle.dialect,
    mail: context.sender,
    clock: context.now,
    config: context.config,
    logger: createLogger('silent'),
  });
  const signInOnB = async (email: string) => {
    const agent = request.agent(appB);
    const answer = await agent.post('/api/login.php?action=login').send({ email, password: 'Str0ng!Passw0rd' });
    expect(answer.status).toBe(200);
    return agent;
  };
  adaOnB = await signInOnB('ada@agency.test');
  bolaOnB = await signInOnB('bola@agency.test');
  expect((await signIn(context, 'ada@agency.test')).response.status).toBe(200);
});

afterAll(async () => {
  await secondHandle.db.destroy();
  await context.close();
});

describe('presence on an enquiry', () => {
  it('shows a colleague on another instance viewing, then writing a reply, and never the person who asks', async () => {
    const { id } = await storeEnquiry(context, 'contact');
    const path = presencePath('contact', id);

    const first = await ownerOnA.post(path).send({ activity: 'viewing' });
    expect(first.status).toBe(200);
    expect(presentIn(first.body)).toEqual([]);

    const seenByAda = await adaOnB.post(path).send({ activity: 'viewing' });
    expect(presentIn(seenByAda.body)).toEqual([{ userId: expect.any(Number), name: 'owner', activity: 'viewing' }]);
    expect(presentIn((await ownerOnA.get(path)).body)).toEqual([
      { userId: adaId, name: 'Ada Obi', activity: 'viewing' },
    ]);

    await adaOnB.post(path).send({ activity: 'replying' });
    await bolaOnB.post(path).send({ activity: 'viewing' });
    // The one writing a reply first; the asker is never in the list.
    expect(presentIn((await ownerOnA.get(path)).body)).toEqual([
      { userId: adaId, name: 'Ada Obi', activity: 'replying' },
      { userId: bolaId, name: 'bola', activity: 'viewing' },
    ]);
    expect(presentIn((await bolaOnB.get(path)).body).map((p) => p.name)).toEqual(['Ada Obi', 'owner']);

    // Ada leaves: gone at once, for everyone on either instance.
    expect((await adaOnB.delete(path)).status).toBe(200);
    expect(presentIn((await ownerOnA.get(path)).body).map((p) => p.name)).toEqual(['bola']);
    // Another enquiry has nobody.
    const other = await storeEnquiry(context, 'contact');
    expect(presentIn((await ownerOnA.get(presencePath('contact', other.id))).body)).toEqual([]);
  });

  it('lets an entry expire 40 seconds after its last heartbeat on the injected clock, and a heartbeat keeps it', async () => {
    const { id } = await storeEnquiry(context, 'request_quote');
    const path = presencePath('request_quote', id);
    await adaOnB.post(path).send({ activity: 'viewing' });
    const names = async () => presentIn((await ownerOnA.get(path)).body).map((p) => p.name);

    context.advance(PRESENCE_TIMES.EXPIRES_MS - 1);
    expect(await names()).toEqual(['Ada Obi']);
    context.advance(1);
    expect(await names()).toEqual([]);

    // Heartbeats every 15 s keep it for as long as they come.
    await adaOnB.post(path).send({ activity: 'viewing' });
    for (let beat = 0; beat < 4; beat += 1) {
      context.advance(PRESENCE_TIMES.HEARTBEAT_MS);
      expect(await names()).toEqual(['Ada Obi']);
      await adaOnB.post(path).send({ activity: 'viewing' });
    }
    context.advance(PRESENCE_TIMES.EXPIRES_MS);
    expect(await names()).toEqual([]);
    // Expired rows are cleared by the next heartbeat anywhere.
    await bolaOnB
      .post(presencePath('contact', (await storeEnquiry(context, 'contact')).id))
      .send({ activity: 'viewing' });
    expect(
      await context.db.selectFrom('enquiry_presence').select('user_id').where('enquiry_id', '=', id).execute(),
    ).toEqual([]);
  });

  it('refuses a wrong activity, an unknown enquiry and a caller without a session', async () => {
    const { id } = await storeEnquiry(context, 'contact');
    const path = presencePath('contact', id);
    const wrong = await adaOnB.post(path).send({ activity: 'typing' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.activity).toBe('Send viewing or replying as the activity.');
    expect((await adaOnB.post(path).send({ activity: 'viewing', extra: 1 })).status).toBe(400);
    expect((await adaOnB.post(presencePath('contact', 999_999)).send({ activity: 'viewing' })).status).toBe(404);
    expect((await adaOnB.get('/api/enquiries/nothing/1/presence')).status).toBe(404);
    expect((await request(context.app).get(path)).status).toBe(401);
    expect((await request(context.app).post(path).send({ activity: 'viewing' })).status).toBe(401);
    expect(
      await context.db.selectFrom('enquiry_presence').select('user_id').where('enquiry_id', '=', id).execute(),
    ).toEqual([]);
  });
});
