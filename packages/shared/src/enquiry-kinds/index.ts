/**
 * The four kinds of stored enquiry (spec 3 and 7), each defined once in its own module, and what is derived from
 * those definitions: the row type the API lists, the columns the server stores, the dashboard's columns.
 * A kind's rules stay in its schema module (schemas/*.ts): public pages import the schemas, and were a definition in
 * the same module, the bundler would put it in a chunk the public page loads too.
 */
import { CONTACT_KIND } from './contact';
import { CREATIVE_DESIGN_KIND } from './creative-design';
import { previewText } from '../preview-text';
import type { ColumnsOf, EnquiryKind, ListedRowOf, StoredField, SubmissionOf } from './define-kind';
import { REQUEST_QUOTE_KIND } from './request-quote';
import type { EnquiryStatus } from './statuses';
import { WEB_DEV_KIND } from './web-dev';

export type { ColumnsOf, EnquiryKind, InboxRoles, ListedRowOf, StoredField, SubmissionOf } from './define-kind';
export { REPLY_PROMISES, replyPromiseSentence, type ReplyPromise } from './reply-promises';
export { ENQUIRY_STATUSES, type EnquiryStatus } from './statuses';

/** In the dashboard's tab order. */
export const MESSAGE_KINDS = ['web_dev', 'creative_design', 'contact', 'request_quote'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const DEFAULT_MESSAGE_KIND: MessageKind = 'web_dev';

export const ENQUIRY_KINDS = {
  web_dev: WEB_DEV_KIND,
  creative_design: CREATIVE_DESIGN_KIND,
  contact: CONTACT_KIND,
  request_quote: REQUEST_QUOTE_KIND,
} as const satisfies Record<MessageKind, EnquiryKind>;

type Kinds = typeof ENQUIRY_KINDS;

/** Each kind's value of one property of its definition, keyed by kind. */
function byKind<P extends keyof EnquiryKind>(property: P): { [K in MessageKind]: Kinds[K][P] } {
  return Object.fromEntries(MESSAGE_KINDS.map((kind) => [kind, ENQUIRY_KINDS[kind][property]])) as {
    [K in MessageKind]: Kinds[K][P];
  };
}

/** Submit, list and delete path of each kind. */
export const MESSAGE_KIND_PATHS = byKind('paths');

/** The dashboard's tab names (spec 2), keyed by kind. */
export const MESSAGE_KIND_LABELS = Object.fromEntries(
  MESSAGE_KINDS.map((kind) => [kind, ENQUIRY_KINDS[kind].inbox.tabLabel]),
) as { [K in MessageKind]: Kinds[K]['inbox']['tabLabel'] };

/** The statuses a kind's enquiries can have, in the order of the follow-up: trainings enrol, leads are won. */
export function statusesOf(kind: MessageKind): readonly EnquiryStatus[] {
  return ENQUIRY_KINDS[kind].inbox.statuses;
}

export type SubmissionByKind = { [K in MessageKind]: SubmissionOf<Kinds[K]> };
export type StoredColumnsByKind = { [K in MessageKind]: ColumnsOf<Kinds[K]> };
/** A stored enquiry of each kind as the API lists it. */
export type MessageRowByKind = { [K in MessageKind]: ListedRowOf<Kinds[K]> };
/** A row as read from its table: the stored columns plus id and created_at (epoch milliseconds). */
export type StoredRowByKind = { [K in MessageKind]: StoredColumnsByKind[K] & { id: number; created_at: number } };

export type WebDevMessage = MessageRowByKind['web_dev'];
export type CreativeDesignMessage = MessageRowByKind['creative_design'];
export type ContactMessageRow = MessageRowByKind['contact'];
export type RequestQuoteMessage = MessageRowByKind['request_quote'];

/** A stored field with the API field it comes from and the name the list gives it. */
export type StoredFieldEntry = StoredField & { field: string; listedAs: string };

/** The stored fields of a kind in listing order (spec 3), without created_at, which the server sets. */
export function storedFieldsOf(kind: MessageKind): StoredFieldEntry[] {
  const entries: StoredFieldEntry[] = [];
  for (const [field, stored] of Object.entries<StoredField | null>(ENQUIRY_KINDS[kind].fields)) {
    if (stored) entries.push({ ...stored, field, listedAs: stored.listedAs ?? field });
  }
  return entries;
}

export interface ListedField {
  name: string;
  label: string;
  layout?: StoredField['layout'];
}

/** The fields the API lists for a kind, in order, as the dashboard's columns. */
export function listedFieldsOf(kind: MessageKind): ListedField[] {
  return [
    ...storedFieldsOf(kind).map(({ listedAs, label, layout }) => ({ name: listedAs, label, layout })),
    { name: 'created_at', label: 'Received' },
  ];
}

// The two conversions below build, field by field, the object their overload describes; the shared tests check
// the result's keys against the definition for every kind.

/** A valid submission as the columns of its kind's table (without id and created_at). */
export function storedColumnsOf<K extends MessageKind>(
  kind: K,
  submission: SubmissionByKind[K],
): StoredColumnsByKind[K];
export function storedColumnsOf(kind: MessageKind, submission: Record<string, unknown>): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  for (const { field, column, storedAs } of storedFieldsOf(kind)) {
    columns[column] = storedAs === 'json' ? JSON.stringify(submission[field]) : submission[field];
  }
  return columns;
}

