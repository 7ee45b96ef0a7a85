import { CompiledQuery, sql } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { INBOX_PATHS, storedFieldsOf } from '@agency/shared';
import { cellUnder, csvRecordsOf, download, readWorkbook, rowsByHeader } from '../../test/spreadsheet-files';
import { createTestContext, signedInStaff, userIdOf, type TestContext } from '../../test/test-context';
import { storeEnquiry } from '../../test/enquiries';
import { countQuery, summariesQuery } from './inbox.repository';
import { addNote, updateEnquiry } from './inbox.service';

let context: TestContext;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
let staffId: number;

const DAY = 24 * 60 * 60 * 1000;
/** START_TIME (09:00 UTC) as Lagos reads it. */
const LAGOS_START = '2026-11-22 10:00';
const RECEIVED = 'Received in Lagos (UTC+1)';

beforeAll(async () => {
  context = await createTestContext();
  staff = await signedInStaff(context);
  staffId = await userIdOf(context, 'owner@agency.test');
});

afterAll(async () => {
  await context.close();
});

const deps = () => ({ db: context.db, clock: () => context.now(), config: context.config });

/** Stores a contact message, then writes its phone as an older version of the form may have kept it. */
async function storeContact(values: Record<string, unknown>, phone: string, createdAt: number) {
  const stored = await storeEnquiry(context, 'contact', { values, createdAt });
  await context.db.updateTable('enquiries').set({ phone }).where('id', '=', stored.id).execute();
  return stored;
}

