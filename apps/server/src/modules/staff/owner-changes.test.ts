import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EnquiryAnswerSchema,
  INBOX_PATHS,
  MESSAGE_KINDS,
  STAFF_ADMIN_PATHS,
  StaffListSchema,
  type MessageKind,
} from '@agency/shared';
import {
  createOwnerContext,
  createTestContext,
  registerAndConfirm,
  signedInColleague,
  signIn,
  type StaffAgent,
  type TestContext,
  userIdOf,
} from '../../test/test-context';
import { storeEnquiry } from '../../test/enquiries';
import { STAFF_ROUTES } from './staff.routes';
import { STAFF_ERRORS } from './staff.service';

// Issue 17: an owner can be made staff again (never the last), and a removed colleague's enquiries go back to nobody.

let context: TestContext;
let owner: StaffAgent;
let ownerId: number;

async function roleOf(id: number): Promise<string> {
  const row = await context.db.selectFrom('users').select('role').where('id', '=', id).executeTakeFirstOrThrow();
  return row.role;
}

async function ownerCount(): Promise<number> {
  const rows = await context.db.selectFrom('users').select('id').where('role', '=', 'owner').execute();
  return rows.length;
}

/** A confirmed account the owner approved, signed in. */
const colleague = (email: string) => signedInColleague(context, owner, email);

/** A colleague the owner approved and then made an owner. */
async function secondOwner(email: string): Promise<{ agent: StaffAgent; id: number }> {
  const made = await colleague(email);
  expect((await owner.post(STAFF_ADMIN_PATHS.makeOwner(made.id))).status).toBe(200);
  return made;
}

/** Exactly one of two answers is 200 and the other a refusal that changed nothing. */
function refusedOnce(statuses: number[], refusals = [403, 409]): boolean {
  const refused = statuses.filter((status) => refusals.includes(status));
  return statuses.filter((status) => status === 200).length === 1 && refused.length === 1;
}

async function auditOf(email: string) {
  return context.db
    .selectFrom('audit_log')
    .select(['action', 'actor_id', 'detail'])
    .where('target', '=', `account ${email}`)
    .orderBy('id')
    .execute();
}

beforeAll(async () => {
  ({ context, owner, ownerId } = await createOwnerContext());
});

afterAll(async () => {
  await context.close();
});

describe('making an owner staff again', () => {
  it('is served at the address STAFF_ADMIN_PATHS gives', () => {
    expect(STAFF_ROUTES.makeStaff.replace(':id', '7')).toBe(STAFF_ADMIN_PATHS.makeStaff(7));
  });

  it('takes the owners’ pages away at once, keeps the inbox, and is recorded like Make owner', async () => {
    const { agent, id } = await secondOwner('chidi@agency.test');
    expect((await agent.get(STAFF_ADMIN_PATHS.ACCOUNTS)).status).toBe(200);

    const response = await owner.post(STAFF_ADMIN_PATHS.makeStaff(id));
    expect(response.status).toBe(200);
    expect(response.body.account).toMatchObject({ id, role: 'staff' });
    // In the session already open: no longer an owner, still staff.
    expect((await agent.get(STAFF_ADMIN_PATHS.ACCOUNTS)).status).toBe(403);
    expect((await agent.get(INBOX_PATHS.COUNTS)).status).toBe(200);
    expect(await auditOf('chidi@agency.test')).toEqual([
      { action: 'account.approve', actor_id: ownerId, detail: JSON.stringify({ from: 'pending', to: 'staff' }) },
      { action: 'account.make-owner', actor_id: ownerId, detail: JSON.stringify({ from: 'staff', to: 'owner' }) },
      { action: 'account.make-staff', actor_id: ownerId, detail: JSON.stringify({ from: 'owner', to: 'staff' }) },
    ]);
    // Staff already: nothing to undo.
    const again = await owner.post(STAFF_ADMIN_PATHS.makeStaff(id));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(STAFF_ERRORS.NOT_OWNER);
  });

  it('is refused for the last owner, with a message that says what to do, and changes nothing', async () => {
    const response = await owner.post(STAFF_ADMIN_PATHS.makeStaff(ownerId));
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ success: false, message: STAFF_ERRORS.LAST_OWNER_DEMOTED });
    expect(await roleOf(ownerId)).toBe('owner');
    expect((await owner.get(STAFF_ADMIN_PATHS.ACCOUNTS)).status).toBe(200);
    expect((await auditOf('owner@agency.test')).map((entry) => entry.action)).toEqual([]);
  });

  it('lets an owner make themselves staff while another owner stays', async () => {
    const { agent, id } = await secondOwner('ngozi@agency.test');
    const response = await agent.post(STAFF_ADMIN_PATHS.makeStaff(id));
    expect(response.status).toBe(200);
    expect(await roleOf(id)).toBe('staff');
    expect((await agent.get(STAFF_ADMIN_PATHS.ACCOUNTS)).status).toBe(403);
  });

  it('two owners making each other staff at the same moment leave exactly one owner, every time', async () => {
    const { agent: other, id: otherId } = await secondOwner('tunde@agency.test');
    for (let round = 0; round < 6; round += 1) {
      const [fromOwner, fromOther] = await Promise.all([
        owner.post(STAFF_ADMIN_PATHS.makeStaff(otherId)),
        other.post(STAFF_ADMIN_PATHS.makeStaff(ownerId)),
      ]);
      // One wins; the other is refused as the last owner (409) or, when it arrives after the commit, as no longer
      // an owner (403).
      expect(refusedOnce([fromOwner.status, fromOther.status]), `round ${round}`).toBe(true);
      expect(await ownerCount()).toBe(1);
      // The one who is still an owner names the other owner again for the next round.
      const survivor = fromOwner.status === 200 ? owner : other;
      const demoted = fromOwner.status === 200 ? otherId : ownerId;
      expect((await survivor.post(STAFF_ADMIN_PATHS.makeOwner(demoted))).status).toBe(200);
    }
    // Removal and demotion at once: still an owner left.
    const [removal, demotion] = await Promise.all([
      owner.post(STAFF_ADMIN_PATHS.remove(otherId)),
      other.post(STAFF_ADMIN_PATHS.makeStaff(ownerId)),
    ]);
    // The removal first ends the other's session (401); the demotion first leaves the remover no owner (403).
    expect(refusedOnce([removal.status, demotion.status], [401, 403, 409])).toBe(true);
    expect(await ownerCount()).toBe(1);
    if (demotion.status === 200) expect((await other.post(STAFF_ADMIN_PATHS.makeOwner(ownerId))).status).toBe(200);
  });
});

