import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_MESSAGES,
  EnquiryAnswerSchema,
  INBOX_PATHS,
  OpenEnquiriesAnswerSchema,
  RemovedAccountAnswerSchema,
  STAFF_ADMIN_PATHS,
  STAFF_REMOVAL_MESSAGES,
  STAFF_REMOVAL_PATHS,
  type MessageKind,
} from '@agency/shared';
import { storeEnquiry } from '../../test/enquiries';
import {
  createOwnerContext,
  registerAndConfirm,
  signedInColleague,
  type StaffAgent,
  type TestContext,
  userIdOf,
} from '../../test/test-context';

// Issue 23: removing a colleague shows their open enquiries first and hands them to one colleague, or to nobody.

let context: TestContext;
let owner: StaffAgent;
let ownerId: number;

/** A confirmed account the owner approved, signed in. */
const colleague = (email: string) => signedInColleague(context, owner, email);

type Stored = { kind: MessageKind; id: number; reference: string };

/** An enquiry assigned to `assigneeId` through the inbox, then put where `place` says. */
async function assigned(
  kind: MessageKind,
  assigneeId: number,
  place: 'open' | 'contacted' | 'won' | 'trash' | 'spam' = 'open',
): Promise<Stored> {
  const stored = await storeEnquiry(context, kind, place === 'spam' ? { spamReason: 'honeypot' } : {});
  if (place !== 'spam') {
    expect((await owner.patch(INBOX_PATHS.enquiry(kind, stored.id)).send({ assigneeId })).status).toBe(200);
  } else {
    await context.db.updateTable('enquiries').set({ assignee_id: assigneeId }).where('id', '=', stored.id).execute();
  }
  if (place === 'contacted' || place === 'won') {
    const status = place === 'won' ? 'won' : 'contacted';
    expect((await owner.patch(INBOX_PATHS.enquiry(kind, stored.id)).send({ status })).status).toBe(200);
  }
  if (place === 'trash') expect((await owner.delete(INBOX_PATHS.enquiry(kind, stored.id))).status).toBe(200);
  return { kind, ...stored };
}

async function enquiryOf({ kind, id }: Stored) {
  return EnquiryAnswerSchema.parse((await owner.get(INBOX_PATHS.enquiry(kind, id))).body).enquiry;
}

async function lastAuditOf(email: string) {
  const row = await context.db
    .selectFrom('audit_log')
    .select(['action', 'actor_id', 'detail'])
    .where('target', '=', `account ${email}`)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return { ...row, detail: JSON.parse(row.detail) as Record<string, unknown> };
}

async function roleOf(id: number): Promise<string> {
  const row = await context.db.selectFrom('users').select('role').where('id', '=', id).executeTakeFirstOrThrow();
  return row.role;
}

beforeAll(async () => {
  ({ context, owner, ownerId } = await createOwnerContext());
});

afterAll(async () => {
  await context.close();
});

describe('the open enquiries of a colleague', () => {
  it('are those assigned to them in the inbox and not yet decided, oldest first, with reference, name and kind', async () => {
    const { id: holderId } = await colleague('holder@agency.test');
    const { id: otherId } = await colleague('other@agency.test');
    const first = await assigned('contact', holderId);
    const second = await assigned('web_dev', holderId, 'contacted');
    await assigned('request_quote', holderId, 'won');
    await assigned('contact', holderId, 'trash');
    await assigned('contact', holderId, 'spam');
    await assigned('contact', otherId);

    const answer = await owner.get(STAFF_REMOVAL_PATHS.openEnquiries(holderId));
    expect(answer.status).toBe(200);
    const { enquiries } = OpenEnquiriesAnswerSchema.parse(answer.body);
    const names = await context.db
      .selectFrom('enquiries')
      .select(['id', 'name'])
      .where('id', 'in', [first.id, second.id])
      .orderBy('id')
      .execute();
    expect(enquiries).toEqual([
      { id: first.id, kind: 'contact', reference: first.reference, name: names[0]!.name, status: 'new' },
      { id: second.id, kind: 'web_dev', reference: second.reference, name: names[1]!.name, status: 'contacted' },
    ]);
    expect(names.every((row) => row.name.length > 0)).toBe(true);
  });

  it('answer 404 for an account nobody has, and 403 to a colleague who is not an owner', async () => {
    const { agent } = await colleague('curious@agency.test');
    expect((await owner.get(STAFF_REMOVAL_PATHS.openEnquiries(999_999))).status).toBe(404);
    expect((await agent.get(STAFF_REMOVAL_PATHS.openEnquiries(ownerId))).status).toBe(403);
  });
});

