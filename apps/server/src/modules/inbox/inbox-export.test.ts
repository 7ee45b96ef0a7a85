import { sql } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INBOX_PATHS, storedFieldsOf } from '@agency/shared';
import { createTestContext, signedInStaff, type TestContext } from '../../test/test-context';
import { neutraliseCell } from './inbox-csv';
import { storeEnquiry } from './inbox-fixtures';
import { summariesQuery } from './inbox.repository';

let context: TestContext;
let staff: Awaited<ReturnType<typeof signedInStaff>>;

const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  context = await createTestContext();
  staff = await signedInStaff(context);
});

afterAll(async () => {
  await context.close();
});

/** Parses the CSV the export writes (quoted cells, doubled quotes, CRLF between records). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(cell);
      cell = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      index += 1;
    } else cell += char;
  }
  if (cell !== '' || record.length > 0) records.push([...record, cell]);
  return records;
}

describe('neutraliseCell', () => {
  it('puts an apostrophe before a cell a spreadsheet would run as a formula, and leaves others alone', () => {
    for (const text of ['=1+1', '+234 803', '-5', '@SUM(A1)', '\t=cmd', '\r=cmd']) {
      expect(neutraliseCell(text)).toBe(`'${text}`);
    }
    for (const text of ['Ọlábísí', '08031234567', '', "'quoted", 'a=b']) expect(neutraliseCell(text)).toBe(text);
  });
});

describe('the CSV export', () => {
  it('starts with a UTF-8 BOM, has one column per field, keeps Nigerian names and neutralises formulas', async () => {
    await storeEnquiry(context, 'request_quote', {
      values: { name: 'Ọlábísí Adéwálé', projectDescription: '=HYPERLINK("http://evil.example","Click")' },
    });
    await storeEnquiry(context, 'request_quote', {
      values: { name: 'Chukwuemeka Nwáńkwọ́', phone: '+2348031234567', projectDescription: 'A shop, "quoted"' },
      createdAt: context.now().getTime() + 1000,
    });
    const response = await staff
      .get(INBOX_PATHS.export('request_quote'))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="?request-quote-enquiries-2026-11-22\.csv"?$/,
    );
    const bytes = response.body as Buffer;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const records = parseCsv(bytes.subarray(3).toString('utf8'));
    const labels = storedFieldsOf('request_quote').map(({ label }) => label);
    expect(records[0]).toEqual(['Reference', 'Received', 'Status', 'Assignee', ...labels]);
    expect(records).toHaveLength(3);
    const column = (name: string) => records[0]?.indexOf(name) ?? -1;
    expect(records[1]?.[column('Name')]).toBe('Chukwuemeka Nwáńkwọ́');
    expect(records[1]?.[column('Phone')]).toBe("'+2348031234567");
    expect(records[1]?.[column('Project description')]).toBe('A shop, "quoted"');
    expect(records[1]?.[column('Services')]).toBe('Web development, SEO');
    expect(records[1]?.[column('Status')]).toBe('New');
    expect(records[2]?.[column('Name')]).toBe('Ọlábísí Adéwálé');
    expect(records[2]?.[column('Project description')]).toBe('\'=HYPERLINK("http://evil.example","Click")');
    expect(records[2]?.[column('Received')]).toBe(context.now().toISOString());
  });

  it('exports every row of a view larger than one batch, newest first, with its filters', async () => {
    const start = context.now().getTime() - 10 * DAY;
    for (let index = 0; index < 1205; index += 1) {
      await storeEnquiry(context, 'creative_design', { createdAt: start + index * 1000 });
    }
    const response = await staff.get(INBOX_PATHS.export('creative_design')).buffer(true);
    const records = parseCsv(response.text.replace(/^\uFEFF/, ''));
    expect(records).toHaveLength(1206);
    const references = records.slice(1).map((record) => record[0]);
    expect(new Set(references).size).toBe(1205);
    const received = records.slice(1).map((record) => record[1] ?? '');
    expect([...received].sort().reverse()).toEqual(received);
    const filtered = await staff.get(INBOX_PATHS.export('creative_design')).query({ status: 'enrolled' });
    expect(parseCsv(filtered.text.replace(/^\uFEFF/, ''))).toHaveLength(1);
  });

  it('is for staff only', async () => {
    expect((await request(context.app).get(INBOX_PATHS.export('contact'))).status).toBe(401);
  });
});

describe('the list queries', () => {
  it('read the first page of a folder, and of a status, in index order without sorting', async () => {
    const start = context.now().getTime() - 20 * DAY;
    for (let index = 0; index < 300; index += 1) {
      await storeEnquiry(context, 'contact', { createdAt: start + index * 1000 });
    }
    await sql`analyze table contact_messages`.execute(context.db).catch(() => sql`analyze`.execute(context.db));
    const pages = [
      summariesQuery('contact', { folder: 'inbox' }, { userId: 1, direction: 'older', limit: 51 }),
      summariesQuery('contact', { folder: 'inbox', status: 'won' }, { userId: 1, direction: 'older', limit: 51 }),
      summariesQuery(
        'contact',
        { folder: 'inbox' },
        { userId: 1, direction: 'newer', from: { createdAt: start, id: 5 }, limit: 51 },
      ),
    ];
    for (const page of pages) {
      if (context.database.dialect === 'sqlite') {
        const plan = await sql<{ detail: string }>`explain query plan ${page}`.execute(context.db);
        const details = plan.rows.map((row) => row.detail).join('\n');
        expect(details).toMatch(/contact_messages_folder_(status_)?created/);
        expect(details).not.toMatch(/TEMP B-TREE/);
      } else {
        const plan = await sql<{ table: string; key: string | null; Extra: string | null }>`explain ${page}`.execute(
          context.db,
        );
        const enquiries = plan.rows.find((row) => row.table === 'contact_messages');
        expect(enquiries?.key ?? '').toMatch(/contact_messages_folder_(status_)?created/);
        expect(plan.rows.map((row) => row.Extra ?? '').join('\n')).not.toMatch(/filesort|temporary/i);
      }
    }
  });
});
