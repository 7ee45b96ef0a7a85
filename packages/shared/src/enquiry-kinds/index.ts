/**
 * The four kinds of stored enquiry (spec 3 and 7), each defined once in its own module, and what is derived from
 * those definitions: the row type the API lists, the columns the server stores, the dashboard's columns.
 * A kind's rules stay in its schema module (schemas/*.ts): public pages import the schemas, and were a definition in
 * the same module, the bundler would put it in a chunk the public page loads too.
 */
import { CONTACT_KIND } from './contact';
import { CREATIVE_DESIGN_KIND } from './creative-design';
import type { ColumnsOf, EnquiryKind, ListedRowOf, StoredField, SubmissionOf } from './define-kind';
import { REQUEST_QUOTE_KIND } from './request-quote';
import { WEB_DEV_KIND } from './web-dev';

export type { ColumnsOf, EnquiryKind, ListedRowOf, StoredField, SubmissionOf } from './define-kind';
export { REPLY_PROMISES, replyPromiseSentence, type ReplyPromise } from './reply-promises';

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

/** Submit, list and delete path of each kind. */
export const MESSAGE_KIND_PATHS: { [K in MessageKind]: Kinds[K]['paths'] } = {
  web_dev: WEB_DEV_KIND.paths,
  creative_design: CREATIVE_DESIGN_KIND.paths,
  contact: CONTACT_KIND.paths,
  request_quote: REQUEST_QUOTE_KIND.paths,
};

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
