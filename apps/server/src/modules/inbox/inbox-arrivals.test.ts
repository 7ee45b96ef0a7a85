import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  API_MESSAGES,
  INBOX_PATHS,
  InboxArrivalsSchema,
  InboxMatchesSchema,
  InboxPageSchema,
  type MessageKind,
} from '@agency/shared';
import { createTestContext, signedInStaff, type StaffAgent, type TestContext } from '../../test/test-context';
import { storeEnquiry } from '../../test/enquiries';
import { INBOX_ROUTES } from './inbox.routes';

/**
 * The two cheap questions the dashboard asks (issue 17): how many enquiries arrived after the newest one a list
 * shows (its poll), and how many each kind holds for a search (the hint about the other tabs).
 */

let context: TestContext;
let staff: StaffAgent;

beforeAll(async () => {
  context = await createTestContext();
  staff = await signedInStaff(context);
});

afterAll(async () => {
  await context.close();
});

beforeEach(async () => {
  await context.db.deleteFrom('enquiries').execute();
});

async function firstPage(kind: MessageKind, query: Record<string, string> = {}) {
  const response = await staff.get(INBOX_PATHS.list(kind)).query(query);
  expect(response.status, response.text).toBe(200);
  return InboxPageSchema.parse(response.body);
}

async function arrivals(kind: MessageKind, query: Record<string, string>) {
  const response = await staff.get(INBOX_PATHS.arrivals(kind)).query(query);
  expect(response.status, response.text).toBe(200);
  return InboxArrivalsSchema.parse(response.body).count;
}

describe('the poll of an open list', () => {
  it('answers at the address INBOX_PATHS gives, staff only', async () => {
    expect(INBOX_ROUTES.arrivals.replace(':kind', 'contact')).toBe(INBOX_PATHS.arrivals('contact'));
    expect(INBOX_ROUTES.matches).toBe(INBOX_PATHS.MATCHES);
    const anonymous = await request(context.app).get(INBOX_PATHS.arrivals('contact'));
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe(API_MESSAGES.NOT_SIGNED_IN);
    expect((await request(context.app).get(INBOX_PATHS.MATCHES).query({ q: 'ada' })).status).toBe(401);
  });

  it('counts only the enquiries newer than the newest row the list showed, in its view', async () => {
    const start = context.now().getTime();
    await storeEnquiry(context, 'contact', { createdAt: start - 60_000 });
    await storeEnquiry(context, 'contact', { createdAt: start });
    const page = await firstPage('contact');
    expect(page.newest).not.toBeNull();
    const since = page.newest ?? '';
    expect(await arrivals('contact', { since })).toBe(0);

    // One at the same millisecond as the newest (the id decides), one later, one spam, one of another kind.
    await storeEnquiry(context, 'contact', { createdAt: start, values: { name: 'Urgent Uche' } });
    await storeEnquiry(context, 'contact', { createdAt: start + 1000 });
    await storeEnquiry(context, 'contact', { createdAt: start + 2000, spamReason: 'honeypot' });
    await storeEnquiry(context, 'web_dev', { createdAt: start + 3000 });
    expect(await arrivals('contact', { since })).toBe(2);
    expect(await arrivals('contact', { since, folder: 'spam' })).toBe(1);
    expect(await arrivals('contact', { since, q: 'uche' })).toBe(1);
    expect(await arrivals('web_dev', {})).toBe(1);

    // The list's newest moves on, and the count with it.
    const newest = (await firstPage('contact')).newest ?? '';
    expect(await arrivals('contact', { since: newest })).toBe(0);
  });

  it('an empty list has no newest row, so every row of its view counts', async () => {
    expect((await firstPage('request_quote')).newest).toBeNull();
    await storeEnquiry(context, 'request_quote');
    expect(await arrivals('request_quote', {})).toBe(1);
  });

  it('refuses a position it did not give with 400 and the field named, and an unknown kind with 404', async () => {
    const response = await staff.get(INBOX_PATHS.arrivals('contact')).query({ since: 'bm90LWEtY3Vyc29y' });
    expect(response.status).toBe(400);
    expect(response.body.errors).toHaveProperty('since');
    expect((await staff.get('/api/enquiries/letters/arrivals')).status).toBe(404);
    expect((await staff.post(INBOX_PATHS.arrivals('contact'))).status).toBe(405);
  });
});

describe('a search across the four kinds', () => {
  it("counts each kind's matches for the same search, so the other tabs can be named", async () => {
    await storeEnquiry(context, 'contact', { values: { name: 'Adaeze Okafor' } });
    await storeEnquiry(context, 'request_quote', { values: { name: 'Adaeze Okafor' } });
    await storeEnquiry(context, 'request_quote', { values: { name: 'Adaeze Nwosu' } });
    await storeEnquiry(context, 'web_dev', { values: { firstname: 'Tunde', surname: 'Bello' } });
    await storeEnquiry(context, 'creative_design', { values: { firstname: 'Adaeze', surname: 'Eze' } });
    const response = await staff.get(INBOX_PATHS.MATCHES).query({ q: 'adaeze' });
    expect(response.status, response.text).toBe(200);
    expect(InboxMatchesSchema.parse(response.body).matches).toEqual({
      web_dev: 0,
      creative_design: 1,
      contact: 1,
      request_quote: 2,
    });
  });

  it('leaves out a status for the kinds it does not apply to, and keeps it for the others', async () => {
    const won = await storeEnquiry(context, 'contact', { values: { name: 'Bisi Won' } });
    await storeEnquiry(context, 'contact', { values: { name: 'Bisi New' } });
    await storeEnquiry(context, 'web_dev', { values: { firstname: 'Bisi', surname: 'Trainee' } });
    await context.db.updateTable('enquiries').set({ status: 'won' }).where('id', '=', won.id).execute();
    const response = await staff.get(INBOX_PATHS.MATCHES).query({ q: 'bisi', status: 'won' });
    expect(InboxMatchesSchema.parse(response.body).matches).toMatchObject({ contact: 1, web_dev: 1 });
  });

  it('refuses a search over the length limit with the field named', async () => {
    const response = await staff.get(INBOX_PATHS.MATCHES).query({ q: 'a'.repeat(201) });
    expect(response.status).toBe(400);
    expect(response.body.errors).toHaveProperty('q');
  });
});