/** A stored row as the API lists it: id, then exactly the fields of spec 3, with created_at as an ISO time. */
export function listedRowOf<K extends MessageKind>(kind: K, stored: StoredRowByKind[K]): MessageRowByKind[K];
/** A row of the one enquiries table, whose kind is known only when the program runs. */
export function listedRowOf(kind: MessageKind, stored: Readonly<Record<string, unknown>>): Record<string, unknown>;
export function listedRowOf(kind: MessageKind, stored: Record<string, unknown>): Record<string, unknown> {
  // MariaDB hands integers and bigints back as strings or numbers depending on the driver's settings.
  const row: Record<string, unknown> = { id: Number(stored.id) };
  for (const { column, listedAs, storedAs } of storedFieldsOf(kind)) {
    const value = stored[column];
    row[listedAs] = storedAs === 'json' ? JSON.parse(String(value)) : (value ?? null);
  }
  row.created_at = new Date(Number(stored.created_at)).toISOString();
  return row;
}

/** The stored columns of some fields of a kind, in the order given (fields the table does not keep are left out). */
function columnsOfFields(kind: MessageKind, fields: readonly string[]): string[] {
  const stored: Readonly<Record<string, StoredField | null>> = ENQUIRY_KINDS[kind].fields;
  return fields.flatMap((field) => stored[field]?.column ?? []);
}

const textsOf = (columns: Readonly<Record<string, unknown>>, names: readonly string[]) =>
  names.map((name) => columns[name]).filter((value): value is string => typeof value === 'string' && value !== '');

/** The person's name of a stored enquiry, from its columns: the kind's name fields joined by a space. */
export function enquiryNameOf(kind: MessageKind, columns: Readonly<Record<string, unknown>>): string {
  return textsOf(columns, columnsOfFields(kind, ENQUIRY_KINDS[kind].inbox.nameFields)).join(' ');
}

/** Characters of an enquiry's preview a list row carries. */
export const PREVIEW_MAX_CHARACTERS = 140;

/** What the preview column holds at most (varchar(600)): room for 140 characters of up to four code points each. */
const PREVIEW_MAX_CODE_POINTS = 560;

/**
 * A list row's preview of a stored enquiry: its kind's preview fields joined by " · ", ended on a word with an
 * ellipsis when longer than the preview's length. Characters made of many code points (emoji families) could
 * overflow the column; such a text is first cut to the preview's length in code points.
 */
export function enquiryPreviewOf(kind: MessageKind, columns: Readonly<Record<string, unknown>>): string {
  const text = textsOf(columns, columnsOfFields(kind, ENQUIRY_KINDS[kind].inbox.previewFields)).join(' · ');
  const preview = previewText(text, PREVIEW_MAX_CHARACTERS);
  if (Array.from(preview).length <= PREVIEW_MAX_CODE_POINTS) return preview;
  return previewText(Array.from(text).slice(0, PREVIEW_MAX_CHARACTERS).join(''), PREVIEW_MAX_CHARACTERS - 1);
}

/**
 * What the inbox search reads of a kind, as columns: the name's columns (searched as one text, so a full name typed
 * as one finds a first name and surname stored apart), then every other field the definition marks searched.
 */
export function searchedColumnsOf(kind: MessageKind): { name: string[]; other: string[] } {
  const name = columnsOfFields(kind, ENQUIRY_KINDS[kind].inbox.nameFields);
  const other = storedFieldsOf(kind)
    .filter((field) => field.searched && !name.includes(field.column))
    .map((field) => field.column);
  return { name, other };
}

/** Every column some kind stores, once each: the one enquiries table's columns besides the common ones. */
export const KIND_COLUMNS: readonly string[] = [
  ...new Set(MESSAGE_KINDS.flatMap((kind) => storedFieldsOf(kind).map((field) => field.column))),
];