describe('removing a colleague', () => {
  it('gives every enquiry they had back to nobody, in any folder, each with a history entry, and counts them in the audit entry', async () => {
    const { id: leaverId } = await colleague('leaver@agency.test');
    const { id: stayerId } = await colleague('stayer@agency.test');
    const theirs: Array<{ kind: MessageKind; id: number }> = [];
    for (const kind of ['contact', 'request_quote', 'web_dev'] as const) {
      const { id } = await storeEnquiry(context, kind);
      expect((await owner.patch(INBOX_PATHS.enquiry(kind, id)).send({ assigneeId: leaverId })).status).toBe(200);
      theirs.push({ kind, id });
    }
    const trashed = theirs[2]!;
    expect((await owner.delete(INBOX_PATHS.enquiry(trashed.kind, trashed.id))).status).toBe(200);
    const kept = await storeEnquiry(context, 'contact');
    expect((await owner.patch(INBOX_PATHS.enquiry('contact', kept.id)).send({ assigneeId: stayerId })).status).toBe(
      200,
    );

    const removal = await owner.post(STAFF_ADMIN_PATHS.remove(leaverId));
    expect(removal.status).toBe(200);

    for (const { kind, id } of theirs) {
      const { enquiry } = EnquiryAnswerSchema.parse((await owner.get(INBOX_PATHS.enquiry(kind, id))).body);
      expect(enquiry.assigneeId, `${kind} ${id}`).toBeNull();
      // History is newest first: the release, by the owner who removed them.
      expect(enquiry.history.find((event) => event.action === 'assignee')).toMatchObject({
        from: String(leaverId),
        to: null,
        actorId: ownerId,
      });
    }
    const untouched = await owner.get(INBOX_PATHS.enquiry('contact', kept.id));
    expect(untouched.body.enquiry.assigneeId).toBe(stayerId);
    // Nobody in the assignee list stands for the removed colleague any more, and nothing points at them.
    const staff = StaffListSchema.parse((await owner.get(INBOX_PATHS.STAFF)).body).staff;
    expect(staff.map((member) => member.id)).not.toContain(leaverId);
    for (const kind of MESSAGE_KINDS) {
      const left = await context.db
        .selectFrom('enquiries')
        .where('kind', '=', kind)
        .select('id')
        .where('assignee_id', '=', leaverId)
        .execute();
      expect(left, kind).toEqual([]);
    }
    const audit = await auditOf('leaver@agency.test');
    expect(audit.at(-1)).toEqual({
      action: 'account.remove',
      actor_id: ownerId,
      detail: JSON.stringify({ from: 'staff', to: 'removed', unassigned: 3 }),
    });
  });

  it('a refused pre-approved account’s enquiries go back to nobody too', async () => {
    const allowlisted = await createTestContext({ allowlist: '@agency.test' });
    try {
      await registerAndConfirm(allowlisted, 'boss@agency.test');
      await registerAndConfirm(allowlisted, 'temp@agency.test');
      const boss = await signIn(allowlisted, 'boss@agency.test');
      const tempId = await userIdOf(allowlisted, 'temp@agency.test');
      const { id } = await storeEnquiry(allowlisted, 'contact');
      expect((await boss.agent.patch(INBOX_PATHS.enquiry('contact', id)).send({ assigneeId: tempId })).status).toBe(
        200,
      );
      expect((await boss.agent.post(STAFF_ADMIN_PATHS.refuse(tempId))).status).toBe(200);
      const detail = await boss.agent.get(INBOX_PATHS.enquiry('contact', id));
      expect(detail.body.enquiry.assigneeId).toBeNull();
    } finally {
      await allowlisted.close();
    }
  });
});
