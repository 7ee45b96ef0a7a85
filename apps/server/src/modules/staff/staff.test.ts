import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_MESSAGES,
  API_PATHS,
  INBOX_PATHS,
  MESSAGE_KIND_PATHS,
  PATHS,
  STAFF_ADMIN_PATHS,
  STAFF_REMOVAL_PATHS,
  StaffAccountAnswerSchema,
  StaffAccountsAnswerSchema,
  StaffListSchema,
} from '@agency/shared';
import {
  createTestContext,
  registerAndConfirm,
  signedInStaff,
  signIn,
  STRONG_PASSWORD,
  TEST_APP_URL,
  type StaffAgent,
  type TestContext,
  userIdOf,
} from '../../test/test-context';
import { OWNERS_ONLY } from '../auth/require-staff';
import { STAFF_ROUTES } from './staff.routes';
import { STAFF_ERRORS } from './staff.service';

let context: TestContext;
let owner: StaffAgent;
let ownerId: number;
let staff: StaffAgent;

async function roleOf(email: string): Promise<string> {
  const row = await context.db.selectFrom('users').select('role').where('email', '=', email).executeTakeFirstOrThrow();
  return row.role;
}

/** A confirmed account waiting for approval, and its id. */
async function waitingAccount(email: string): Promise<number> {
  await registerAndConfirm(context, email);
  return userIdOf(context, email);
}

/** An account an owner approved through the API, signed in. */
async function approvedStaff(email: string): Promise<{ agent: StaffAgent; id: number }> {
  const id = await waitingAccount(email);
  expect((await owner.post(STAFF_ADMIN_PATHS.approve(id))).status).toBe(200);
  const { agent, response } = await signIn(context, email);
  expect(response.status).toBe(200);
  return { agent, id };
}

async function auditEntriesFor(target: string) {
  return context.db
    .selectFrom('audit_log')
    .select(['action', 'actor_id', 'actor_email', 'target', 'detail'])
    .where('target', '=', target)
    .orderBy('id')
    .execute();
}

beforeAll(async () => {
  context = await createTestContext();
  owner = await signedInStaff(context, 'owner@agency.test');
  ownerId = await userIdOf(context, 'owner@agency.test');
  staff = (await approvedStaff('staff@agency.test')).agent;
});

afterAll(async () => {
  await context.close();
});

describe('the staff routes', () => {
  it('serve every address STAFF_ADMIN_PATHS gives for accounts', () => {
    const routes = Object.values(STAFF_ROUTES);
    expect(routes.map((route) => route.replace(':id', '7'))).toEqual([
      STAFF_ADMIN_PATHS.ACCOUNTS,
      STAFF_ADMIN_PATHS.approve(7),
      STAFF_ADMIN_PATHS.refuse(7),
      STAFF_ADMIN_PATHS.remove(7),
      STAFF_REMOVAL_PATHS.openEnquiries(7),
      STAFF_ADMIN_PATHS.makeOwner(7),
      STAFF_ADMIN_PATHS.makeStaff(7),
    ]);
  });

  it('answer 401 to nobody and 403 to a staff member, for every owner endpoint', async () => {
    const targetId = await waitingAccount('target@agency.test');
    const calls: Array<[string, 'get' | 'post']> = [
      [STAFF_ADMIN_PATHS.ACCOUNTS, 'get'],
      [STAFF_ADMIN_PATHS.AUDIT, 'get'],
      [STAFF_ADMIN_PATHS.AUDIT_EXPORT, 'get'],
      [STAFF_ADMIN_PATHS.approve(targetId), 'post'],
      [STAFF_ADMIN_PATHS.refuse(targetId), 'post'],
      [STAFF_ADMIN_PATHS.remove(targetId), 'post'],
      [STAFF_REMOVAL_PATHS.openEnquiries(targetId), 'get'],
      [STAFF_ADMIN_PATHS.makeOwner(targetId), 'post'],
      [STAFF_ADMIN_PATHS.makeStaff(targetId), 'post'],
    ];
    for (const [path, method] of calls) {
      const anonymous = await request(context.app)[method](path);
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(anonymous.body.message).toBe(API_MESSAGES.NOT_SIGNED_IN);
      const fromStaff = await staff[method](path);
      expect(fromStaff.status, `${method} ${path}`).toBe(403);
      expect(fromStaff.body.message).toBe(OWNERS_ONLY);
    }
    // Nothing the staff member tried changed the account.
    expect(await roleOf('target@agency.test')).toBe('pending');
  });

  it('list every account for an owner, newest first, with its role, its confirmation and who is asking', async () => {
    await request(context.app)
      .post(API_PATHS.REGISTER)
      .field('email', 'unconfirmed@agency.test')
      .field('password', STRONG_PASSWORD)
      .expect(201);
    const response = await owner.get(STAFF_ADMIN_PATHS.ACCOUNTS);
    expect(response.status).toBe(200);
    const { accounts } = StaffAccountsAnswerSchema.parse(response.body);
    expect(accounts.map((account) => account.id)).toEqual(
      [...accounts.map((account) => account.id)].sort((a, b) => b - a),
    );
    expect(accounts.find((account) => account.email === 'owner@agency.test')).toMatchObject({
      id: ownerId,
      username: 'owner',
      role: 'owner',
      confirmed: true,
      me: true,
    });
    expect(accounts.find((account) => account.email === 'staff@agency.test')).toMatchObject({
      role: 'staff',
      me: false,
    });
    expect(accounts.find((account) => account.email === 'unconfirmed@agency.test')).toMatchObject({
      role: 'pending',
      confirmed: false,
    });
  });
});

