/**
 * The staff inbox's contract (issue 11): its paths, the follow-up statuses of each kind, and the zod schemas of
 * every query, body and answer, used by the server's routes, the OpenAPI document and the dashboard alike.
 * docs/decisions/0021 explains the model (folders, statuses, reads, notes, history).
 */
import { z } from 'zod';
import { MESSAGE_KINDS, PREVIEW_MAX_CHARACTERS, type MessageKind } from './enquiry-kinds';
import { ENQUIRY_STATUSES, type EnquiryStatus } from './enquiry-kinds/statuses';
import {
  decimalCount,
  decimalId,
  isMultiLineText,
  isSingleLineText,
  isWellFormedText,
  lagosDayField,
} from './schemas/fields';
import { FIELD_MESSAGES } from './messages';
import { PATHS } from './site-paths';
import { EnquirySourceSchema } from './first-touch';
import { EnquiryResponseFieldsSchema, ResponseDueSchema } from './response-times-api';
import { UNDO_PATH, UndoTicketSchema } from './undo';

/**
 * The dashboard's address of one enquiry (`/dashboard?kind=contact&enquiry=7`), which opens it straight away: the
 * staff notification mail links there.
 */
export function dashboardEnquiryPath(kind: MessageKind, id: number): string {
  return `${PATHS.dashboard}?${new URLSearchParams({ kind, enquiry: String(id) }).toString()}`;
}

/** The "All" view: one list, one search and one count across every kind (issue 19), beside each kind's tab. */
export const ALL_KINDS = 'all';
/** What an inbox list shows: one kind, or every kind. */
export const INBOX_VIEWS = [...MESSAGE_KINDS, ALL_KINDS] as const;
export type InboxView = (typeof INBOX_VIEWS)[number];

/** The REST endpoints of the inbox, beside the spec's `.php` ones (which keep their behaviour). */
export const INBOX_PATHS = {
  /** GET: each kind's count of new enquiries in the inbox, and of what is in its trash and spam. */
  COUNTS: '/api/enquiries/counts',
  /** GET: the staff accounts an enquiry can be assigned to. */
  STAFF: '/api/staff',
  /** GET: how many enquiries of each kind a view's search and filters match (InboxMatchesQuerySchema). */
  MATCHES: '/api/enquiries/matches',
  /** POST: undo a move or bulk status change by its ticket (UndoBodySchema, docs/decisions/0044). */
  UNDO: UNDO_PATH,
  /** GET: one page of a kind's enquiries, or of every kind's (`all`) (InboxListQuerySchema). */
  list: (kind: InboxView) => `/api/enquiries/${kind}`,
  /** GET: how many enquiries of a view arrived after a position (InboxArrivalsQuerySchema): the inbox's poll. */
  arrivals: (kind: InboxView) => `/api/enquiries/${kind}/arrivals`,
  /** GET: the whole filtered view as CSV (InboxExportQuerySchema), notes included. */
  export: (kind: InboxView) => `/api/enquiries/${kind}/export.csv`,
  /** GET: the same as an .xlsx workbook (phone numbers and references as text, times as dates). */
  exportXlsx: (kind: InboxView) => `/api/enquiries/${kind}/export.xlsx`,
  /** POST: one action on several enquiries of a kind (BulkActionSchema). */
  bulk: (kind: MessageKind) => `/api/enquiries/${kind}/bulk`,
  /** GET: one enquiry with its notes and history; PATCH: status, assignee, read (EnquiryUpdateSchema); DELETE: to the trash. */
  enquiry: (kind: MessageKind, id: number) => `/api/enquiries/${kind}/${id}`,
  /** POST: back from the trash to the inbox. */
  restore: (kind: MessageKind, id: number) => `/api/enquiries/${kind}/${id}/restore`,
  /** POST: from the spam folder to the inbox. */
  notSpam: (kind: MessageKind, id: number) => `/api/enquiries/${kind}/${id}/not-spam`,
  /** POST: an internal note (NoteCreateSchema). */
  notes: (kind: MessageKind, id: number) => `/api/enquiries/${kind}/${id}/notes`,
} as const;

/** Where an enquiry is: the inbox, the trash (restorable for 30 days) or the spam folder (purged after 30 days). */
export const INBOX_FOLDERS = ['inbox', 'trash', 'spam'] as const;
export type InboxFolder = (typeof INBOX_FOLDERS)[number];

export const FOLDER_LABELS: Record<InboxFolder, string> = { inbox: 'Inbox', trash: 'Trash', spam: 'Spam' };

export { ENQUIRY_STATUSES, type EnquiryStatus } from './enquiry-kinds/statuses';

export const STATUS_LABELS: Record<EnquiryStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  won: 'Won',
  lost: 'Lost',
  enrolled: 'Enrolled',
  declined: 'Declined',
};

