import type { DataRequestAnswer } from '@agency/shared';
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

/** The erase button and its confirmation name the same number: "Erase all 10 records", "Erase the 1 record". */
export const eraseLabel = (n: number) => (n === 1 ? 'Erase the 1 record' : `Erase all ${n} records`);
