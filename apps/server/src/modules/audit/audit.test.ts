import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuditPageSchema, INBOX_PATHS, MESSAGE_KIND_PATHS, STAFF_ADMIN_PATHS, type AuditEntry } from '@agency/shared';
import { headerOf } from '../../lib/spreadsheet';
import {
  createTestContext,
  registerAndConfirm,
  signedInStaff,
  signIn,
  type StaffAgent,
  type TestContext,
  userIdOf,
} from '../../test/test-context';
import { storeEnquiry } from '../../test/enquiries';
import { recordAudit, SERVER_ACTOR } from './audit.service';
import { AUDIT_EXPORT_COLUMNS } from './audit.service';

let context: TestContext;
let owner: StaffAgent;
let ownerId: number;
let staff: StaffAgent;
let staffId: number;

const DAY = 24 * 60 * 60 * 1000;

async function page(
  query: Record<string, string | number> = {},
): Promise<{ entries: AuditEntry[]; older: number | null; newer: number | null }> {
  const response = await owner.get(STAFF_ADMIN_PATHS.AUDIT).query(query);
  expect(response.status, response.text).toBe(200);
  return AuditPageSchema.parse(response.body);
}

beforeAll(async () => {
  context = await createTestContext();
  owner = await signedInStaff(context, 'owner@agency.test');
  ownerId = await userIdOf(context, 'owner@agency.test');
  await registerAndConfirm(context, 'ada@agency.test');
  staffId = await userIdOf(context, 'ada@agency.test');
  await owner.post(STAFF_ADMIN_PATHS.approve(staffId)).expect(200);
  const signedIn = await signIn(context, 'ada@agency.test');
  expect(signedIn.response.status).toBe(200);
  staff = signedIn.agent;
});

afterAll(async () => {
  await context.close();
});

beforeEach(async () => {
  await context.db.deleteFrom('audit_log').execute();
});

describe('who may read the audit log', () => {
  it('nobody signed in gets 401, a staff member 403, an owner 200', async () => {
    for (const path of [STAFF_ADMIN_PATHS.AUDIT, STAFF_ADMIN_PATHS.AUDIT_EXPORT]) {
      expect((await request(context.app).get(path)).status, path).toBe(401);
      expect((await staff.get(path)).status, path).toBe(403);
      expect((await owner.get(path)).status, path).toBe(200);
    }
  });

  it('nobody can change or delete an entry: the log has no such method and an entry no address', async () => {
    await recordAudit(context.db, {
      action: 'account.approve',
      actor: { id: ownerId, email: 'owner@agency.test' },
      target: 'account someone@agency.test',
      at: context.now().getTime(),
    });
    const [entry] = (await page()).entries;
    for (const method of ['put', 'patch', 'delete'] as const) {
      expect((await owner[method](STAFF_ADMIN_PATHS.AUDIT).send({})).status, method).toBe(405);
      expect((await owner[method](`${STAFF_ADMIN_PATHS.AUDIT}/${entry?.id}`).send({})).status, method).toBe(404);
    }
    expect((await page()).entries).toEqual([entry]);
  });
});

