import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FORMER_COLLEAGUE,
  API_MESSAGES,
  EnquiryAnswerSchema,
  INBOX_PATHS,
  InboxCountsSchema,
  InboxPageSchema,
  MESSAGE_KIND_PATHS,
  MESSAGE_KINDS,
  NoteAnswerSchema,
  StaffListSchema,
  type EnquirySummary,
  type InboxView,
  type MessageKind,
} from '@agency/shared';
import {
  createOwnerContext,
  registerAndConfirm,
  signIn,
  type StaffAgent,
  type TestContext,
  userIdOf,
} from '../../test/test-context';
import { storeEnquiry } from '../../test/enquiries';
import { INBOX_ROUTES } from './inbox.routes';

let context: TestContext;
let owner: StaffAgent;
let colleague: StaffAgent;
let outsider: StaffAgent;
let ownerId: number;
let colleagueId: number;

const HOUR = 60 * 60 * 1000;

/** A confirmed account signed in while staff, then made not staff: a session that is not a staff member's. */
async function signedInAccount(email: string, staff: boolean): Promise<StaffAgent> {
  await registerAndConfirm(context, email);
  const id = await userIdOf(context, email);
  await context.db.updateTable('users').set({ role: 'staff' }).where('id', '=', id).execute();
  const { agent, response } = await signIn(context, email);
  expect(response.status).toBe(200);
  if (!staff) await context.db.updateTable('users').set({ role: 'pending' }).where('id', '=', id).execute();
  return agent;
}

async function clearEnquiries(): Promise<void> {
  await context.db.deleteFrom('enquiries').execute();
  for (const table of ['enquiry_reads', 'enquiry_notes', 'enquiry_events'] as const) {
    await context.db.deleteFrom(table).execute();
  }
}

beforeAll(async () => {
  ({ context, owner, ownerId } = await createOwnerContext());
  colleague = await signedInAccount('ada@agency.test', true);
  outsider = await signedInAccount('visitor@agency.test', false);
  colleagueId = await userIdOf(context, 'ada@agency.test');
});

afterAll(async () => {
  await context.close();
});

beforeEach(async () => {
  await clearEnquiries();
});

describe('the inbox routes', () => {
  it('serve every address INBOX_PATHS gives', () => {
    const fill = (route: string, kind: MessageKind, id: number) =>
      route.replace(':kind', kind).replace(':id', String(id));
    expect(fill(INBOX_ROUTES.list, 'contact', 1)).toBe(INBOX_PATHS.list('contact'));
    expect(fill(INBOX_ROUTES.export, 'web_dev', 1)).toBe(INBOX_PATHS.export('web_dev'));
    expect(fill(INBOX_ROUTES.bulk, 'request_quote', 1)).toBe(INBOX_PATHS.bulk('request_quote'));
    expect(fill(INBOX_ROUTES.enquiry, 'contact', 7)).toBe(INBOX_PATHS.enquiry('contact', 7));
    expect(fill(INBOX_ROUTES.restore, 'contact', 7)).toBe(INBOX_PATHS.restore('contact', 7));
    expect(fill(INBOX_ROUTES.notSpam, 'contact', 7)).toBe(INBOX_PATHS.notSpam('contact', 7));
    expect(fill(INBOX_ROUTES.notes, 'contact', 7)).toBe(INBOX_PATHS.notes('contact', 7));
  });
});

