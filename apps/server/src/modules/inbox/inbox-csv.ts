import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { STATUS_LABELS, storedFieldsOf, type EnquiryStatus, type MessageKind } from '@agency/shared';
import { lagosDayOf } from '../../lib/clock';

/**
 * A cell a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, or a tab or carriage return before one) gets a
 * leading apostrophe, so an enquiry cannot run a formula on the computer of the staff member who opens the export
 * (OWASP's CSV injection advice).
 */
export function neutraliseCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** The export's columns: what the list shows first, then every stored field of the kind by its label. */
export function exportHeaderOf(kind: MessageKind): string[] {
  return ['Reference', 'Received', 'Status', 'Assignee', ...storedFieldsOf(kind).map(({ label }) => label)];
}

/** One stored enquiry as the export's cells, in exportHeaderOf's order, each neutralised. */
export function exportRowOf(
  kind: MessageKind,
  row: Readonly<Record<string, unknown>>,
  usernames: ReadonlyMap<number, string>,
): string[] {
  const assignee = row.assignee_id === null || row.assignee_id === undefined ? undefined : Number(row.assignee_id);
  const cells = [
    String(row.reference),
    new Date(Number(row.created_at)).toISOString(),
    STATUS_LABELS[row.status as EnquiryStatus] ?? String(row.status),
    assignee === undefined ? '' : (usernames.get(assignee) ?? ''),
    ...storedFieldsOf(kind).map(({ column, storedAs }) => {
      const value = row[column];
      if (value === null || value === undefined) return '';
      if (storedAs === 'json') {
        const list: unknown = JSON.parse(String(value));
        return Array.isArray(list) ? list.map(String).join(', ') : String(list);
      }
      return String(value);
    }),
  ];
  return cells.map(neutraliseCell);
}

/** The file name a browser saves the export as: `contact-enquiries-2026-11-24.csv`, the day in Lagos. */
export function exportFileNameOf(kind: MessageKind, now: Date): string {
  return `${kind.replace(/_/g, '-')}-enquiries-${lagosDayOf(now)}.csv`;
}

/**
 * Writes the CSV (a UTF-8 byte order mark, so spreadsheet programs read the names right, then the header and the
 * rows) to `out` batch by batch, waiting whenever `out` is full, so a large export never sits in memory at once.
 */
export async function writeCsv(out: Writable, header: string[], batches: AsyncIterable<string[][]>): Promise<void> {
  const csv = stringify({ bom: true, record_delimiter: 'windows' });
  csv.pipe(out);
  const write = async (record: string[]) => {
    if (!csv.write(record)) await once(csv, 'drain');
  };
  await write(header);
  for await (const batch of batches) {
    for (const record of batch) await write(record);
  }
  csv.end();
  await once(out, 'finish');
}
