import { FOLDER_LABELS, MESSAGE_KINDS, MESSAGE_KIND_LABELS, type InboxFolder, type MessageKind } from '@agency/shared';
import { headerOf, inOneBatch, type Cell, type Sheet } from '../../lib/spreadsheet';
import { exportColumnsOf, exportRowOf, type ExportNote } from '../inbox/inbox.service';
import type { PersonConversationMail } from '../conversations/conversations.service';
import type { PersonMailRow, PersonNoteRow } from './data-requests.repository';

/** Everything stored about a person, as the data request found it. */
export interface PersonRecords {
  enquiries: ReadonlyArray<{ kind: MessageKind; row: Readonly<Record<string, unknown>> & { folder: InboxFolder } }>;
  notes: ReadonlyArray<PersonNoteRow & { kind: MessageKind; reference: string }>;
  mails: readonly PersonMailRow[];
  /** The conversations' mails (issue 20), sent and received, with their attachments' names. */
  conversation?: readonly PersonConversationMail[];
}

/** A staff member as the person's copy names them: the part of their address before the @. */
type NameOf = (email: string | null) => string;

/**
 * The person's records as one sheet per table, each with its own header and in the same order every time (an empty
 * table keeps its header): the enquiries of each kind with their folder, assignee and notes, then the notes, then
 * the mails. The ZIP writes each as a CSV, the workbook as a worksheet.
 */
export function personSheetsOf(
  records: PersonRecords,
  staff: { names: ReadonlyMap<number, string>; nameOf: NameOf },
): Sheet[] {
  const notesOf = (kind: MessageKind, enquiryId: number): ExportNote[] =>
    records.notes
      .filter((note) => note.kind === kind && note.enquiry_id === enquiryId)
      .map((note) => ({
        authorName: staff.nameOf(note.author_email),
        createdAt: new Date(note.created_at),
        body: note.body,
      }));
  const enquirySheets = MESSAGE_KINDS.map((kind): Sheet => ({
    name: `${MESSAGE_KIND_LABELS[kind]} enquiries`,
    columns: [{ header: 'Folder' }, ...exportColumnsOf(kind)],
    rows: inOneBatch(
      records.enquiries
        .filter((enquiry) => enquiry.kind === kind)
        .map(({ row }): Cell[] => [
          FOLDER_LABELS[row.folder],
          ...exportRowOf(kind, row, { names: staff.names, notes: notesOf(kind, Number(row.id)) }),
        ]),
    ),
  }));
  const notes: Sheet = {
    name: 'Notes',
    columns: [
      { header: 'Reference', type: 'reference' },
      { header: 'Written', type: 'date' },
      { header: 'Author' },
      { header: 'Note', type: 'long' },
    ],
    rows: inOneBatch(
      records.notes.map((note) => [
        note.reference,
        new Date(note.created_at),
        staff.nameOf(note.author_email),
        note.body,
      ]),
    ),
  };
  const mails: Sheet = {
    name: 'Mails',
    columns: [
      { header: 'Written', type: 'date' },
      { header: 'Purpose' },
      { header: 'Recipient' },
      { header: 'Subject', type: 'long' },
      { header: 'Status' },
    ],
    rows: inOneBatch(
      records.mails.map((mail) => [new Date(mail.created_at), mail.purpose, mail.recipient, mail.subject, mail.status]),
    ),
  };
  const conversations: Sheet = {
    name: 'Conversations',
    columns: [
      { header: 'Written', type: 'date' },
      { header: 'Direction' },
      { header: 'From' },
      { header: 'To' },
      { header: 'Subject', type: 'long' },
      { header: 'Text', type: 'long' },
      { header: 'Attachments', type: 'long' },
    ],
    rows: inOneBatch(
      (records.conversation ?? []).map((mail) => [
        new Date(mail.createdAt),
        mail.direction === 'in' ? 'Received' : 'Sent',
        mail.fromAddress,
        mail.toAddress ?? '',
        mail.subject,
        mail.text,
        mail.attachments.map((file) => file.filename).join('\n'),
      ]),
    ),
  };
  return [...enquirySheets, notes, mails, conversations];
}

/**
 * The old one-file CSV (`export.csv`, kept for the clients that fetch it): every value of every sheet as a row of
 * its own, so the file has one header and four columns however many tables the person has records in.
 */
export async function oneTableOf(sheets: readonly Sheet[]): Promise<Sheet> {
  const rows: Cell[][] = [];
  for (const sheet of sheets) {
    let number = 0;
    for await (const batch of sheet.rows) {
      for (const record of batch) {
        number += 1;
        sheet.columns.forEach((column, index) => {
          rows.push([sheet.name, String(number), headerOf(column), record[index] ?? '']);
        });
      }
    }
  }
  return {
    name: 'Data request',
    columns: [{ header: 'Table' }, { header: 'Row' }, { header: 'Column' }, { header: 'Value', type: 'long' }],
    rows: inOneBatch(rows),
  };
}