describe('approving', () => {
  it('lets the person sign in at once, without a restart, and mails them a sign-in link', async () => {
    const id = await waitingAccount('amaka@agency.test');
    const before = await signIn(context, 'amaka@agency.test');
    expect(before.response.status).toBe(403);
    expect(before.response.body.message).toBe(API_MESSAGES.LOGIN_AWAITING_APPROVAL);

    const response = await owner.post(STAFF_ADMIN_PATHS.approve(id));
    expect(response.status).toBe(200);
    expect(StaffAccountAnswerSchema.parse(response.body).account).toMatchObject({
      id,
      email: 'amaka@agency.test',
      role: 'staff',
    });

    const after = await signIn(context, 'amaka@agency.test');
    expect(after.response.status).toBe(200);
    expect((await after.agent.get(MESSAGE_KIND_PATHS.contact.list)).status).toBe(200);
    const mail = await context.sink.waitForMail(
      (candidate) => candidate.recipients.includes('amaka@agency.test') && /approved/i.test(candidate.subject ?? ''),
    );
    expect(mail.links).toContain(`${TEST_APP_URL}${PATHS.auth}`);
    const outbox = await context.db
      .selectFrom('outbox')
      .select(['purpose'])
      .where('recipient', '=', 'amaka@agency.test')
      .where('purpose', '=', 'account-approved')
      .execute();
    expect(outbox).toHaveLength(1);
    expect(await auditEntriesFor('account amaka@agency.test')).toEqual([
      {
        action: 'account.approve',
        actor_id: ownerId,
        actor_email: 'owner@agency.test',
        target: 'account amaka@agency.test',
        detail: JSON.stringify({ from: 'pending', to: 'staff' }),
      },
    ]);
  });

  it('is refused with 409 for an address not yet confirmed, and for an account that is not waiting', async () => {
    const unconfirmed = await userIdOf(context, 'unconfirmed@agency.test');
    const early = await owner.post(STAFF_ADMIN_PATHS.approve(unconfirmed));
    expect(early.status).toBe(409);
    expect(early.body).toEqual({ success: false, message: STAFF_ERRORS.NOT_CONFIRMED });
    const again = await owner.post(STAFF_ADMIN_PATHS.approve(await userIdOf(context, 'staff@agency.test')));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(STAFF_ERRORS.NOT_PENDING);
    expect(await roleOf('unconfirmed@agency.test')).toBe('pending');
    expect(await auditEntriesFor('account unconfirmed@agency.test')).toEqual([]);
  });

  it('answers 404 for an id nobody has and 400 for an id that is not a number', async () => {
    expect((await owner.post(STAFF_ADMIN_PATHS.approve(999_999))).status).toBe(404);
    const bad = await owner.post('/api/staff/accounts/abc/approve');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('id');
  });
});