describe('who may use the inbox', () => {
  const calls: Array<{
    name: string;
    send: (agent: ReturnType<typeof request> | StaffAgent, id: number) => request.Test;
    ok: number;
  }> = [
    { name: 'counts', send: (agent) => agent.get(INBOX_PATHS.COUNTS), ok: 200 },
    { name: 'staff', send: (agent) => agent.get(INBOX_PATHS.STAFF), ok: 200 },
    { name: 'list', send: (agent) => agent.get(INBOX_PATHS.list('contact')), ok: 200 },
    { name: 'export', send: (agent) => agent.get(INBOX_PATHS.export('contact')), ok: 200 },
    { name: 'detail', send: (agent, id) => agent.get(INBOX_PATHS.enquiry('contact', id)), ok: 200 },
    {
      name: 'update',
      send: (agent, id) => agent.patch(INBOX_PATHS.enquiry('contact', id)).send({ status: 'won' }),
      ok: 200,
    },
    {
      name: 'note',
      send: (agent, id) => agent.post(INBOX_PATHS.notes('contact', id)).send({ body: 'Called back.' }),
      ok: 201,
    },
    {
      name: 'bulk',
      send: (agent, id) =>
        agent.post(INBOX_PATHS.bulk('contact')).send({ ids: [id], action: 'status', status: 'lost' }),
      ok: 200,
    },
    { name: 'trash', send: (agent, id) => agent.delete(INBOX_PATHS.enquiry('contact', id)), ok: 200 },
    { name: 'restore', send: (agent, id) => agent.post(INBOX_PATHS.restore('contact', id)), ok: 200 },
  ];

  it.each(calls)('$name: nobody signed in is 401, an account that is not staff 403, staff $ok', async (call) => {
    const { id } = await storeEnquiry(context, 'contact');
    if (call.name === 'restore') await owner.delete(INBOX_PATHS.enquiry('contact', id));
    const anonymous = await call.send(request(context.app), id);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ success: false, message: API_MESSAGES.NOT_SIGNED_IN });
    const stranger = await call.send(outsider, id);
    expect(stranger.status).toBe(403);
    expect(stranger.body.message).toBe(API_MESSAGES.NOT_STAFF);
    const staff = await call.send(owner, id);
    expect(staff.status, staff.text).toBe(call.ok);
  });

  it('not-spam: 401 without a session, 403 for an account that is not staff, 200 for staff', async () => {
    const { id } = await storeEnquiry(context, 'contact', { spamReason: 'honeypot' });
    expect((await request(context.app).post(INBOX_PATHS.notSpam('contact', id))).status).toBe(401);
    expect((await outsider.post(INBOX_PATHS.notSpam('contact', id))).status).toBe(403);
    expect((await owner.post(INBOX_PATHS.notSpam('contact', id))).status).toBe(200);
  });
});

async function listAll(agent: StaffAgent, kind: InboxView, query: Record<string, string> = {}) {
  const response = await agent.get(INBOX_PATHS.list(kind)).query(query);
  expect(response.status, response.text).toBe(200);
  return InboxPageSchema.parse(response.body);
}

