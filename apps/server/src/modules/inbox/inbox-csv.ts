import {
  ALL_KINDS,
  enquirySourceOf,
  FORMER_COLLEAGUE,
  MESSAGE_KIND_LABELS,
  MESSAGE_KINDS,
  STATUS_LABELS,
  UNASSIGNED,
  storedFieldsOf,
  type EnquiryStatus,
  type MessageKind,
  type StoredFieldEntry,
  type StoredSourceColumns,
} from '@agency/shared';
import { lagosDateTimeOf, lagosDayOf } from '../../lib/clock';
import type { Cell, SheetColumn } from '../../lib/spreadsheet';

/** A note as the export shows it: who wrote it, when, and what. */
export interface ExportNote {
  authorName: string;
  createdAt: Date;
  body: string;
}

/** The stored fields an export shows: the kind's, or for every kind each column once (blank where a kind has none). */
function exportFieldsOf(kind: MessageKind | undefined): StoredFieldEntry[] {
  if (kind !== undefined) return storedFieldsOf(kind);
  const fields = new Map<string, StoredFieldEntry>();
  for (const each of MESSAGE_KINDS) {
    for (const field of storedFieldsOf(each)) if (!fields.has(field.column)) fields.set(field.column, field);
  }
  return [...fields.values()];
}

/**
 * The export's columns: what the list shows first (with the kind, when the view holds every kind), then every
 * stored field by its label, then the notes. Each says what it holds, so a workbook keeps phone numbers and
 * references as text and times as dates.
 */
export function exportColumnsOf(kind: MessageKind | undefined): SheetColumn[] {
  return [
    ...(kind === undefined ? [{ header: 'Kind' }] : []),
    { header: 'Reference', type: 'reference' },
    { header: 'Received', type: 'date' },
    { header: 'Status' },
    { header: 'Assignee' },
    ...exportFieldsOf(kind).map(({ label, layout, phone }): SheetColumn => ({
      header: label,
      type: phone ? 'phone' : layout === 'long' ? 'long' : 'text',
    })),
    ...SOURCE_HEADERS.map((header): SheetColumn => ({ header })),
    { header: 'Notes', type: 'long' },
  ];
}

/** Where the enquiry came from (docs/decisions/0041): its one label, its class, and the campaign's five values. */
const SOURCE_HEADERS = [
  'Source',
  'Source class',
  'UTM source',
  'UTM medium',
  'UTM campaign',
  'UTM term',
  'UTM content',
];

function sourceCellsOf(row: Readonly<Record<string, unknown>>): Cell[] {
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const source = enquirySourceOf({
    source_class: text(row.source_class),
    source_host: text(row.source_host),
    utm_source: text(row.utm_source),
    utm_medium: text(row.utm_medium),
    utm_campaign: text(row.utm_campaign),
    utm_term: text(row.utm_term),
    utm_content: text(row.utm_content),
  } satisfies StoredSourceColumns);
  return [
    source.label,
    source.sourceClass ?? '',
    source.utmSource ?? '',
    source.utmMedium ?? '',
    source.utmCampaign ?? '',
    source.utmTerm ?? '',
    source.utmContent ?? '',
  ];
}

/** The enquiry's notes in one cell, oldest first, each with its time in Lagos and its author, a blank line apart. */
function notesCellOf(notes: readonly ExportNote[]): string {
  return notes.map((note) => `${lagosDateTimeOf(note.createdAt)}, ${note.authorName}:\n${note.body}`).join('\n\n');
}

/**
 * One stored enquiry as the export's cells, in exportColumnsOf's order. The cells are as stored: the file writers
 * (lib/spreadsheet) quote them, neutralise formulas and write the time in Lagos.
 */
export function exportRowOf(
  kind: MessageKind | undefined,
  row: Readonly<Record<string, unknown>>,
  staff: { names: ReadonlyMap<number, string>; notes: readonly ExportNote[] },
): Cell[] {
  const assignee = row.assignee_id === null || row.assignee_id === undefined ? undefined : Number(row.assignee_id);
  return [
    ...(kind === undefined ? [MESSAGE_KIND_LABELS[row.kind as MessageKind] ?? String(row.kind)] : []),
    String(row.reference),
    new Date(Number(row.created_at)),
    STATUS_LABELS[row.status as EnquiryStatus] ?? String(row.status),
    assignee === undefined ? UNASSIGNED : (staff.names.get(assignee) ?? FORMER_COLLEAGUE),
    ...exportFieldsOf(kind).map(({ column, storedAs }) => {
      const value = row[column];
      if (value === null || value === undefined) return '';
      if (storedAs === 'json') {
        const list: unknown = JSON.parse(String(value));
        return Array.isArray(list) ? list.map(String).join(', ') : String(list);
      }
      return String(value);
    }),
    ...sourceCellsOf(row),
    notesCellOf(staff.notes),
  ];
}

/** The worksheet's name: the dashboard's tab name. */
export function exportSheetNameOf(kind: MessageKind | undefined): string {
  return kind === undefined ? 'All enquiries' : MESSAGE_KIND_LABELS[kind];
}

/** The file name a browser saves the export as: `contact-enquiries-2026-11-24.csv`, the day in Lagos. */
export function exportFileNameOf(kind: MessageKind | undefined, now: Date, extension: 'csv' | 'xlsx'): string {
  return `${(kind ?? ALL_KINDS).replace(/_/g, '-')}-enquiries-${lagosDayOf(now)}.${extension}`;
}