describe('refusing', () => {
  it('keeps the person out for good, and is recorded', async () => {
    const id = await waitingAccount('refused@agency.test');
    const response = await owner.post(STAFF_ADMIN_PATHS.refuse(id));
    expect(response.status).toBe(200);
    expect(response.body.account.role).toBe('refused');
    const { response: login } = await signIn(context, 'refused@agency.test');
    expect(login.status).toBe(403);
    expect(login.body.message).toBe(API_MESSAGES.LOGIN_AWAITING_APPROVAL);
    expect((await owner.post(STAFF_ADMIN_PATHS.approve(id))).status).toBe(409);
    expect((await auditEntriesFor('account refused@agency.test')).map((entry) => entry.action)).toEqual([
      'account.refuse',
    ]);
  });
});

describe('removing', () => {
  it("ends the person's open session at once and keeps them from signing in again", async () => {
    const { agent, id } = await approvedStaff('leaving@agency.test');
    expect((await agent.get(MESSAGE_KIND_PATHS.contact.list)).status).toBe(200);
    const response = await owner.post(STAFF_ADMIN_PATHS.remove(id));
    expect(response.status).toBe(200);
    expect(response.body.account.role).toBe('removed');
    expect((await agent.get(INBOX_PATHS.COUNTS)).status).toBe(401);
    expect((await agent.get(MESSAGE_KIND_PATHS.contact.list)).status).toBe(401);
    const sessions = await context.db.selectFrom('sessions').select('sid').where('user_id', '=', id).execute();
    expect(sessions).toEqual([]);
    expect((await signIn(context, 'leaving@agency.test')).response.status).toBe(403);
    expect((await auditEntriesFor('account leaving@agency.test')).map((entry) => entry.action)).toEqual([
      'account.approve',
      'account.remove',
    ]);
  });

  it('does not let the last owner remove themselves', async () => {
    const response = await owner.post(STAFF_ADMIN_PATHS.remove(ownerId));
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(STAFF_ERRORS.LAST_OWNER);
    expect(await roleOf('owner@agency.test')).toBe('owner');
    expect((await owner.get(STAFF_ADMIN_PATHS.ACCOUNTS)).status).toBe(200);
  });

  it('is 409 for an account that is not staff', async () => {
    const id = await waitingAccount('bystander@agency.test');
    const response = await owner.post(STAFF_ADMIN_PATHS.remove(id));
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(STAFF_ERRORS.NOT_STAFF_OR_OWNER);
  });
});

describe('making an owner', () => {
  it('gives a staff member the Staff page; then either owner may remove the other, but not the last', async () => {
    const { agent, id } = await approvedStaff('second.owner@agency.test');
    expect((await agent.get(STAFF_ADMIN_PATHS.ACCOUNTS)).status).toBe(403);
    const response = await owner.post(STAFF_ADMIN_PATHS.makeOwner(id));
    expect(response.status).toBe(200);
    expect(response.body.account.role).toBe('owner');
    // At once, in the session already open.
    expect((await agent.get(STAFF_ADMIN_PATHS.ACCOUNTS)).status).toBe(200);
    expect((await owner.post(STAFF_ADMIN_PATHS.makeOwner(id))).status).toBe(409);
    expect((await auditEntriesFor('account second.owner@agency.test')).map((entry) => entry.action)).toEqual([
      'account.approve',
      'account.make-owner',
    ]);

    const removed = await agent.post(STAFF_ADMIN_PATHS.remove(ownerId));
    expect(removed.status).toBe(200);
    expect((await owner.get(STAFF_ADMIN_PATHS.ACCOUNTS)).status).toBe(401);
    const last = await agent.post(STAFF_ADMIN_PATHS.remove(id));
    expect(last.status).toBe(409);
    // The removal names the owner who removed, as their address was then.
    expect((await auditEntriesFor('account owner@agency.test')).map((entry) => entry.actor_email)).toEqual([
      'second.owner@agency.test',
    ]);
  });

  it('is 409 for an account still waiting', async () => {
    const id = await waitingAccount('hopeful@agency.test');
    const { agent } = await signIn(context, 'second.owner@agency.test');
    const response = await agent.post(STAFF_ADMIN_PATHS.makeOwner(id));
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(STAFF_ERRORS.NOT_STAFF);
  });
});