describe('the list', () => {
  it('pages through 120 enquiries newest first with after and back with before, no row twice or missing', async () => {
    const start = context.now().getTime();
    // Pairs share a time, so the id decides between them.
    for (let index = 0; index < 120; index += 1) {
      await storeEnquiry(context, 'contact', { createdAt: start - Math.floor(index / 2) * 1000 });
    }
    const seen: number[] = [];
    const pages: Array<{ ids: number[]; older: string | null; newer: string | null }> = [];
    let after: string | undefined;
    do {
      const page = await listAll(owner, 'contact', { limit: '25', ...(after ? { after } : {}) });
      expect(page.total).toBe(120);
      pages.push({ ids: page.enquiries.map((row) => row.id), older: page.older, newer: page.newer });
      seen.push(...page.enquiries.map((row) => row.id));
      after = page.older ?? undefined;
    } while (after);
    expect(pages.map((page) => page.ids.length)).toEqual([25, 25, 25, 25, 20]);
    expect(pages[0]?.newer).toBeNull();
    expect(pages.at(-1)?.older).toBeNull();
    expect(new Set(seen).size).toBe(120);
    const rows = await context.db
      .selectFrom('enquiries')
      .where('kind', '=', 'contact')
      .select(['id', 'created_at'])
      .execute();
    const expected = rows
      .map((row) => ({ id: Number(row.id), createdAt: Number(row.created_at) }))
      .sort((a, b) => b.createdAt - a.createdAt || b.id - a.id)
      .map((row) => row.id);
    expect(seen).toEqual(expected);

    // Back from the last page to the first with before.
    let before = pages.at(-1)?.newer ?? undefined;
    for (let index = pages.length - 2; index >= 0; index -= 1) {
      expect(before).toBeDefined();
      const page = await listAll(owner, 'contact', { limit: '25', before: before ?? '' });
      expect(page.enquiries.map((row) => row.id)).toEqual(pages[index]?.ids);
      before = page.newer ?? undefined;
    }
    expect(before).toBeUndefined();
  });

  it('gives each row its summary: name, preview, status, read, folder', async () => {
    const message = `Ẹ káàsán! ${'We need a shop for our adire fabrics. '.repeat(10)}`;
    await storeEnquiry(context, 'contact', { values: { name: 'Ọlábísí Adéwálé', message } });
    await storeEnquiry(context, 'web_dev', { values: { firstname: 'Chukwuemeka', surname: 'Nwáńkwọ́' } });
    const [contact] = (await listAll(owner, 'contact')).enquiries as [EnquirySummary];
    expect(contact).toMatchObject({ name: 'Ọlábísí Adéwálé', status: 'new', read: false, folder: 'inbox' });
    // At most 140 characters, ending on a whole word with an ellipsis (issue 23, docs/decisions/0047).
    expect(contact.preview).toBe(`Ẹ káàsán! ${'We need a shop for our adire fabrics. '.repeat(3)}We need a shop…`);
    const [training] = (await listAll(owner, 'web_dev')).enquiries as [EnquirySummary];
    expect(training.name).toBe('Chukwuemeka Nwáńkwọ́');
    expect(training.preview).toBe('Web Design & Development · Weekend');
  });

  it('finds by name, e-mail, reference, message text, and a phone however it is written', async () => {
    await storeEnquiry(context, 'contact', {
      values: { name: 'Ngozi Obi', email: 'ngozi@shop.ng', phone: '+2348031234567', message: 'Adire fabrics' },
    });
    const other = await storeEnquiry(context, 'contact', {
      values: { name: 'Bayo Ade', email: 'bayo@mail.ng', phone: '07012345678', message: 'A blog 100% done' },
    });
    const found = async (q: string) => (await listAll(owner, 'contact', { q })).enquiries.map((row) => row.name);
    expect(await found('ngozi')).toEqual(['Ngozi Obi']);
    expect(await found('SHOP.NG')).toEqual(['Ngozi Obi']);
    expect(await found('adire')).toEqual(['Ngozi Obi']);
    expect(await found(other.reference)).toEqual(['Bayo Ade']);
    expect(await found('0803 123 4567')).toEqual(['Ngozi Obi']);
    expect(await found('803-123')).toEqual(['Ngozi Obi']);
    // % and _ are letters in a search, not wildcards.
    expect(await found('100%')).toEqual(['Bayo Ade']);
    expect(await found('%')).toEqual(['Bayo Ade']);
    expect(await found('nobody')).toEqual([]);
  });

  it('shows every kind at once in the "All" view: one list, one search, one count, one export', async () => {
    const start = context.now().getTime();
    const contact = await storeEnquiry(context, 'contact', { values: { name: 'Ngozi Obi' }, createdAt: start - 3000 });
    await storeEnquiry(context, 'web_dev', { values: { firstname: 'Ngozi', surname: 'Eze' }, createdAt: start - 2000 });
    await storeEnquiry(context, 'request_quote', { values: { name: 'Bayo Ventures' }, createdAt: start - 1000 });
    await storeEnquiry(context, 'creative_design', { spamReason: 'too-fast', createdAt: start });

    const all = await listAll(owner, 'all');
    expect(all.enquiries.map((row) => [row.kind, row.name])).toEqual([
      ['request_quote', 'Bayo Ventures'],
      ['web_dev', 'Ngozi Eze'],
      ['contact', 'Ngozi Obi'],
    ]);
    expect(all.total).toBe(3);
    const found = await listAll(owner, 'all', { q: 'ngozi' });
    expect(found.enquiries.map((row) => row.kind)).toEqual(['web_dev', 'contact']);
    expect((await listAll(owner, 'all', { folder: 'spam' })).enquiries.map((row) => row.kind)).toEqual([
      'creative_design',
    ]);
    // A status of one kind's set filters the kinds that have it.
    expect((await listAll(owner, 'all', { status: 'new' })).total).toBe(3);
    // Each row opens at its own kind's address.
    const opened = await owner.get(INBOX_PATHS.enquiry('contact', contact.id));
    expect(EnquiryAnswerSchema.parse(opened.body).enquiry.reference).toBe(contact.reference);

    const exported = await owner.get(INBOX_PATHS.export('all')).buffer(true);
    expect(exported.status).toBe(200);
    const lines = exported.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]?.split(',').slice(0, 2)).toEqual(['Kind', 'Reference']);
    expect(lines).toHaveLength(4);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(['Request Quote', 'Web Development', 'Contact']);
  });

  it('finds Nigerian names typed with or without their accents and tone marks, in any case', async () => {
    const bisi = await storeEnquiry(context, 'contact', {
      values: { name: 'Ọlábísí Adéwálé', email: 'bisi@adire-house.ng', message: 'Ẹ káàsán, a shop please' },
    });
    await storeEnquiry(context, 'contact', { values: { name: 'Bayo Ade', email: 'bayo@mail.ng', message: 'A blog' } });
    await storeEnquiry(context, 'web_dev', { values: { firstname: 'Chukwuemeka', surname: 'Nwáńkwọ́' } });
    await storeEnquiry(context, 'web_dev', { values: { firstname: 'Emeka', surname: 'Okafor' } });
    const found = async (kind: MessageKind, q: string) =>
      (await listAll(owner, kind, { q })).enquiries.map((row) => row.name);
    for (const typed of ['olabisi', 'Ọlábísí', 'ỌLÁBÍSÍ', 'ọlábísí', 'Ọlábísí'.normalize('NFD'), 'adewale']) {
      expect(await found('contact', typed), typed).toEqual(['Ọlábísí Adéwálé']);
    }
    expect(await found('contact', '  OLABISI   adewale ')).toEqual(['Ọlábísí Adéwálé']);
    expect(await found('contact', 'e kaasan')).toEqual(['Ọlábísí Adéwálé']);
    expect(await found('web_dev', 'chukwuemeka nwankwo')).toEqual(['Chukwuemeka Nwáńkwọ́']);
    expect(await found('web_dev', 'NWÁŃKWỌ́')).toEqual(['Chukwuemeka Nwáńkwọ́']);
    // The e-mail and the reference are still found, and a search never runs from one column into the next.
    expect(await found('contact', 'adire-HOUSE')).toEqual(['Ọlábísí Adéwálé']);
    expect(await found('contact', bisi.reference.toLowerCase())).toEqual(['Ọlábísí Adéwálé']);
    expect(await found('contact', 'adewale bisi')).toEqual([]);
  });

  it('filters by status, assignee and Lagos calendar days', async () => {
    // 2026-11-21 23:30 UTC is already 22 November in Lagos.
    const lateFriday = Date.UTC(2026, 10, 21, 23, 30);
    const a = await storeEnquiry(context, 'contact', { createdAt: lateFriday - 2 * HOUR });
    const b = await storeEnquiry(context, 'contact', { createdAt: lateFriday });
    const c = await storeEnquiry(context, 'contact', { createdAt: lateFriday + 24 * HOUR });
    await owner.patch(INBOX_PATHS.enquiry('contact', a.id)).send({ status: 'won', assigneeId: ownerId });
    await owner.patch(INBOX_PATHS.enquiry('contact', b.id)).send({ assigneeId: colleagueId });
    const ids = async (query: Record<string, string>) =>
      (await listAll(owner, 'contact', query)).enquiries.map((row) => row.id);
    expect(await ids({ status: 'won' })).toEqual([a.id]);
    expect(await ids({ status: 'new' })).toEqual([c.id, b.id]);
    expect(await ids({ assignee: 'me' })).toEqual([a.id]);
    expect(await ids({ assignee: String(colleagueId) })).toEqual([b.id]);
    expect(await ids({ assignee: 'none' })).toEqual([c.id]);
    expect(await ids({ from: '2026-11-22', to: '2026-11-22' })).toEqual([b.id]);
    expect(await ids({ to: '2026-11-21' })).toEqual([a.id]);
    expect(await ids({ from: '2026-11-23' })).toEqual([c.id]);
    const page = await listAll(owner, 'contact', { status: 'new', limit: '1' });
    expect(page.total).toBe(2);
  });

  it('refuses bad input with 400 and field errors, an unknown kind with 404, never 500', async () => {
    const refused = async (path: string, query: Record<string, string>, field?: string) => {
      const response = await owner.get(path).query(query);
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(response.body.success).toBe(false);
      if (field) expect(response.body.errors).toHaveProperty(field);
    };
    const list = INBOX_PATHS.list('contact');
    await refused(list, { after: 'bm90IGEgY3Vyc29y' }, 'after');
    await refused(list, { before: 'not a cursor!' }, 'before');
    await refused(list, { from: '2026-13-45' }, 'from');
    await refused(list, { to: 'yesterday' }, 'to');
    await refused(list, { limit: '51' }, 'limit');
    await refused(list, { limit: '0' }, 'limit');
    await refused(list, { status: 'enrolled' }, 'status');
    await refused(INBOX_PATHS.list('web_dev'), { status: 'won' }, 'status');
    await refused(list, { folder: 'archive' }, 'folder');
    await refused(list, { assignee: 'someone' }, 'assignee');
    await refused(list, { q: 'x'.repeat(201) }, 'q');
    await refused(INBOX_PATHS.export('contact'), { status: 'declined' }, 'status');

    const unknownKind = await owner.get('/api/enquiries/newsletter');
    expect(unknownKind.status).toBe(404);
    expect(unknownKind.body.success).toBe(false);
    expect((await owner.get('/api/enquiries/newsletter/1')).status).toBe(404);
    const badId = await owner.get('/api/enquiries/contact/abc');
    expect(badId.status).toBe(400);
    expect(badId.body.errors).toHaveProperty('id');
    const missing = await owner.get(INBOX_PATHS.enquiry('contact', 987654));
    expect(missing.status).toBe(404);
    expect(missing.body.success).toBe(false);
  });
});

