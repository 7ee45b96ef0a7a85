import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  API_MESSAGES,
  AuditPageSchema,
  BulkAnswerSchema,
  EnquiryAnswerSchema,
  INBOX_PATHS,
  MESSAGE_KIND_PATHS,
  MoveAnswerSchema,
  STAFF_ADMIN_PATHS,
  UNDO_LIMITS,
  UNDO_MESSAGES,
  UNDO_PATH,
  UndoAnswerSchema,
  type BulkActionBody,
  type EnquiryDetail,
  type MessageKind,
} from '@agency/shared';
import { createOwnerContext, signedInColleague, type StaffAgent, type TestContext } from '../../test/test-context';
import { storeEnquiry } from '../../test/enquiries';

let context: TestContext;
let owner: StaffAgent;
let colleague: StaffAgent;

beforeAll(async () => {
  ({ context, owner } = await createOwnerContext());
  colleague = (await signedInColleague(context, owner, 'ada@agency.test')).agent;
});

afterAll(async () => {
  await context.close();
});

beforeEach(async () => {
  await context.db.deleteFrom('enquiries').execute();
  await context.db.deleteFrom('audit_log').execute();
});

async function bulk(agent: StaffAgent, kind: MessageKind, body: BulkActionBody) {
  const response = await agent.post(INBOX_PATHS.bulk(kind)).send(body);
  expect(response.status, response.text).toBe(200);
  return BulkAnswerSchema.parse(response.body);
}

async function enquiry(kind: MessageKind, id: number): Promise<EnquiryDetail> {
  const response = await owner.get(INBOX_PATHS.enquiry(kind, id));
  expect(response.status, response.text).toBe(200);
  return EnquiryAnswerSchema.parse(response.body).enquiry;
}

const place = ({ folder, status, trashedAt }: EnquiryDetail) => ({ folder, status, trashedAt });

async function undo(agent: StaffAgent, token: string | undefined) {
  return agent.post(UNDO_PATH).send({ token });
}

async function auditEntries() {
  const response = await owner.get(STAFF_ADMIN_PATHS.AUDIT);
  expect(response.status, response.text).toBe(200);
  return AuditPageSchema.parse(response.body).entries;
}

describe('undo of a bulk move to the trash', () => {
  it('puts the three enquiries back in the inbox as they were, in the history, and marks the audit entry undone', async () => {
    const stored = [
      await storeEnquiry(context, 'web_dev'),
      await storeEnquiry(context, 'web_dev'),
      await storeEnquiry(context, 'web_dev'),
    ];
    const ids = stored.map((one) => one.id);
    await owner
      .patch(INBOX_PATHS.enquiry('web_dev', ids[1] as number))
      .send({ status: 'contacted' })
      .expect(200);
    const before = await Promise.all(ids.map(async (id) => place(await enquiry('web_dev', id))));

    const answer = await bulk(owner, 'web_dev', { ids, action: 'trash' });
    expect(answer.changed).toBe(3);
    expect(answer.undo).toMatchObject({ count: 3 });
    for (const id of ids) expect((await enquiry('web_dev', id)).folder).toBe('trash');
    const [trashed] = await auditEntries();
    expect(trashed).toMatchObject({
      action: 'enquiry.trash',
      target: '3 Web Development enquiries',
      undoneAt: null,
      undoneBy: null,
    });

    context.advance(UNDO_LIMITS.WINDOW_MS - 1000);
    const undone = await undo(owner, answer.undo?.token);
    expect(undone.status, undone.text).toBe(200);
    expect(UndoAnswerSchema.parse(undone.body)).toEqual({
      success: true,
      restored: 3,
      left: [],
      message: 'Undone: 3 enquiries are back as before.',
    });
    expect(await Promise.all(ids.map(async (id) => place(await enquiry('web_dev', id))))).toEqual(before);
    const [history] = (await enquiry('web_dev', ids[0] as number)).history;
    expect(history).toMatchObject({ action: 'undo', from: 'trash', to: 'inbox', actorName: 'owner' });
    const entries = await auditEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'enquiry.trash',
      undoneAt: context.now().toISOString(),
      undoneBy: 'owner@agency.test',
    });
  });

  it('a second undo of the same action is 409 and changes nothing', async () => {
    const { id } = await storeEnquiry(context, 'contact');
    const answer = await bulk(owner, 'contact', { ids: [id], action: 'trash' });
    expect((await undo(owner, answer.undo?.token)).status).toBe(200);
    await owner.delete(INBOX_PATHS.enquiry('contact', id)).expect(200);
    const again = await undo(owner, answer.undo?.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(UNDO_MESSAGES.ALREADY_UNDONE);
    expect((await enquiry('contact', id)).folder).toBe('trash');
  });
});

