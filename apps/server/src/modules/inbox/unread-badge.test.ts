import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INBOX_PATHS, InboxCountsSchema, InboxPageSchema, MESSAGE_KINDS, type MessageKind } from '@agency/shared';
import { createTestContext, registerAndConfirm, signIn, signedInStaff, userIdOf } from '../../test/test-context';
import type { StaffAgent, TestContext } from '../../test/test-context';
import { storeEnquiry } from '../../test/enquiries';

/**
 * A tab's badge and a row's dot mean one thing (docs/decisions/0047): unread by the signed-in person. For each of two
 * people, after each opens some enquiries of their own choosing (seeded, printed), the badge of every kind is the
 * number of rows the same person's list shows with the dot, and a colleague's reading or a status change moves
 * nobody else's badge.
 */
let context: TestContext;
let owner: StaffAgent;
let colleague: StaffAgent;

beforeAll(async () => {
  context = await createTestContext();
  owner = await signedInStaff(context);
  await registerAndConfirm(context, 'ngozi@agency.test');
  const id = await userIdOf(context, 'ngozi@agency.test');
  await context.db.updateTable('users').set({ role: 'staff' }).where('id', '=', id).execute();
  colleague = (await signIn(context, 'ngozi@agency.test')).agent;
});

afterAll(async () => {
  await context.close();
});

async function badges(agent: StaffAgent): Promise<Record<MessageKind, number>> {
  const { counts } = InboxCountsSchema.parse((await agent.get(INBOX_PATHS.COUNTS).expect(200)).body);
  return Object.fromEntries(MESSAGE_KINDS.map((kind) => [kind, counts[kind].unread])) as Record<MessageKind, number>;
}

async function dots(agent: StaffAgent): Promise<Record<MessageKind, number>> {
  const entries = await Promise.all(
    MESSAGE_KINDS.map(async (kind) => {
      const page = InboxPageSchema.parse((await agent.get(INBOX_PATHS.list(kind)).expect(200)).body);
      return [kind, page.enquiries.filter((row) => !row.read).length] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<MessageKind, number>;
}

describe('the tabs’ unread badge', () => {
  it('counts, for each person, exactly the rows that person sees with the unread dot', async () => {
    const seed = Number(process.env.TEST_SEED ?? 472_911);
    console.info(`unread-badge seed: ${seed}`);
    let state = seed;
    const random = () => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state / 2 ** 31;
    };
    const stored: { kind: MessageKind; id: number }[] = [];
    for (let index = 0; index < 12; index++) {
      const kind = MESSAGE_KINDS[Math.floor(random() * MESSAGE_KINDS.length)] ?? 'contact';
      stored.push({ kind, ...(await storeEnquiry(context, kind)) });
    }
    const before = await badges(owner);
    expect(before).toEqual(await dots(owner));
    expect(Object.values(before).reduce((sum, n) => sum + n, 0)).toBe(12);

    for (const enquiry of stored) {
      const reader = random() < 0.5 ? owner : colleague;
      if (random() < 0.6)
        await reader.patch(INBOX_PATHS.enquiry(enquiry.kind, enquiry.id)).send({ read: true }).expect(200);
    }
    for (const agent of [owner, colleague]) expect(await badges(agent), `seed ${seed}`).toEqual(await dots(agent));
  });

  it('is not moved by a colleague reading an enquiry or by its status leaving New', async () => {
    const enquiry = await storeEnquiry(context, 'request_quote');
    const ownerBefore = await badges(owner);
    const colleagueBefore = await badges(colleague);

    await colleague.patch(INBOX_PATHS.enquiry('request_quote', enquiry.id)).send({ read: true }).expect(200);
    expect(await badges(owner)).toEqual(ownerBefore);
    expect((await badges(colleague)).request_quote).toBe(colleagueBefore.request_quote - 1);

    await colleague.patch(INBOX_PATHS.enquiry('request_quote', enquiry.id)).send({ status: 'contacted' }).expect(200);
    expect(await badges(owner)).toEqual(ownerBefore);

    await owner.patch(INBOX_PATHS.enquiry('request_quote', enquiry.id)).send({ read: true }).expect(200);
    expect((await badges(owner)).request_quote).toBe(ownerBefore.request_quote - 1);
  });

  it('keeps `new` meaning status New, as the API always answered (spec): reading leaves it alone', async () => {
    const enquiry = await storeEnquiry(context, 'web_dev');
    const { counts: before } = InboxCountsSchema.parse((await owner.get(INBOX_PATHS.COUNTS)).body);
    await owner.patch(INBOX_PATHS.enquiry('web_dev', enquiry.id)).send({ read: true }).expect(200);
    const { counts: after } = InboxCountsSchema.parse((await owner.get(INBOX_PATHS.COUNTS)).body);
    expect(after.web_dev.new).toBe(before.web_dev.new);
    expect(after.web_dev.unread).toBe(before.web_dev.unread - 1);
  });
});