describe('counts, reads and staff', () => {
  it('count new, unread per staff member, trash and spam for every kind', async () => {
    const first = await storeEnquiry(context, 'contact');
    const second = await storeEnquiry(context, 'contact');
    const third = await storeEnquiry(context, 'contact');
    await storeEnquiry(context, 'contact', { spamReason: 'too-fast' });
    await owner.delete(INBOX_PATHS.enquiry('contact', third.id));
    await owner.patch(INBOX_PATHS.enquiry('contact', first.id)).send({ status: 'contacted', read: true });
    const ownerCounts = InboxCountsSchema.parse((await owner.get(INBOX_PATHS.COUNTS)).body).counts;
    expect(ownerCounts.contact).toEqual({ new: 1, unread: 1, trash: 1, spam: 1 });
    expect(ownerCounts.web_dev).toEqual({ new: 0, unread: 0, trash: 0, spam: 0 });
    const colleagueCounts = InboxCountsSchema.parse((await colleague.get(INBOX_PATHS.COUNTS)).body).counts;
    expect(colleagueCounts.contact).toEqual({ new: 1, unread: 2, trash: 1, spam: 1 });
    expect(Object.keys(ownerCounts).sort()).toEqual([...MESSAGE_KINDS].sort());
    expect(second.id).toBeGreaterThan(0);
  });

  it('keeps read marks per staff member; opening an enquiry does not mark it read', async () => {
    const { id } = await storeEnquiry(context, 'request_quote');
    await owner.get(INBOX_PATHS.enquiry('request_quote', id));
    expect((await listAll(owner, 'request_quote')).enquiries[0]?.read).toBe(false);
    const marked = await owner.patch(INBOX_PATHS.enquiry('request_quote', id)).send({ read: true });
    expect(EnquiryAnswerSchema.parse(marked.body).enquiry.read).toBe(true);
    await owner.patch(INBOX_PATHS.enquiry('request_quote', id)).send({ read: true });
    expect((await listAll(owner, 'request_quote')).enquiries[0]?.read).toBe(true);
    expect((await listAll(colleague, 'request_quote')).enquiries[0]?.read).toBe(false);
    await owner.patch(INBOX_PATHS.enquiry('request_quote', id)).send({ read: false });
    expect((await listAll(owner, 'request_quote')).enquiries[0]?.read).toBe(false);
  });

  it('lists the staff accounts with their usernames, the asking one marked as me', async () => {
    const staff = StaffListSchema.parse((await colleague.get(INBOX_PATHS.STAFF)).body).staff;
    expect(staff).toEqual([
      { id: ownerId, username: 'owner', email: 'owner@agency.test', me: false },
      { id: colleagueId, username: 'ada', email: 'ada@agency.test', me: true },
    ]);
  });
});