describe("the inbox's staff list", () => {
  it('names staff and owners only, never accounts waiting, refused or removed', async () => {
    const { agent } = await signIn(context, 'second.owner@agency.test');
    const response = await agent.get(INBOX_PATHS.STAFF);
    expect(response.status).toBe(200);
    const emails = StaffListSchema.parse(response.body).staff.map((member) => member.email);
    expect(emails.sort()).toEqual(['amaka@agency.test', 'second.owner@agency.test', 'staff@agency.test']);
  });
});

describe('with ADMIN_SIGNUP_ALLOWLIST', () => {
  it('the first listed account is the owner, the next is pre-approved, and a refusal keeps it out anyway', async () => {
    const allowlisted = await createTestContext({ allowlist: '@agency.test' });
    try {
      await registerAndConfirm(allowlisted, 'stranger@example.ng');
      await registerAndConfirm(allowlisted, 'boss@agency.test');
      await registerAndConfirm(allowlisted, 'designer@agency.test');
      const roles = await allowlisted.db.selectFrom('users').select(['email', 'role']).orderBy('id').execute();
      expect(roles).toEqual([
        { email: 'stranger@example.ng', role: 'pending' },
        { email: 'boss@agency.test', role: 'owner' },
        { email: 'designer@agency.test', role: 'pending' },
      ]);
      const boss = await signIn(allowlisted, 'boss@agency.test');
      expect((await boss.agent.get(STAFF_ADMIN_PATHS.ACCOUNTS)).status).toBe(200);
      const designer = await signIn(allowlisted, 'designer@agency.test');
      expect(designer.response.status).toBe(200);
      expect((await designer.agent.get(MESSAGE_KIND_PATHS.contact.list)).status).toBe(200);
      expect((await designer.agent.get(STAFF_ADMIN_PATHS.ACCOUNTS)).status).toBe(403);

      const designerId = Number(
        (
          await allowlisted.db
            .selectFrom('users')
            .select('id')
            .where('email', '=', 'designer@agency.test')
            .executeTakeFirstOrThrow()
        ).id,
      );
      expect((await boss.agent.post(STAFF_ADMIN_PATHS.refuse(designerId))).status).toBe(200);
      expect((await designer.agent.get(MESSAGE_KIND_PATHS.contact.list)).status).toBe(401);
      expect((await signIn(allowlisted, 'designer@agency.test')).response.status).toBe(403);
    } finally {
      await allowlisted.close();
    }
  });

  it('on an installation upgraded without an owner, the first pre-approved account to sign in becomes it', async () => {
    const allowlisted = await createTestContext({ allowlist: '@agency.test' });
    try {
      await registerAndConfirm(allowlisted, 'boss@agency.test');
      // As migration 0009 leaves an installation whose staff only the allowlist named.
      await allowlisted.db.updateTable('users').set({ role: 'pending', is_staff: 0 }).execute();
      const boss = await signIn(allowlisted, 'boss@agency.test');
      expect(boss.response.status).toBe(200);
      expect((await boss.agent.get(STAFF_ADMIN_PATHS.ACCOUNTS)).status).toBe(200);
    } finally {
      await allowlisted.close();
    }
  });

  it('an allowlisted staff member an owner removed stays out', async () => {
    const allowlisted = await createTestContext({ allowlist: '@agency.test' });
    try {
      await registerAndConfirm(allowlisted, 'boss@agency.test');
      await registerAndConfirm(allowlisted, 'intern@agency.test');
      const boss = await signIn(allowlisted, 'boss@agency.test');
      const internId = Number(
        (
          await allowlisted.db
            .selectFrom('users')
            .select('id')
            .where('email', '=', 'intern@agency.test')
            .executeTakeFirstOrThrow()
        ).id,
      );
      expect((await boss.agent.post(STAFF_ADMIN_PATHS.approve(internId))).status).toBe(200);
      const intern = await signIn(allowlisted, 'intern@agency.test');
      expect(intern.response.status).toBe(200);
      expect((await boss.agent.post(STAFF_ADMIN_PATHS.remove(internId))).status).toBe(200);
      expect((await intern.agent.get(MESSAGE_KIND_PATHS.contact.list)).status).toBe(401);
      const again = await signIn(allowlisted, 'intern@agency.test');
      expect(again.response.status).toBe(403);
      expect(again.response.body.message).toBe(API_MESSAGES.LOGIN_AWAITING_APPROVAL);
    } finally {
      await allowlisted.close();
    }
  });
});