describe('removing a colleague who holds open enquiries', () => {
  it('hands the open ones to the colleague chosen and the rest to nobody, in one step, with history and audit entries', async () => {
    const { id: leaverId, agent: leaver } = await colleague('leaver@agency.test');
    const { id: takerId } = await colleague('taker@agency.test');
    const open = [await assigned('contact', leaverId), await assigned('request_quote', leaverId, 'contacted')];
    const decided = await assigned('contact', leaverId, 'won');
    const trashed = await assigned('contact', leaverId, 'trash');

    const removal = await owner.post(STAFF_ADMIN_PATHS.remove(leaverId)).send({ reassignTo: takerId });
    expect(removal.status).toBe(200);
    const answer = RemovedAccountAnswerSchema.parse(removal.body);
    expect(answer).toMatchObject({ reassigned: 2, unassigned: 2, reassignedTo: takerId });
    expect(answer.account).toMatchObject({ id: leaverId, role: 'removed' });

    for (const enquiry of open) {
      const detail = await enquiryOf(enquiry);
      expect(detail.assigneeId, enquiry.reference).toBe(takerId);
      expect(detail.history.find((event) => event.action === 'assignee')).toMatchObject({
        from: String(leaverId),
        to: String(takerId),
        actorId: ownerId,
      });
    }
    for (const enquiry of [decided, trashed]) {
      const detail = await enquiryOf(enquiry);
      expect(detail.assigneeId, enquiry.reference).toBeNull();
      expect(detail.history.find((event) => event.action === 'assignee')).toMatchObject({ to: null });
    }
    expect(await lastAuditOf('leaver@agency.test')).toEqual({
      action: 'account.remove',
      actor_id: ownerId,
      detail: {
        from: 'staff',
        to: 'removed',
        unassigned: 2,
        reassigned: 2,
        reassignedTo: 'taker@agency.test',
        references: open.map((enquiry) => enquiry.reference),
      },
    });
    // The colleague is told of each, as of any assignment.
    const mails = await context.db
      .selectFrom('outbox')
      .select(['recipient', 'enquiry_id'])
      .where('purpose', '=', 'assignment')
      .where('recipient', '=', 'taker@agency.test')
      .orderBy('id')
      .execute();
    expect(mails.map((mail) => Number(mail.enquiry_id))).toEqual(open.map((enquiry) => enquiry.id));
    // Removed as before: signed out at once.
    expect((await leaver.get(INBOX_PATHS.STAFF)).status).toBe(401);
    expect((await owner.get(STAFF_REMOVAL_PATHS.openEnquiries(leaverId))).body.enquiries).toEqual([]);
  });

  it('with reassignTo null, leaves every enquiry unassigned and says how many', async () => {
    const { id: leaverId } = await colleague('nobody-takes@agency.test');
    const open = await assigned('contact', leaverId);
    const removal = await owner.post(STAFF_ADMIN_PATHS.remove(leaverId)).send({ reassignTo: null });
    expect(removal.status).toBe(200);
    expect(RemovedAccountAnswerSchema.parse(removal.body)).toMatchObject({
      reassigned: 0,
      unassigned: 1,
      reassignedTo: null,
    });
    expect((await enquiryOf(open)).assigneeId).toBeNull();
    expect((await lastAuditOf('nobody-takes@agency.test')).detail).toEqual({
      from: 'staff',
      to: 'removed',
      unassigned: 1,
    });
  });

  it('posted as older clients post it (no body at all), still removes and unassigns, and the answer counts them', async () => {
    const { id: leaverId } = await colleague('old-client@agency.test');
    const enquiries = [await assigned('contact', leaverId), await assigned('web_dev', leaverId)];
    // supertest sends no Content-Type and no body: exactly what the Staff page sent before issue 23.
    const removal = await owner.post(STAFF_ADMIN_PATHS.remove(leaverId));
    expect(removal.request.getHeader?.('content-type')).toBeUndefined();
    expect(removal.status).toBe(200);
    expect(removal.body).toMatchObject({ success: true, account: { id: leaverId, role: 'removed' }, unassigned: 2 });
    for (const enquiry of enquiries) expect((await enquiryOf(enquiry)).assigneeId).toBeNull();
  });

  it('refuses, changing nothing, a colleague who cannot take them: the person themselves, a waiting or removed account, nobody', async () => {
    const { id: leaverId, agent: leaver } = await colleague('stays@agency.test');
    const open = await assigned('contact', leaverId);
    await registerAndConfirm(context, 'waiting@agency.test');
    const waitingId = await userIdOf(context, 'waiting@agency.test');
    const { id: goneId } = await colleague('gone@agency.test');
    expect((await owner.post(STAFF_ADMIN_PATHS.remove(goneId))).status).toBe(200);
    const cases: Array<[unknown, number, string | undefined]> = [
      [leaverId, 400, STAFF_REMOVAL_MESSAGES.REASSIGN_TO_NOBODY_ELSE],
      [waitingId, 400, STAFF_REMOVAL_MESSAGES.REASSIGN_TO_STAFF],
      [goneId, 400, STAFF_REMOVAL_MESSAGES.REASSIGN_TO_STAFF],
      [999_999, 400, STAFF_REMOVAL_MESSAGES.REASSIGN_TO_STAFF],
      ['7', 400, undefined],
      [-1, 400, undefined],
    ];
    for (const [reassignTo, status, message] of cases) {
      const refused = await owner.post(STAFF_ADMIN_PATHS.remove(leaverId)).send({ reassignTo });
      expect(refused.status, String(reassignTo)).toBe(status);
      expect(refused.body.message).toBe(API_MESSAGES.INVALID_INPUT);
      if (message !== undefined) expect(refused.body.errors).toEqual({ reassignTo: message });
    }
    const unknownField = await owner.post(STAFF_ADMIN_PATHS.remove(leaverId)).send({ reassign: 3 });
    expect(unknownField.status).toBe(400);
    const notJson = await owner
      .post(STAFF_ADMIN_PATHS.remove(leaverId))
      .set('Content-Type', 'text/plain')
      .send('reassignTo=3');
    expect(notJson.status).toBe(415);

    expect(await roleOf(leaverId)).toBe('staff');
    expect((await enquiryOf(open)).assigneeId).toBe(leaverId);
    expect((await leaver.get(INBOX_PATHS.STAFF)).status).toBe(200);
  });

  it('is still 401 without a session, whatever the body', async () => {
    const { id } = await colleague('anyone@agency.test');
    expect((await request(context.app).post(STAFF_ADMIN_PATHS.remove(id)).send({ reassignTo: ownerId })).status).toBe(
      401,
    );
  });
});