describe('undo of each action', () => {
  it('a single move to the trash (the inbox DELETE) answers its ticket and is undone', async () => {
    const { id } = await storeEnquiry(context, 'contact');
    const response = await owner.delete(INBOX_PATHS.enquiry('contact', id));
    expect(response.status).toBe(200);
    const answer = MoveAnswerSchema.parse(response.body);
    expect(answer.enquiry.folder).toBe('trash');
    expect(answer.undo.count).toBe(1);
    expect((await undo(owner, answer.undo.token)).body.message).toBe('Undone: 1 enquiry is back as before.');
    expect(place(await enquiry('contact', id))).toEqual({ folder: 'inbox', status: 'new', trashedAt: null });
    expect((await auditEntries())[0]).toMatchObject({ target: `Contact ${answer.enquiry.reference}` });
  });

  it('a bulk status change goes back to each enquiry’s own status, and is audited once', async () => {
    const one = await storeEnquiry(context, 'request_quote');
    const two = await storeEnquiry(context, 'request_quote');
    await owner.patch(INBOX_PATHS.enquiry('request_quote', two.id)).send({ status: 'contacted' }).expect(200);
    const answer = await bulk(owner, 'request_quote', { ids: [one.id, two.id], action: 'status', status: 'won' });
    expect(answer.changed).toBe(2);
    expect((await auditEntries())[0]).toMatchObject({
      action: 'enquiry.status',
      target: '2 Request Quote enquiries',
      detail: { count: 2, status: 'Won', references: [one.reference, two.reference] },
    });
    expect((await undo(owner, answer.undo?.token)).status).toBe(200);
    expect((await enquiry('request_quote', one.id)).status).toBe('new');
    expect((await enquiry('request_quote', two.id)).status).toBe('contacted');
    expect((await enquiry('request_quote', two.id)).history[0]).toMatchObject({
      action: 'undo',
      from: 'won',
      to: 'contacted',
    });
  });

  it('a release from spam (single and bulk) goes back to the spam folder', async () => {
    const single = await storeEnquiry(context, 'contact', { spamReason: 'honeypot' });
    const several = await storeEnquiry(context, 'contact', { spamReason: 'too-fast' });
    const released = MoveAnswerSchema.parse(
      (await owner.post(INBOX_PATHS.notSpam('contact', single.id)).expect(200)).body,
    );
    const bulkAnswer = await bulk(owner, 'contact', { ids: [several.id], action: 'not-spam' });
    expect((await enquiry('contact', single.id)).folder).toBe('inbox');
    expect((await undo(owner, released.undo.token)).status).toBe(200);
    expect((await undo(owner, bulkAnswer.undo?.token)).status).toBe(200);
    expect((await enquiry('contact', single.id)).folder).toBe('spam');
    expect((await enquiry('contact', several.id)).folder).toBe('spam');
  });

  it('a restore from the trash goes back to the trash with the time it was deleted', async () => {
    const { id } = await storeEnquiry(context, 'creative_design');
    await owner.delete(INBOX_PATHS.enquiry('creative_design', id)).expect(200);
    const trashedAt = (await enquiry('creative_design', id)).trashedAt;
    context.advance(60_000);
    const answer = await bulk(owner, 'creative_design', { ids: [id], action: 'restore' });
    expect((await undo(owner, answer.undo?.token)).status).toBe(200);
    expect(place(await enquiry('creative_design', id))).toEqual({ folder: 'trash', status: 'new', trashedAt });
  });

  it('an action that changed nothing answers no ticket', async () => {
    const { id } = await storeEnquiry(context, 'contact');
    expect((await bulk(owner, 'contact', { ids: [id], action: 'restore' })).undo).toBeNull();
  });
});