export const INBOX_LIMITS = {
  /** Rows per page, and the most a page may ask for. */
  PAGE_SIZE: 50,
  SEARCH_MAX: 200,
  NOTE_MAX: 5000,
  /** Enquiries one bulk action may name. */
  BULK_MAX: 100,
  /** Characters of the message or project description a list row carries. */
  PREVIEW_MAX: PREVIEW_MAX_CHARACTERS,
} as const;

/** How the channels of a one-tap answer are recorded in the history. */
export const CONTACT_CHANNELS = ['whatsapp', 'call', 'email'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

const searchText = z
  .string()
  .trim()
  .max(INBOX_LIMITS.SEARCH_MAX, FIELD_MESSAGES.TOO_LONG(INBOX_LIMITS.SEARCH_MAX))
  .refine(isWellFormedText, FIELD_MESSAGES.BROKEN_CHARACTER)
  .refine(isSingleLineText, FIELD_MESSAGES.SINGLE_LINE);

/** An opaque position in a list, given by the server (`older`/`newer` of the last answer). */
const cursor = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, 'This list position is not valid.');

/** The filters of a view, shared by the list and the export. */
export const InboxFilterSchema = z.object({
  folder: z.enum(INBOX_FOLDERS).default('inbox'),
  /** Name, e-mail, phone (any way of writing a Nigerian number), message text or reference. */
  q: searchText.optional(),
  status: z.enum(ENQUIRY_STATUSES).optional(),
  /** `me`, `none` or a staff account's id. */
  assignee: z.union([z.enum(['me', 'none']), decimalId]).optional(),
  from: lagosDayField.optional(),
  to: lagosDayField.optional(),
});
export type InboxFilter = z.output<typeof InboxFilterSchema>;

/**
 * What `after` and `before` mean in every paged list of the staff screens (the inbox and the audit log, issue 17):
 * a list has one order, newest first; `after` asks for the page further down it, `before` for the page back up.
 */
export const PAGING_DESCRIPTIONS = {
  after:
    'The next page: the rows that come after this position in the list (newest first, so older rows). Pass the `older` of the last answer.',
  before:
    'The previous page: the rows just before this position in the list (newer rows), still listed newest first. Pass the `newer` of the last answer; it wins over `after`.',
  older: 'The `after` of the next page (further down the list), or null on the last page.',
  newer: 'The `before` of the previous page (back up the list), or null on the first page.',
  limit: (max: number) => `Rows per page, 1 to ${max}; ${max} when absent.`,
} as const;

export const InboxListQuerySchema = InboxFilterSchema.extend({
  after: cursor.optional().describe(PAGING_DESCRIPTIONS.after),
  before: cursor.optional().describe(PAGING_DESCRIPTIONS.before),
  limit: decimalCount({ min: 1, max: INBOX_LIMITS.PAGE_SIZE })
    .optional()
    .meta({ default: INBOX_LIMITS.PAGE_SIZE, description: PAGING_DESCRIPTIONS.limit(INBOX_LIMITS.PAGE_SIZE) }),
});
export type InboxListQuery = z.output<typeof InboxListQuerySchema>;

export const InboxExportQuerySchema = InboxFilterSchema;

/**
 * The poll of an open list: the view's filters and `since`, the position of the newest row the list shows (its page's
 * `newest`); without it every row of the view counts.
 */
export const InboxArrivalsQuerySchema = InboxFilterSchema.extend({
  /** Count only rows newer than this position. */
  since: cursor.optional(),
});
export type InboxArrivalsQuery = z.output<typeof InboxArrivalsQuerySchema>;

/**
 * A search across the four kinds: the same filters for each; a status that does not apply to a kind is left out for
 * that kind, as the dashboard leaves it out when the tab changes.
 */
export const InboxMatchesQuerySchema = InboxFilterSchema;

export const EnquiryRefSchema = z.object({ kind: z.enum(MESSAGE_KINDS), id: decimalId });

const noteBody = z
  .string({ error: FIELD_MESSAGES.REQUIRED })
  .overwrite((text) => text.replace(/\r\n?/g, '\n'))
  .trim()
  .min(1, FIELD_MESSAGES.REQUIRED)
  .max(INBOX_LIMITS.NOTE_MAX, FIELD_MESSAGES.TOO_LONG(INBOX_LIMITS.NOTE_MAX))
  .refine(isWellFormedText, FIELD_MESSAGES.BROKEN_CHARACTER)
  .refine(isMultiLineText, FIELD_MESSAGES.CONTROL_CHARACTERS);

export const NoteCreateSchema = z.object({ body: noteBody });