describe('one enquiry', () => {
  it('shows every field, the human check, notes newest first with authors, history with who and when', async () => {
    const { id, reference } = await storeEnquiry(context, 'request_quote');
    const detail = EnquiryAnswerSchema.parse((await owner.get(INBOX_PATHS.enquiry('request_quote', id))).body);
    expect(detail.enquiry).toMatchObject({ id, reference, kind: 'request_quote', humanCheck: 'verified' });
    expect(detail.enquiry.fields).toMatchObject({ id, services: ['Web development', 'SEO'], location: 'Ogun' });

    const first = await owner.post(INBOX_PATHS.notes('request_quote', id)).send({ body: 'Called, no answer.' });
    expect(first.status).toBe(201);
    expect(NoteAnswerSchema.parse(first.body).note).toMatchObject({ authorId: ownerId, authorName: 'owner' });
    context.advance(60_000);
    await colleague
      .post(INBOX_PATHS.notes('request_quote', id))
      .send({ body: 'Sent the price list.\r\nThey liked it.' });
    context.advance(60_000);
    await colleague.patch(INBOX_PATHS.enquiry('request_quote', id)).send({ status: 'won', assigneeId: colleagueId });

    const shown = EnquiryAnswerSchema.parse((await owner.get(INBOX_PATHS.enquiry('request_quote', id))).body).enquiry;
    expect(shown.notes.map((note) => [note.body, note.authorName])).toEqual([
      ['Sent the price list.\nThey liked it.', 'ada'],
      ['Called, no answer.', 'owner'],
    ]);
    expect(shown.history.map((event) => [event.action, event.from, event.to, event.actorName])).toEqual([
      ['assignee', null, String(colleagueId), 'ada'],
      ['status', 'new', 'won', 'ada'],
      ['note', null, null, 'ada'],
      ['note', null, null, 'owner'],
    ]);
    expect(shown.history[0]?.createdAt).toBe(context.now().toISOString());
    expect(shown.status).toBe('won');
    expect(shown.assigneeId).toBe(colleagueId);
  });

  it('shows a note of an account that is gone as by a former colleague', async () => {
    const { id } = await storeEnquiry(context, 'contact');
    await context.db
      .insertInto('enquiry_notes')
      .values({ enquiry_id: id, author_id: 999_999, body: 'Old note', created_at: 1 })
      .execute();
    const shown = EnquiryAnswerSchema.parse((await owner.get(INBOX_PATHS.enquiry('contact', id))).body).enquiry;
    expect(shown.notes[0]?.authorName).toBe(FORMER_COLLEAGUE);
  });

  it('records a one-tap answer, and a new enquiry becomes contacted', async () => {
    const { id } = await storeEnquiry(context, 'web_dev');
    const answer = await owner.patch(INBOX_PATHS.enquiry('web_dev', id)).send({ contactedVia: 'whatsapp' });
    const shown = EnquiryAnswerSchema.parse(answer.body).enquiry;
    expect(shown.status).toBe('contacted');
    expect(shown.history.map((event) => [event.action, event.to])).toEqual(
      expect.arrayContaining([
        ['contacted', 'whatsapp'],
        ['status', 'contacted'],
      ]),
    );
    const again = await owner.patch(INBOX_PATHS.enquiry('web_dev', id)).send({ contactedVia: 'call' });
    expect(EnquiryAnswerSchema.parse(again.body).enquiry.history).toHaveLength(3);
  });

  it('refuses a status of another kind, an assignee who is not staff, and an empty update', async () => {
    const { id } = await storeEnquiry(context, 'web_dev');
    const path = INBOX_PATHS.enquiry('web_dev', id);
    const wrongStatus = await owner.patch(path).send({ status: 'won' });
    expect(wrongStatus.status).toBe(400);
    expect(wrongStatus.body.errors).toHaveProperty('status');
    const notStaff = await owner.patch(path).send({ assigneeId: await userIdOf(context, 'visitor@agency.test') });
    expect(notStaff.status).toBe(400);
    expect(notStaff.body.errors).toHaveProperty('assigneeId');
    expect((await owner.patch(path).send({ assigneeId: 424242 })).status).toBe(400);
    expect((await owner.patch(path).send({})).status).toBe(400);
    expect((await owner.patch(path).send({ status: 'enrolled', colour: 'red' })).status).toBe(400);
    expect((await owner.patch(path).set('Content-Type', 'text/plain').send('status=won')).status).toBe(415);
    expect((await owner.post(INBOX_PATHS.notes('web_dev', id)).send({ body: '   ' })).status).toBe(400);
    expect((await owner.patch(INBOX_PATHS.enquiry('web_dev', 987654)).send({ status: 'enrolled' })).status).toBe(404);
    const unassigned = await owner.patch(path).send({ status: 'enrolled', assigneeId: null });
    expect(unassigned.status).toBe(200);
  });
});

