import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES, INBOX_PATHS, STAFF_ADMIN_PATHS } from '@agency/shared';
import {
  createTestContext,
  signedInStaff,
  TEST_APP_URL,
  type StaffAgent,
  type TestContext,
} from '../test/test-context';

let context: TestContext;
let owner: StaffAgent;

beforeAll(async () => {
  context = await createTestContext();
  owner = await signedInStaff(context, 'owner@agency.test');
});

afterAll(async () => {
  await context.close();
});

const auditCount = async () => (await context.db.selectFrom('audit_log').select('id').execute()).length;

/** The GET requests that write an audit entry: exports, and a data request's search and exports. */
const AUDITED_READS = [
  INBOX_PATHS.export('contact'),
  STAFF_ADMIN_PATHS.AUDIT_EXPORT,
  `${STAFF_ADMIN_PATHS.DATA_REQUEST}?email=someone%40example.ng`,
  `${STAFF_ADMIN_PATHS.DATA_REQUEST_EXPORT_JSON}?email=someone%40example.ng`,
];

describe('a GET that writes an audit entry, from a signed-in owner', () => {
  it('is refused 403 from another site (Sec-Fetch-Site or a foreign Origin) and writes no audit entry', async () => {
    const before = await auditCount();
    for (const path of AUDITED_READS) {
      for (const headers of [
        { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate' },
        { Origin: 'https://evil.example' },
      ]) {
        const answer = await owner.get(path).set(headers);
        expect(answer.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
        expect(answer.body).toEqual({ success: false, message: API_MESSAGES.CROSS_SITE });
      }
    }
    // Reading an enquiry (it marks it read) and the inbox's list are the inbox's too.
    expect((await owner.get(INBOX_PATHS.list('contact')).set('Sec-Fetch-Site', 'cross-site')).status).toBe(403);
    expect(await auditCount()).toBe(before);
  });

  it('works from our own pages, from the same site and directly, each audited', async () => {
    for (const path of AUDITED_READS) {
      for (const headers of [
        { 'Sec-Fetch-Site': 'same-origin' },
        { 'Sec-Fetch-Site': 'same-origin', Origin: TEST_APP_URL },
        { 'Sec-Fetch-Site': 'same-site' },
        { 'Sec-Fetch-Site': 'none' },
        {},
      ]) {
        const before = await auditCount();
        const answer = await owner.get(path).set(headers);
        expect(answer.status, `${path} ${JSON.stringify(headers)}`).toBe(200);
        expect(await auditCount(), path).toBe(before + 1);
      }
    }
  });

  it('leaves the public reads alone: health and the human check from another site still answer', async () => {
    expect((await owner.get('/api/health').set('Sec-Fetch-Site', 'cross-site')).status).toBe(200);
    expect((await owner.get('/api/human-check').set('Sec-Fetch-Site', 'cross-site')).status).toBe(200);
  });
});
