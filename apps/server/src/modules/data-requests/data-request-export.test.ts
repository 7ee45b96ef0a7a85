import ExcelJS from 'exceljs';
import { strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ADMIN_PATHS } from '@agency/shared';
import {
  cellUnder,
  csvRecordsOf,
  download,
  parseStrictCsv,
  readWorkbook,
  rowsByHeader,
  unzip,
} from '../../test/spreadsheet-files';
import { createTestContext, signedInStaff, userIdOf, type StaffAgent, type TestContext } from '../../test/test-context';
import { storeEnquiry } from '../../test/enquiries';
import { addNote, updateEnquiry } from '../inbox/inbox.service';

let context: TestContext;
let owner: StaffAgent;
let contactReference: string;

const PERSON = 'amaka.eze@example.ng';
const RECEIVED = 'Received in Lagos (UTC+1)';
/** The ZIP's files, in the order of the tables. */
const FILES = [
  'web-development-enquiries.csv',
  'creative-design-enquiries.csv',
  'contact-enquiries.csv',
  'request-quote-enquiries.csv',
  'notes.csv',
  'mails.csv',
  'conversations.csv',
];

beforeAll(async () => {
  context = await createTestContext();
  owner = await signedInStaff(context, 'owner@agency.test');
  const ownerId = await userIdOf(context, 'owner@agency.test');
  const deps = { db: context.db, clock: () => context.now(), config: context.config };
  // A contact message with a formula on its second line, assigned and noted; a training registration; one mail.
  const contact = await storeEnquiry(context, 'contact', { values: { email: PERSON, message: 'line one\n=1+1' } });
  contactReference = contact.reference;
  await context.db.updateTable('enquiries').set({ phone: '+234 803 555 1234' }).where('id', '=', contact.id).execute();
  await updateEnquiry(deps, 'contact', contact.id, { assigneeId: ownerId }, ownerId);
  await addNote(deps, 'contact', contact.id, 'line one\n=1+1', ownerId);
  const training = await storeEnquiry(context, 'web_dev', { values: { email: PERSON } });
  await context.db.updateTable('enquiries').set({ phone: '08031234567' }).where('id', '=', training.id).execute();
  await context.db
    .insertInto('outbox')
    .values({
      message_id: '<reply-to-amaka@rendezvousdigital.ng>',
      purpose: 'auto-reply',
      recipient: PERSON,
      reply_to: null,
      subject: `We received your message ${contact.reference}`,
      text_body: 'Thank you.',
      html_body: '<p>Thank you.</p>',
      holds_secret: 0,
      status: 'sent',
      attempts: 1,
      next_attempt_at: context.now().getTime(),
      lease_owner: null,
      lease_until: null,
      last_error: null,
      created_at: context.now().getTime(),
      sent_at: context.now().getTime(),
    })
    .execute();
});

afterAll(async () => {
  await context.close();
});

describe("a person's data as files", () => {
  it('is a ZIP of one strict CSV per table, each with its header and every column of a record filled', async () => {
    const response = await download(owner.get(STAFF_ADMIN_PATHS.DATA_REQUEST_EXPORT_ZIP).query({ email: PERSON }));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="?data-request-a___@example\.ng-2026-11-22\.zip"?$/,
    );
    const files = unzip(response.bytes);
    expect(Object.keys(files)).toEqual(FILES);
    const tables = Object.fromEntries(
      Object.entries(files).map(([name, bytes]) => [name, rowsByHeader(csvRecordsOf(bytes))]),
    );

    const [contact] = tables['contact-enquiries.csv'] ?? [];
    expect(tables['contact-enquiries.csv']).toHaveLength(1);
    expect(contact).toMatchObject({
      Folder: 'Inbox',
      Reference: contactReference,
      [RECEIVED]: '2026-11-22 10:00',
      Assignee: 'owner',
      Phone: '+234 803 555 1234',
      Message: "line one\n'=1+1",
      Notes: "2026-11-22 10:00, owner:\nline one\n'=1+1",
    });
    // A source not recorded (an enquiry stored without one) names itself; its class and campaign cells stay empty.
    expect(contact?.Source).toBe('Not recorded');
    const sourceDetail = /^(?:Source class|UTM )/;
    expect(Object.entries(contact ?? {}).filter(([name, value]) => value === '' && !sourceDetail.test(name))).toEqual(
      [],
    );
    expect(tables['web-development-enquiries.csv']?.[0]?.Phone).toBe('08031234567');
    expect(tables['web-development-enquiries.csv']?.[0]?.Assignee).toBe('Unassigned');
    expect(tables['creative-design-enquiries.csv']).toEqual([]);
    expect(strFromU8(files['creative-design-enquiries.csv'] ?? new Uint8Array())).toMatch(/^Folder,Reference,/);
    expect(tables['notes.csv']).toEqual([
      {
        Reference: contactReference,
        'Written in Lagos (UTC+1)': '2026-11-22 10:00',
        Author: 'owner',
        Note: "line one\n'=1+1",
      },
    ]);
    expect(tables['mails.csv']).toHaveLength(1);
    expect(tables['mails.csv']?.[0]).toMatchObject({ Recipient: PERSON, Purpose: 'auto-reply' });
  });

  it('is also a workbook, one sheet per table, with phone numbers and references as text and times as dates', async () => {
    const response = await download(owner.get(STAFF_ADMIN_PATHS.DATA_REQUEST_EXPORT_XLSX).query({ email: PERSON }));
    expect(response.status).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/data-request-a___@example\.ng-2026-11-22\.xlsx/);
    const workbook = await readWorkbook(response.bytes);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Web Development enquiries',
      'Creative Design enquiries',
      'Contact enquiries',
      'Request Quote enquiries',
      'Notes',
      'Mails',
      'Conversations',
    ]);
    const contact = workbook.getWorksheet('Contact enquiries');
    if (!contact) throw new Error('no contact sheet');
    expect(cellUnder(contact, 'Phone', 2).type).toBe(ExcelJS.ValueType.String);
    expect(cellUnder(contact, 'Phone', 2).value).toBe('+234 803 555 1234');
    expect(cellUnder(contact, 'Reference', 2).type).toBe(ExcelJS.ValueType.String);
    expect(cellUnder(contact, RECEIVED, 2).value).toEqual(new Date(Date.UTC(2026, 10, 22, 10, 0)));
    expect(cellUnder(contact, 'Assignee', 2).value).toBe('owner');
    const training = workbook.getWorksheet('Web Development enquiries');
    if (!training) throw new Error('no training sheet');
    expect(cellUnder(training, 'Phone', 2).value).toBe('08031234567');
  });

  it('keeps the old CSV address working as one strict table of every value', async () => {
    const response = await download(owner.get(STAFF_ADMIN_PATHS.DATA_REQUEST_EXPORT_CSV).query({ email: PERSON }));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const records = csvRecordsOf(response.bytes);
    expect(records[0]).toEqual(['Table', 'Row', 'Column', 'Value']);
    expect(records).toContainEqual(['Contact enquiries', '1', 'Assignee', 'owner']);
    expect(records).toContainEqual(['Contact enquiries', '1', 'Message', "line one\n'=1+1"]);
    expect(records).toContainEqual(['Contact enquiries', '1', RECEIVED, '2026-11-22 10:00']);
    expect(() => parseStrictCsv(response.bytes.subarray(3).toString('utf8'))).not.toThrow();
  });
});