describe('what undo refuses', () => {
  it('after its time it is 410 with a clear message, and the enquiries stay in the trash', async () => {
    const { id } = await storeEnquiry(context, 'web_dev');
    const answer = await bulk(owner, 'web_dev', { ids: [id], action: 'trash' });
    context.advance(UNDO_LIMITS.GRACE_MS + 1);
    const late = await undo(owner, answer.undo?.token);
    expect(late.status).toBe(410);
    expect(late.body).toEqual({ success: false, message: UNDO_MESSAGES.EXPIRED });
    expect((await enquiry('web_dev', id)).folder).toBe('trash');
    expect((await auditEntries())[0]?.undoneAt).toBeNull();
  });

  it('an enquiry a colleague changed since keeps their change, the others go back, and the answer says so', async () => {
    const kept = await storeEnquiry(context, 'contact');
    const back = await storeEnquiry(context, 'contact');
    const answer = await bulk(owner, 'contact', { ids: [kept.id, back.id], action: 'trash' });
    await colleague.post(INBOX_PATHS.restore('contact', kept.id)).expect(200);
    await colleague.patch(INBOX_PATHS.enquiry('contact', kept.id)).send({ status: 'lost' }).expect(200);

    const undone = await undo(owner, answer.undo?.token);
    expect(undone.status).toBe(200);
    expect(UndoAnswerSchema.parse(undone.body)).toEqual({
      success: true,
      restored: 1,
      left: [{ kind: 'contact', id: kept.id, reference: kept.reference }],
      message: `Undone: 1 enquiry is back as before. ${kept.reference} changed again since, so it stays as it is.`,
    });
    expect(place(await enquiry('contact', kept.id))).toMatchObject({ folder: 'inbox', status: 'lost' });
    expect(place(await enquiry('contact', back.id))).toEqual({ folder: 'inbox', status: 'new', trashedAt: null });
  });

  it('when every enquiry was changed since, nothing is undone: 409, and the audit entry stays as it was', async () => {
    const { id } = await storeEnquiry(context, 'contact');
    const answer = await bulk(owner, 'contact', { ids: [id], action: 'status', status: 'contacted' });
    await colleague.patch(INBOX_PATHS.enquiry('contact', id)).send({ status: 'won' }).expect(200);
    const undone = await undo(owner, answer.undo?.token);
    expect(undone.status).toBe(409);
    expect(undone.body.message).toBe(UNDO_MESSAGES.ALL_CHANGED);
    expect((await enquiry('contact', id)).status).toBe('won');
    expect((await auditEntries())[0]?.undoneAt).toBeNull();
  });

  it('only the account that acted may undo; a token that is not one is 400, an unknown one 404', async () => {
    const { id } = await storeEnquiry(context, 'contact');
    const answer = await bulk(owner, 'contact', { ids: [id], action: 'trash' });
    expect((await undo(colleague, answer.undo?.token)).status).toBe(404);
    expect((await undo(owner, 'not a token')).status).toBe(400);
    expect((await undo(owner, 'A'.repeat(22))).status).toBe(404);
    expect((await owner.post(UNDO_PATH).send({})).status).toBe(400);
    expect((await enquiry('contact', id)).folder).toBe('trash');
  });

  it('an enquiry deleted for good meanwhile (an erasure) takes its undo record with it', async () => {
    const { id } = await storeEnquiry(context, 'contact');
    const answer = await bulk(owner, 'contact', { ids: [id], action: 'trash' });
    await context.db.deleteFrom('enquiries').where('id', '=', id).execute();
    expect(await context.db.selectFrom('undo_items').selectAll().execute()).toEqual([]);
    expect((await undo(owner, answer.undo?.token)).status).toBe(409);
  });
});

describe("the spec's delete for older clients", () => {
  it('answers exactly as before, without a ticket, and still moves to the trash', async () => {
    const { id } = await storeEnquiry(context, 'request_quote');
    const response = await owner.delete(`${MESSAGE_KIND_PATHS.request_quote.delete}?id=${id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: API_MESSAGES.DELETED });
    expect((await enquiry('request_quote', id)).folder).toBe('trash');
  });
});