/** At least one of status, assignee and read; `contactedVia` records a one-tap answer in the history. */
export const EnquiryUpdateSchema = z
  .object({
    status: z.enum(ENQUIRY_STATUSES).optional(),
    /** A staff account's id, or null for nobody. */
    assigneeId: z.number().int().positive().nullable().optional(),
    /** Read or unread for the staff member who sends it. */
    read: z.boolean().optional(),
    contactedVia: z.enum(CONTACT_CHANNELS).optional(),
  })
  .strict()
  .refine(
    (update) =>
      update.status !== undefined ||
      update.assigneeId !== undefined ||
      update.read !== undefined ||
      update.contactedVia !== undefined,
    'Send a status, an assignee, a read mark or a contact channel.',
  );
export type EnquiryUpdate = z.output<typeof EnquiryUpdateSchema>;

export const BULK_ACTIONS = ['status', 'trash', 'restore', 'not-spam'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

export const BulkActionSchema = z
  .object({
    ids: z.array(z.number().int().positive()).min(1).max(INBOX_LIMITS.BULK_MAX),
    action: z.enum(BULK_ACTIONS),
    /** The new status when the action is `status`. */
    status: z.enum(ENQUIRY_STATUSES).optional(),
  })
  .strict()
  .refine((bulk) => bulk.action !== 'status' || bulk.status !== undefined, {
    message: 'Choose the status to set.',
    path: ['status'],
  });
export type BulkActionBody = z.output<typeof BulkActionSchema>;

// ---- Answers ----

const isoTime = z.iso.datetime();

/** A row of the list: what a phone shows of an enquiry before it is opened (a few hundred bytes). */
export const EnquirySummarySchema = z.object({
  id: z.number(),
  kind: z.enum(MESSAGE_KINDS),
  reference: z.string(),
  createdAt: isoTime,
  /** The person's name as they gave it (a training's first name and surname). */
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** The first characters of the message or project description; the training and schedule of a registration. */
  preview: z.string(),
  status: z.enum(ENQUIRY_STATUSES),
  assigneeId: z.number().nullable(),
  /** Whether the staff member asking has opened it. */
  read: z.boolean(),
  folder: z.enum(INBOX_FOLDERS),
  /** Why the spam defence caught it (`honeypot`, `too-fast`), or null. */
  spamReason: z.string().nullable(),
  /** When it went to the trash, or null. */
  trashedAt: isoTime.nullable(),
  /** Since when a customer's reply waits for our answer (issue 20), or null. */
  waitingSince: isoTime.nullable(),
  /** Due soon or overdue for a first answer (issue 21), with the due time; null otherwise. */
  responseDue: ResponseDueSchema,
  /** No reminders before this time (issue 21, docs/decisions/0039); null when not snoozed or the time has passed. */
  snoozedUntil: isoTime.nullable(),
  /** No reminders until the customer writes. */
  snoozedUntilReply: z.boolean(),
});
export type EnquirySummary = z.infer<typeof EnquirySummarySchema>;

export const InboxPageSchema = z.object({
  success: z.literal(true),
  enquiries: z.array(EnquirySummarySchema),
  /** Every enquiry the filters match, on every page. */
  total: z.number(),
  older: z.string().nullable().describe(PAGING_DESCRIPTIONS.older),
  newer: z.string().nullable().describe(PAGING_DESCRIPTIONS.newer),
  /** The position of the page's newest row, for the poll's `since` (InboxArrivalsQuerySchema); null when empty. */
  newest: z.string().nullable(),
});
export type InboxPage = z.infer<typeof InboxPageSchema>;

export const InboxArrivalsSchema = z.object({
  success: z.literal(true),
  /** Rows of the view newer than `since`. */
  count: z.number(),
});
export type InboxArrivals = z.infer<typeof InboxArrivalsSchema>;

export const InboxMatchesSchema = z.object({
  success: z.literal(true),
  /** Each kind's count of enquiries the search and filters match. */
  matches: z.record(z.enum(MESSAGE_KINDS), z.number()),
});
export type InboxMatches = z.infer<typeof InboxMatchesSchema>;

export const FolderCountsSchema = z.object({
  new: z.number(),
  unread: z.number(),
  trash: z.number(),
  spam: z.number(),
});
export const InboxCountsSchema = z.object({
  success: z.literal(true),
  counts: z.record(z.enum(MESSAGE_KINDS), FolderCountsSchema),
});
export type InboxCounts = z.infer<typeof InboxCountsSchema>;

export const StaffMemberSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  /** The account asking. */
  me: z.boolean(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;
export const StaffListSchema = z.object({ success: z.literal(true), staff: z.array(StaffMemberSchema) });

/** Who a note or a change is shown as once the account behind it is gone. */
export const FORMER_COLLEAGUE = 'A former colleague';

/** The Assignee cell of an export for an enquiry nobody has taken (the list's filter says the same). */
export const UNASSIGNED = 'Unassigned';

export const NoteSchema = z.object({
  id: z.number(),
  body: z.string(),
  authorId: z.number().nullable(),
  /** The author's username, or "A former colleague" once the account is gone. */
  authorName: z.string(),
  createdAt: isoTime,
});
export type Note = z.infer<typeof NoteSchema>;

/** `contacted`: a tap on WhatsApp or Call (an attempt); `first-response`: a staff member confirmed they reached them. */
export const HISTORY_ACTIONS = [
  'status',
  'assignee',
  'note',
  'trash',
  'restore',
  'not-spam',
  'contacted',
  'first-response',
  /** A snooze set or cleared: from and to are the time it ends (ISO), `reply`, or null (docs/decisions/0039). */
  'snooze',
  /** A move or status change undone (docs/decisions/0044): from and to are the folders, or the statuses. */
  'undo',
] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/** One recorded change: who, what (from and to, as stored values) and when. */
export const HistoryEventSchema = z.object({
  id: z.number(),
  action: z.enum(HISTORY_ACTIONS),
  from: z.string().nullable(),
  to: z.string().nullable(),
  actorId: z.number().nullable(),
  actorName: z.string(),
  createdAt: isoTime,
});
export type HistoryEvent = z.infer<typeof HistoryEventSchema>;

export const EnquiryDetailSchema = EnquirySummarySchema.extend({
  kind: z.enum(MESSAGE_KINDS),
  /** Whether the human check was answered on a question this server issued (`verified`) or not sent (`unverified`). */
  humanCheck: z.enum(['verified', 'unverified']),
  /** Every field as the spec's list gives it (spec 3), by its listed name. */
  fields: z.record(z.string(), z.unknown()),
  /** Newest first. */
  notes: z.array(NoteSchema),
  /** Newest first. */
  history: z.array(HistoryEventSchema),
  /** Where the visitor came from, its first touch (docs/decisions/0041); "Not recorded" for older enquiries. */
  source: EnquirySourceSchema,
}).extend(EnquiryResponseFieldsSchema.shape);
export type EnquiryDetail = z.infer<typeof EnquiryDetailSchema>;

export const EnquiryAnswerSchema = z.object({ success: z.literal(true), enquiry: EnquiryDetailSchema });
/** A move's answer: the enquiry as it now is and the ticket to undo the move (docs/decisions/0044). */
export const MoveAnswerSchema = EnquiryAnswerSchema.extend({ undo: UndoTicketSchema });
export const NoteAnswerSchema = z.object({ success: z.literal(true), note: NoteSchema });
/** `undo`: the ticket to undo the whole action, or null when nothing changed. */
export const BulkAnswerSchema = z.object({
  success: z.literal(true),
  changed: z.number(),
  undo: UndoTicketSchema.nullable(),
});

// ---- Phone numbers ----

/**
 * The digits a phone number is searched by: the national number without the country code 234 or the trunk 0, so
 * `+234 803 123 4567`, `08031234567` and `803-123-4567` all give `8031234567`. Stored beside each enquiry's phone.
 */
export function phoneSearchKey(text: string): string {
  const digits = text.replace(/\D/g, '');
  const key =
    digits.startsWith('234') && digits.length > 10 ? digits.slice(3).replace(/^0/, '') : digits.replace(/^0/, '');
  // The column holds 20 characters; a stored phone has 15 digits at most (the shared schemas), old rows included.
  return key.slice(0, PHONE_KEY_MAX);
}

/** The length of the `phone_key` column. */
const PHONE_KEY_MAX = 20;

/** Whether a search looks like (part of) a phone number: digits, spaces, +, -, dots and brackets, 4 digits or more. */
export function isPhoneSearch(text: string): boolean {
  return /^[\d\s+().-]+$/.test(text) && text.replace(/\D/g, '').length >= 4;
}

/**
 * A phone number as wa.me and tel: want it, country code first without `+`: a Nigerian number written any usual way
 * (`0803…`, `803…`, `234…`, `+234…`) becomes `234` and its ten digits; another country's number written with `+`
 * keeps its own code. Null when it cannot be one.
 */
export function internationalPhoneOf(phone: string): string | null {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+') || trimmed.startsWith('00')) {
    const international = trimmed.startsWith('00') ? digits.slice(2) : digits;
    if (international.startsWith('234')) {
      const national = international.slice(3).replace(/^0/, '');
      return national.length === 10 ? `234${national}` : null;
    }
    return international.length >= 8 && international.length <= 15 ? international : null;
  }
  if (digits.startsWith('234') && digits.length === 13) return digits;
  if (digits.startsWith('0') && digits.length === 11) return `234${digits.slice(1)}`;
  if (digits.length === 10 && /^[789]/.test(digits)) return `234${digits}`;
  return null;
}