describe("the inbox's sensitive actions", () => {
  it('a trash, a restore, a spam release and the spec DELETE are each recorded with who, what and when', async () => {
    const first = await storeEnquiry(context, 'contact');
    const caught = await storeEnquiry(context, 'request_quote', { spamReason: 'honeypot' });
    const third = await storeEnquiry(context, 'contact');
    await staff.delete(`/api/enquiries/contact/${first.id}`).expect(200);
    await staff.post(`/api/enquiries/contact/${first.id}/restore`).expect(200);
    await staff.post(`/api/enquiries/request_quote/${caught.id}/not-spam`).expect(200);
    await staff.delete(`${MESSAGE_KIND_PATHS.contact.delete.split('?')[0]}?id=${third.id}`).expect(200);
    // A move that does not happen is not recorded.
    await staff.post(`/api/enquiries/contact/${first.id}/restore`).expect(409);

    const { entries } = await page();
    expect(entries.map(({ action, actorId, actorEmail, target }) => ({ action, actorId, actorEmail, target }))).toEqual(
      [
        {
          action: 'enquiry.trash',
          actorId: staffId,
          actorEmail: 'ada@agency.test',
          target: `Contact ${third.reference}`,
        },
        {
          action: 'enquiry.not-spam',
          actorId: staffId,
          actorEmail: 'ada@agency.test',
          target: `Request Quote ${caught.reference}`,
        },
        {
          action: 'enquiry.restore',
          actorId: staffId,
          actorEmail: 'ada@agency.test',
          target: `Contact ${first.reference}`,
        },
        {
          action: 'enquiry.trash',
          actorId: staffId,
          actorEmail: 'ada@agency.test',
          target: `Contact ${first.reference}`,
        },
      ],
    );
    expect(entries[0]?.createdAt).toBe(context.now().toISOString());
  });

  it('a bulk trash is one entry with the count and the references it moved', async () => {
    const one = await storeEnquiry(context, 'contact');
    const two = await storeEnquiry(context, 'contact');
    await staff
      .post('/api/enquiries/contact/bulk')
      .send({ ids: [one.id, two.id, 999_999], action: 'trash' })
      .expect(200);
    await staff
      .post('/api/enquiries/contact/bulk')
      .send({ ids: [one.id], action: 'trash' })
      .expect(200);
    const { entries } = await page();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'enquiry.trash',
      target: '2 Contact enquiries',
      detail: { count: 2, references: [one.reference, two.reference] },
    });
  });

  it('an export is recorded with its filters when it starts, a search only as "a search"', async () => {
    const answer = await staff
      .get(INBOX_PATHS.export('contact'))
      .query({ folder: 'trash', q: 'bola.ahmed@example.ng' });
    expect(answer.status).toBe(200);
    const { entries } = await page({ action: 'enquiry.export' });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: staffId,
      target: 'Contact enquiries',
      detail: { filters: { folder: 'trash', q: '(a search)' } },
    });
    // An erasure must be able to remove a person; the log, which nobody changes, never holds what was searched.
    expect(JSON.stringify(entries)).not.toContain('bola');
  });
});

