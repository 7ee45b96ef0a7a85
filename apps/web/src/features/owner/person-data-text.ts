import { listedFieldsOf, MAIL_STATUS_LABELS, type DataRequestAnswer, type MessageKind } from '@agency/shared';
import { detailText } from './audit-detail';
import { countText } from '@/lib/count-text';

export const recordsText = (n: number) => countText(n, 'record', 'records');

/** "3 enquiries, 2 notes, 5 mail records — 10 records" */
export function foundText(answer: Pick<DataRequestAnswer, 'enquiries' | 'notes' | 'mails' | 'totalRecords'>): string {
  return `${countsText({ enquiries: answer.enquiries.length, notes: answer.notes.length, mails: answer.mails.length })} — ${recordsText(answer.totalRecords)}`;
}

/** "3 enquiries, 2 notes, 5 mail records" */
export function countsText(counts: { enquiries: number; notes: number; mails: number }): string {
  return [
    countText(counts.enquiries, 'enquiry', 'enquiries'),
    countText(counts.notes, 'note', 'notes'),
    countText(counts.mails, 'mail record', 'mail records'),
  ].join(', ');
}

/**
 * Beside the erase button: where else the records are, and for how long (docs/decisions/0049; "five weeks" is the
 * default BACKUP_KEEP of 7 daily and 4 weekly backups).
 */
export const ERASURE_BACKUPS_NOTE =
  'Erasing removes them from the inbox and the mail records at once. The daily backups still hold them until the last backup taken before the erasure is deleted, within five weeks with the usual backup settings. If a backup is ever restored, the restore erases them again before the site starts.';

/** The erase button and its confirmation name the same number: "Erase all 10 records", "Erase the 1 record". */
export const eraseLabel = (n: number) => (n === 1 ? 'Erase the 1 record' : `Erase all ${n} records`);

const fieldValueText = (value: unknown): string =>
  Array.isArray(value) ? value.map(fieldValueText).join(', ') : value === null ? '—' : String(value);

/**
 * A found enquiry's fields by the labels its kind gives them, in the kind's order: "First name: Ada · Surname: Obi".
 * A field the kind no longer lists keeps its own name, read as words, so nothing the person gave is left out.
 */
export function enquiryFieldsText(kind: MessageKind, fields: Readonly<Record<string, unknown>>): string {
  const listed = listedFieldsOf(kind).filter((field) => field.name in fields);
  const named = new Set(listed.map((field) => field.name));
  const rest = Object.keys(fields).filter((name) => !named.has(name));
  return [
    ...listed.map((field) => `${field.label}: ${fieldValueText(fields[field.name])}`),
    ...(rest.length > 0 ? [detailText(Object.fromEntries(rest.map((name) => [name, fields[name]])))] : []),
  ]
    .filter((part) => part !== '')
    .join(' · ');
}

/** A mail record's status in words ("Sent"); a status the outbox has no words for, as it is. */
export const mailStatusText = (status: string) => MAIL_STATUS_LABELS[status] ?? status;