describe('the CSV export', () => {
  it('starts with a UTF-8 BOM, has one column per field, keeps Nigerian names and neutralises formulas', async () => {
    await storeEnquiry(context, 'request_quote', {
      values: { name: 'Ọlábísí Adéwálé', projectDescription: '=HYPERLINK("http://evil.example","Click")' },
    });
    await storeEnquiry(context, 'request_quote', {
      values: { name: 'Chukwuemeka Nwáńkwọ́', phone: '+2348031234567', projectDescription: 'A shop, "quoted"' },
      createdAt: context.now().getTime() + 1000,
    });
    const response = await download(staff.get(INBOX_PATHS.export('request_quote')));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="?request-quote-enquiries-2026-11-22\.csv"?$/,
    );
    const records = csvRecordsOf(response.bytes);
    const labels = storedFieldsOf('request_quote').map(({ label }) => label);
    const sourceHeaders = [
      'Source',
      'Source class',
      'UTM source',
      'UTM medium',
      'UTM campaign',
      'UTM term',
      'UTM content',
    ];
    expect(records[0]).toEqual(['Reference', RECEIVED, 'Status', 'Assignee', ...labels, ...sourceHeaders, 'Notes']);
    expect(records).toHaveLength(3);
    const [newer, older] = rowsByHeader(records);
    expect(newer?.Name).toBe('Chukwuemeka Nwáńkwọ́');
    // As the form stored it (normalised or as typed), never behind an apostrophe.
    expect(newer?.Phone).toMatch(/^(\+234|0)8031234567$/);
    expect(newer?.['Project description']).toBe('A shop, "quoted"');
    expect(newer?.Services).toBe('Web development, SEO');
    expect(newer?.Status).toBe('New');
    expect(newer?.Assignee).toBe('Unassigned');
    expect(older?.Name).toBe('Ọlábísí Adéwálé');
    expect(older?.['Project description']).toBe('\'=HYPERLINK("http://evil.example","Click")');
    expect(older?.[RECEIVED]).toBe(LAGOS_START);
  });

  it('keeps a message or note with a line break in one row, and neutralises a formula on any of its lines', async () => {
    const at = context.now().getTime() - 2 * DAY;
    const { id } = await storeContact({ name: 'Line Break', message: 'line one\n=1+1' }, '08031234567', at);
    await updateEnquiry(deps(), 'contact', id, { assigneeId: staffId }, staffId);
    await addNote(deps(), 'contact', id, 'line one\n=1+1', staffId);
    context.advance(60 * 60 * 1000);
    await addNote(deps(), 'contact', id, 'Called back.\r@SUM(A1)\r\n-2+3', staffId);
    context.advance(-60 * 60 * 1000);

    const response = await download(staff.get(INBOX_PATHS.export('contact')).query({ q: 'Line Break' }));
    const text = response.bytes.toString('utf8');
    // The line breaks are inside quotes: a spreadsheet program that splits rows at a bare line break would see more.
    expect(text).toContain('"line one\n\'=1+1"');
    const rows = rowsByHeader(csvRecordsOf(response.bytes));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.Message).toBe("line one\n'=1+1");
    expect(rows[0]?.Assignee).toBe('owner');
    expect(rows[0]?.Notes).toBe(
      `${LAGOS_START}, owner:\nline one\n'=1+1\n\n2026-11-22 11:00, owner:\nCalled back.\r'@SUM(A1)\r\n'-2+3`,
    );
    for (const line of (rows[0]?.Notes ?? '').split(/\r\n|\r|\n/)) expect(line).not.toMatch(/^[=+\-@]/);
  });

  it('writes phone numbers as they were typed, without an apostrophe, and still guards a phone cell holding a formula', async () => {
    const at = context.now().getTime() - 3 * DAY;
    const phones = ['08031234567', '+234 803 555 1234', '(0803) 555-1234', "=cmd|' /C calc'!A0", '-1+2'];
    for (const [index, phone] of phones.entries()) {
      await storeContact({ name: `Phone Person ${index}`, email: `phone${index}@example.ng` }, phone, at + index);
    }
    const response = await download(staff.get(INBOX_PATHS.export('contact')).query({ q: 'Phone Person' }));
    const byName = new Map(rowsByHeader(csvRecordsOf(response.bytes)).map((row) => [row.Name, row.Phone]));
    expect(byName.get('Phone Person 0')).toBe('08031234567');
    expect(byName.get('Phone Person 1')).toBe('+234 803 555 1234');
    expect(byName.get('Phone Person 2')).toBe('(0803) 555-1234');
    expect(byName.get('Phone Person 3')).toBe("'=cmd|' /C calc'!A0");
    expect(byName.get('Phone Person 4')).toBe("'-1+2");
  });

  it('quotes a cell with a leading or trailing space, so no program trims it', async () => {
    const { id } = await storeContact({ name: 'Space Case' }, '08030000001', context.now().getTime() - 4 * DAY);
    await context.db.updateTable('enquiries').set({ message: ' indented ' }).where('id', '=', id).execute();
    const response = await download(staff.get(INBOX_PATHS.export('contact')).query({ q: 'Space Case' }));
    expect(response.bytes.toString('utf8')).toContain(',08030000001," indented ",');
    expect(rowsByHeader(csvRecordsOf(response.bytes))[0]?.Message).toBe(' indented ');
  });

  it('exports every row of a view larger than one batch, newest first, with its filters', async () => {
    const start = context.now().getTime() - 10 * DAY;
    for (let index = 0; index < 1205; index += 1) {
      await storeEnquiry(context, 'creative_design', { createdAt: start + index * 1000 });
    }
    const response = await download(staff.get(INBOX_PATHS.export('creative_design')));
    const records = csvRecordsOf(response.bytes);
    expect(records).toHaveLength(1206);
    const references = records.slice(1).map((record) => record[0]);
    expect(new Set(references).size).toBe(1205);
    const received = records.slice(1).map((record) => record[1] ?? '');
    expect([...received].sort().reverse()).toEqual(received);
    const filtered = await download(staff.get(INBOX_PATHS.export('creative_design')).query({ status: 'enrolled' }));
    expect(csvRecordsOf(filtered.bytes)).toHaveLength(1);
  });

  it('is for staff only', async () => {
    expect((await request(context.app).get(INBOX_PATHS.export('contact'))).status).toBe(401);
    expect((await request(context.app).get(INBOX_PATHS.exportXlsx('contact'))).status).toBe(401);
  });
});

describe('the workbook export', () => {
  it('holds phone numbers and references as text, times as Lagos dates, notes wrapped, and needs no office program', async () => {
    const at = context.now().getTime() - 5 * DAY;
    const { id, reference } = await storeContact({ name: 'Workbook Person', message: '=1+1' }, '08031234567', at);
    await addNote(deps(), 'contact', id, 'line one\n=1+1', staffId);
    await storeContact({ name: 'Workbook Plus' }, '+234 803 555 1234', at - 1000);

    // Made with no program on the PATH: the workbook is written in-process, LibreOffice is never needed.
    const path = process.env.PATH;
    process.env.PATH = '';
    const response = await download(staff.get(INBOX_PATHS.exportXlsx('contact')).query({ q: 'Workbook' })).finally(
      () => {
        process.env.PATH = path;
      },
    );
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="?contact-enquiries-2026-11-22\.xlsx"?$/,
    );
    const workbook = await readWorkbook(response.bytes);
    const sheet = workbook.getWorksheet('Contact');
    if (!sheet) throw new Error('no Contact worksheet');
    expect(sheet.rowCount).toBe(3);

    const phone = cellUnder(sheet, 'Phone', 2);
    expect(phone.type).toBe(ExcelJS.ValueType.String);
    expect(phone.value).toBe('08031234567');
    expect(phone.numFmt).toBe('@');
    expect(cellUnder(sheet, 'Phone', 3).value).toBe('+234 803 555 1234');
    const ref = cellUnder(sheet, 'Reference', 2);
    expect(ref.type).toBe(ExcelJS.ValueType.String);
    expect(ref.value).toBe(reference);

    const received = cellUnder(sheet, RECEIVED, 2);
    expect(received.type).toBe(ExcelJS.ValueType.Date);
    // A spreadsheet's date has no zone: it holds Lagos's wall clock, 10:00 for 09:00 UTC.
    expect(received.value).toEqual(new Date(Date.UTC(2026, 10, 17, 10, 0)));
    expect(received.numFmt).toBe('yyyy-mm-dd hh:mm');

    // A text cell is never a formula in a workbook: no apostrophe is added.
    const message = cellUnder(sheet, 'Message', 2);
    expect(message.type).toBe(ExcelJS.ValueType.String);
    expect(message.value).toBe('=1+1');
    const notes = cellUnder(sheet, 'Notes', 2);
    expect(notes.value).toBe('2026-11-22 10:00, owner:\nline one\n=1+1');
    expect(notes.alignment?.wrapText).toBe(true);
  });
});