describe('folders', () => {
  it('trash and restore an enquiry, each in the history', async () => {
    const { id } = await storeEnquiry(context, 'creative_design');
    const trashed = await owner.delete(INBOX_PATHS.enquiry('creative_design', id));
    expect(EnquiryAnswerSchema.parse(trashed.body).enquiry).toMatchObject({
      folder: 'trash',
      trashedAt: context.now().toISOString(),
    });
    expect((await listAll(owner, 'creative_design')).enquiries).toEqual([]);
    expect((await listAll(owner, 'creative_design', { folder: 'trash' })).enquiries.map((row) => row.id)).toEqual([id]);
    expect((await owner.delete(INBOX_PATHS.enquiry('creative_design', id))).status).toBe(404);

    const restored = await colleague.post(INBOX_PATHS.restore('creative_design', id));
    const shown = EnquiryAnswerSchema.parse(restored.body).enquiry;
    expect(shown).toMatchObject({ folder: 'inbox', trashedAt: null });
    expect(shown.history.map((event) => [event.action, event.actorName])).toEqual([
      ['restore', 'ada'],
      ['trash', 'owner'],
    ]);
    expect((await owner.post(INBOX_PATHS.restore('creative_design', id))).status).toBe(409);
    expect((await owner.post(INBOX_PATHS.restore('creative_design', 987654))).status).toBe(404);
  });

  it("the spec's DELETE moves to the trash: the spec's list no longer shows it, a second DELETE is 404", async () => {
    const { id } = await storeEnquiry(context, 'contact');
    const deleted = await owner.delete(`${MESSAGE_KIND_PATHS.contact.delete}?id=${id}`);
    expect(deleted.body).toEqual({ success: true, message: API_MESSAGES.DELETED });
    expect((await owner.get(MESSAGE_KIND_PATHS.contact.list)).body.messages).toEqual([]);
    const row = await context.db
      .selectFrom('enquiries')
      .where('kind', '=', 'contact')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row).toMatchObject({ folder: 'trash' });
    const shown = EnquiryAnswerSchema.parse((await owner.get(INBOX_PATHS.enquiry('contact', id))).body).enquiry;
    expect(shown.history.map((event) => [event.action, event.actorId])).toEqual([['trash', ownerId]]);
    const again = await owner.delete(`${MESSAGE_KIND_PATHS.contact.delete}?id=${id}`);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(API_MESSAGES.MESSAGE_NOT_FOUND);
  });

  it('lists spam only in the spam folder, and not-spam moves it to the inbox', async () => {
    const spam = await storeEnquiry(context, 'contact', { spamReason: 'honeypot' });
    await storeEnquiry(context, 'contact');
    expect((await listAll(owner, 'contact')).enquiries.map((row) => row.id)).not.toContain(spam.id);
    expect((await owner.get(MESSAGE_KIND_PATHS.contact.list)).body.messages).toHaveLength(1);
    const spamFolder = await listAll(owner, 'contact', { folder: 'spam' });
    expect(spamFolder.enquiries.map((row) => [row.id, row.spamReason])).toEqual([[spam.id, 'honeypot']]);

    const moved = await owner.post(INBOX_PATHS.notSpam('contact', spam.id));
    expect(EnquiryAnswerSchema.parse(moved.body).enquiry.folder).toBe('inbox');
    expect((await listAll(owner, 'contact')).enquiries.map((row) => row.id)).toContain(spam.id);
    expect((await owner.post(INBOX_PATHS.notSpam('contact', spam.id))).status).toBe(409);
  });

  it('bulk actions change only what exists and is in the right folder, counted', async () => {
    const rows = [];
    for (let index = 0; index < 4; index += 1) rows.push(await storeEnquiry(context, 'web_dev'));
    const spam = await storeEnquiry(context, 'web_dev', { spamReason: 'too-fast' });
    const ids = rows.map((row) => row.id);
    const bulk = (body: object) => owner.post(INBOX_PATHS.bulk('web_dev')).send(body);

    const enrolled = await bulk({ ids: [...ids.slice(0, 2), 987654, spam.id], action: 'status', status: 'enrolled' });
    expect(enrolled.body).toEqual({ success: true, changed: 2, undo: expect.objectContaining({ count: 2 }) });
    expect((await bulk({ ids: ids.slice(0, 3), action: 'status', status: 'enrolled' })).body.changed).toBe(1);
    expect((await bulk({ ids, action: 'status', status: 'won' })).status).toBe(400);
    expect((await bulk({ ids, action: 'status' })).status).toBe(400);
    expect((await bulk({ ids: [], action: 'trash' })).status).toBe(400);
    expect((await bulk({ ids: Array.from({ length: 101 }, (_, i) => i + 1), action: 'trash' })).status).toBe(400);

    expect((await bulk({ ids: [ids[0], ids[1], spam.id], action: 'trash' })).body.changed).toBe(3);
    expect((await bulk({ ids: [ids[0], ids[2]], action: 'restore' })).body.changed).toBe(1);
    expect((await bulk({ ids: [spam.id, ids[3]], action: 'not-spam' })).body.changed).toBe(0);
    const inbox = await listAll(owner, 'web_dev');
    expect(inbox.enquiries.map((row) => row.id).sort()).toEqual([ids[0], ids[2], ids[3]].sort());
    const events = await context.db.selectFrom('enquiry_events').select('action').execute();
    expect(events.filter((event) => event.action === 'trash')).toHaveLength(3);
  });
});