describe('reading the log', () => {
  async function seed(): Promise<void> {
    const start = Date.UTC(2026, 10, 20, 12);
    for (let index = 0; index < 7; index += 1) {
      await recordAudit(context.db, {
        action: index % 2 === 0 ? 'account.approve' : 'enquiry.trash',
        actor: index === 6 ? SERVER_ACTOR : { id: index % 3 === 0 ? ownerId : staffId, email: 'someone@agency.test' },
        target: `thing ${index}`,
        detail: { index },
        at: start + index * DAY,
      });
    }
  }
  const targets = (entries: AuditEntry[]) => entries.map((entry) => entry.target);

  it('pages newest first as the inbox does: `after` the `older` goes down the list, `before` the `newer` back up', async () => {
    await seed();
    const first = await page({ limit: 3 });
    expect(targets(first.entries)).toEqual(['thing 6', 'thing 5', 'thing 4']);
    expect(first.entries[0]).toMatchObject({ actorId: null, actorEmail: 'the server', detail: { index: 6 } });
    expect(first.newer).toBeNull();
    const second = await page({ limit: 3, after: String(first.older) });
    expect(targets(second.entries)).toEqual(['thing 3', 'thing 2', 'thing 1']);
    const last = await page({ limit: 3, after: String(second.older) });
    expect(targets(last.entries)).toEqual(['thing 0']);
    expect(last.older).toBeNull();

    const backUp = await page({ limit: 3, before: String(last.newer) });
    expect(targets(backUp.entries)).toEqual(['thing 3', 'thing 2', 'thing 1']);
    expect(backUp.older).toBe(second.older);
    const top = await page({ limit: 3, before: String(backUp.newer) });
    expect(targets(top.entries)).toEqual(['thing 6', 'thing 5', 'thing 4']);
    expect(top.newer).toBeNull();
  });

  it('exports the entries of the page the same query lists when it has a limit, and every entry without one', async () => {
    await seed();
    const exported = async (query: Record<string, string>) => {
      const response = await owner.get(STAFF_ADMIN_PATHS.AUDIT_EXPORT).query({ action: 'account.approve', ...query });
      expect(response.status, response.text).toBe(200);
      return response.text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
        .slice(1);
    };
    const approvals = await page({ action: 'account.approve', limit: 2 });
    expect(targets(approvals.entries)).toEqual(['thing 6', 'thing 4']);
    const limited = await exported({ limit: '2' });
    expect(limited).toHaveLength(2);
    expect(limited[0]).toContain('thing 6');
    expect(limited[1]).toContain('thing 4');
    const next = await exported({ limit: '2', after: String(approvals.older) });
    expect(next.map((line) => /thing \d/.exec(line)?.[0])).toEqual(['thing 2', 'thing 0']);
    expect(await exported({})).toHaveLength(4);
  });

  it('filters by action, by who acted and by Lagos calendar days', async () => {
    await seed();
    expect(targets((await page({ action: 'enquiry.trash' })).entries)).toEqual(['thing 5', 'thing 3', 'thing 1']);
    expect(targets((await page({ actorId: String(ownerId) })).entries)).toEqual(['thing 3', 'thing 0']);
    // thing 2 was written 2026-11-22 12:00 UTC, thing 3 on the 23rd: the 22nd and 23rd in Lagos too.
    expect(targets((await page({ from: '2026-11-22', to: '2026-11-23' })).entries)).toEqual(['thing 3', 'thing 2']);
  });

  it('a day starts at 23:00 UTC the evening before, as Lagos is an hour ahead', async () => {
    await recordAudit(context.db, {
      action: 'audit.export',
      actor: SERVER_ACTOR,
      target: 'late',
      at: Date.UTC(2026, 10, 21, 23, 30),
    });
    expect(targets((await page({ from: '2026-11-22', to: '2026-11-22' })).entries)).toEqual(['late']);
    expect((await page({ to: '2026-11-21' })).entries).toEqual([]);
  });

  it('refuses a filter it cannot read with 400', async () => {
    for (const query of [
      { action: 'account.delete' },
      { from: '22/11/2026' },
      { limit: '500' },
      { before: 'x' },
      { after: '0' },
    ]) {
      const response = await owner.get(STAFF_ADMIN_PATHS.AUDIT).query(query);
      expect(response.status, JSON.stringify(query)).toBe(400);
    }
  });
});

describe('the CSV export', () => {
  it('holds the filtered entries with a BOM, neutralised formulas, and is recorded itself', async () => {
    await recordAudit(context.db, {
      action: 'enquiry.trash',
      actor: { id: staffId, email: 'ada@agency.test' },
      target: '=HYPERLINK("http://evil.example")',
      at: context.now().getTime(),
    });
    await recordAudit(context.db, {
      action: 'account.approve',
      actor: { id: ownerId, email: 'owner@agency.test' },
      target: 'account ngozi@agency.test',
      at: context.now().getTime(),
    });
    const response = await owner
      .get(STAFF_ADMIN_PATHS.AUDIT_EXPORT)
      .query({ action: 'enquiry.trash' })
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
      });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/audit-log-\d{4}-\d{2}-\d{2}\.csv/);
    const text = response.body as string;
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(AUDIT_EXPORT_COLUMNS.map(headerOf).join(','));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`'=HYPERLINK`);
    expect(lines[1]).toContain('ada@agency.test');

    const { entries } = await page({ action: 'audit.export' });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: ownerId,
      target: 'the audit log',
      detail: { filters: { action: 'enquiry.trash' } },
    });
  });
});
