import ExcelJS from 'exceljs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ADMIN_PATHS } from '@agency/shared';
import { cellUnder, csvRecordsOf, download, readWorkbook, rowsByHeader } from '../../test/spreadsheet-files';
import { createTestContext, signedInStaff, type StaffAgent, type TestContext } from '../../test/test-context';
import { recordAudit } from './audit.service';

let context: TestContext;
let owner: StaffAgent;

const TIME = 'Time in Lagos (UTC+1)';

beforeAll(async () => {
  context = await createTestContext();
  owner = await signedInStaff(context, 'owner@agency.test');
  // An entry whose target and detail hold line breaks and a formula on a later line; 23:30 UTC is the next day in Lagos.
  await recordAudit(context.db, {
    action: 'enquiry.trash',
    actor: { id: null, email: 'ada@agency.test' },
    target: 'contact RD-26-00012\n=HYPERLINK("http://evil.example")',
    detail: { note: 'first\r\n@SUM(A1)' },
    at: Date.UTC(2026, 10, 21, 23, 30),
  });
});

afterAll(async () => {
  await context.close();
});

describe('the audit log exports', () => {
  it('keep an entry with line breaks in one CSV row, formulas neutralised on every line, times in Lagos', async () => {
    const response = await download(owner.get(STAFF_ADMIN_PATHS.AUDIT_EXPORT).query({ action: 'enquiry.trash' }));
    expect(response.status).toBe(200);
    const rows = rowsByHeader(csvRecordsOf(response.bytes));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.[TIME]).toBe('2026-11-22 00:30');
    // Written before issue 23 with the kind's key; read with its label.
    expect(rows[0]?.What).toBe('Contact RD-26-00012\n\'=HYPERLINK("http://evil.example")');
    expect(rows[0]?.Who).toBe('ada@agency.test');
  });

  it('have an .xlsx twin with the time as a Lagos date cell and text left as text', async () => {
    const response = await download(owner.get(STAFF_ADMIN_PATHS.AUDIT_EXPORT_XLSX).query({ action: 'enquiry.trash' }));
    expect(response.status).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/audit-log-2026-11-22\.xlsx/);
    const sheet = (await readWorkbook(response.bytes)).getWorksheet('Audit log');
    if (!sheet) throw new Error('no Audit log worksheet');
    expect(sheet.rowCount).toBe(2);
    const time = cellUnder(sheet, TIME, 2);
    expect(time.type).toBe(ExcelJS.ValueType.Date);
    expect(time.value).toEqual(new Date(Date.UTC(2026, 10, 22, 0, 30)));
    expect(cellUnder(sheet, 'What', 2).value).toBe('Contact RD-26-00012\n=HYPERLINK("http://evil.example")');
    expect(cellUnder(sheet, 'What', 2).type).toBe(ExcelJS.ValueType.String);
  });

  it('are for owners only', async () => {
    expect((await request(context.app).get(STAFF_ADMIN_PATHS.AUDIT_EXPORT_XLSX)).status).toBe(401);
  });
});