describe('the list queries', () => {
  it('read the first page of a folder, of a status and of every kind at once, in index order without sorting', async () => {
    const start = context.now().getTime() - 20 * DAY;
    for (let index = 0; index < 300; index += 1) {
      await storeEnquiry(context, 'contact', { createdAt: start + index * 1000 });
    }
    await sql`analyze table enquiries`.execute(context.db).catch(() => sql`analyze`.execute(context.db));
    const pages = [
      summariesQuery(context.db, { kind: 'contact', folder: 'inbox' }, { userId: 1, direction: 'older', limit: 51 }),
      summariesQuery(
        context.db,
        { kind: 'contact', folder: 'inbox', status: 'won' },
        { userId: 1, direction: 'older', limit: 51 },
      ),
      summariesQuery(context.db, { folder: 'inbox' }, { userId: 1, direction: 'older', limit: 51 }),
      summariesQuery(
        context.db,
        { kind: 'contact', folder: 'inbox' },
        { userId: 1, direction: 'newer', from: { createdAt: start, id: 5 }, limit: 51 },
      ),
    ];
    for (const page of pages) {
      if (context.database.dialect === 'sqlite') {
        const { sql: text, parameters } = page.compile();
        const plan = await context.db.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`explain query plan ${text}`, [...parameters]),
        );
        const details = plan.rows.map((row) => row.detail).join('\n');
        expect(details).toMatch(/enquiries_(kind_)?folder_(status_)?created/);
        expect(details).not.toMatch(/TEMP B-TREE/);
      } else {
        const { sql: text, parameters } = page.compile();
        const plan = await context.db.executeQuery<{ table: string; key: string | null; Extra: string | null }>(
          CompiledQuery.raw(`explain ${text}`, [...parameters]),
        );
        const enquiries = plan.rows.find((row) => row.table === 'enquiries');
        expect(enquiries?.key ?? '').toMatch(/enquiries_(kind_)?folder_(status_)?created/);
        expect(plan.rows.map((row) => row.Extra ?? '').join('\n')).not.toMatch(/filesort|temporary/i);
      }
    }
  });

  it('count a search on SQLite from an index alone (0015); on both, count what matches', async () => {
    const start = context.now().getTime() - 5 * DAY;
    await storeEnquiry(context, 'contact', {
      createdAt: start,
      values: { name: 'Ádaeze Zzyzx', phone: '0803 123 4567' },
    });
    await storeEnquiry(context, 'request_quote', {
      createdAt: start + 1000,
      values: { name: 'Adaeze Zzyzx' },
    });
    for (const [filter, expected] of [
      [{ kind: 'contact', folder: 'inbox', q: 'adaeze zzyzx' }, 1],
      [{ kind: 'contact', folder: 'inbox', q: '+234 803 123 4567' }, 1],
      [{ folder: 'inbox', q: 'ADAEZE ZZYZX' }, 2],
    ] as const) {
      const query = countQuery(context.db, filter);
      expect(Number((await query.executeTakeFirstOrThrow()).total)).toBe(expected);
      if (context.database.dialect !== 'sqlite') continue;
      // MariaDB cannot index a whole text column: there a search reads the rows of the folder.
      const { sql: text, parameters } = query.compile();
      const plan = await context.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${text}`, [...parameters]),
      );
      expect(plan.rows.map((row) => row.detail).join('\n')).toMatch(
        /COVERING INDEX enquiries_(kind_)?folder_created_search/,
      );
    }
  });
});
