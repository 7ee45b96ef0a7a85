/**
 * Owners, staff, the audit log and data requests (issue 12): paths, roles and the zod schemas of every query, body
 * and answer, shared by the server's routes, the OpenAPI document and the owner's pages. docs/decisions/0022.
 */
import { z } from 'zod';
import { MESSAGE_KINDS } from './enquiry-kinds';
import { INBOX_FOLDERS, PAGING_DESCRIPTIONS, phoneSearchKey } from './inbox';
import { FIELD_MESSAGES } from './messages';
import { decimalCount, emailField, isSingleLineText, isWellFormedText, lagosDayField } from './schemas/fields';

export const STAFF_ADMIN_PATHS = {
  /** GET (owners): every account with its role: waiting for approval, staff, owners, refused and removed. */
  ACCOUNTS: '/api/staff/accounts',
  /** POST (owners): approve a waiting account (it becomes staff and gets a mail). */
  approve: (id: number) => `/api/staff/accounts/${id}/approve`,
  /** POST (owners): refuse a waiting account. */
  refuse: (id: number) => `/api/staff/accounts/${id}/refuse`,
  /** POST (owners): remove a staff member or owner: their sessions end at once. */
  remove: (id: number) => `/api/staff/accounts/${id}/remove`,
  /** POST (owners): make a staff member an owner. */
  makeOwner: (id: number) => `/api/staff/accounts/${id}/make-owner`,
  /** POST (owners): make an owner staff again; never the last owner (issue 17). */
  makeStaff: (id: number) => `/api/staff/accounts/${id}/make-staff`,
  /** GET (owners): the audit log, newest first (AuditQuerySchema). */
  AUDIT: '/api/audit-log',
  /** GET (owners): the filtered audit log as CSV. */
  AUDIT_EXPORT: '/api/audit-log/export.csv',
  /** GET (owners): the same as an .xlsx workbook. */
  AUDIT_EXPORT_XLSX: '/api/audit-log/export.xlsx',
  /** GET (owners): everything stored about a person (DataRequestQuerySchema). */
  DATA_REQUEST: '/api/data-requests',
  /** GET (owners): the same as a JSON file to hand to the person. */
  DATA_REQUEST_EXPORT_JSON: '/api/data-requests/export.json',
  /** GET (owners): the same as one CSV of every value, a row each (kept for old clients; the ZIP is the new one). */
  DATA_REQUEST_EXPORT_CSV: '/api/data-requests/export.csv',
  /** GET (owners): the same as a ZIP of one CSV per table, each with its header. */
  DATA_REQUEST_EXPORT_ZIP: '/api/data-requests/export.zip',
  /** GET (owners): the same as an .xlsx workbook, one sheet per table. */
  DATA_REQUEST_EXPORT_XLSX: '/api/data-requests/export.xlsx',
  /** POST (owners): erase everything stored about a person (DataErasureSchema). */
  DATA_REQUEST_ERASE: '/api/data-requests/erase',
} as const;

/**
 * `pending`: registered (confirmed or not), waiting for an owner; `staff` and `owner` may read the inbox; `refused`
 * and `removed` may not, whatever the allowlist says. ADMIN_SIGNUP_ALLOWLIST approves an account when it is confirmed.
 */
export const ACCOUNT_ROLES = ['pending', 'staff', 'owner', 'refused', 'removed'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

export const ROLE_LABELS: Record<AccountRole, string> = {
  pending: 'Waiting for approval',
  staff: 'Staff',
  owner: 'Owner',
  refused: 'Refused',
  removed: 'Removed',
};

export const StaffAccountSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ACCOUNT_ROLES),
  /** Whether the e-mail address has been confirmed (an owner may approve only a confirmed account). */
  confirmed: z.boolean(),
  createdAt: z.iso.datetime(),
  /** The account asking. */
  me: z.boolean(),
  /** May edit the site's content (issue 22; owners always may): set by PUT CONTENT_PATHS.editor. */
  editor: z.boolean().optional(),
});
export type StaffAccount = z.infer<typeof StaffAccountSchema>;
/**
 * How many confirmed accounts wait for an owner's decision: the Staff link's badge counts these (issue 17). An
 * unconfirmed account is not counted: nobody can approve it yet.
 */
export function waitingForApproval(accounts: readonly StaffAccount[]): StaffAccount[] {
  return accounts.filter((account) => account.role === 'pending' && account.confirmed);
}

export const StaffAccountsAnswerSchema = z.object({ success: z.literal(true), accounts: z.array(StaffAccountSchema) });
export const StaffAccountAnswerSchema = z.object({ success: z.literal(true), account: StaffAccountSchema });

/** Every sensitive action the audit log records. */
export const AUDIT_ACTIONS = [
  'account.approve',
  'account.refuse',
  'account.remove',
  'account.make-owner',
  'account.make-staff',
  'enquiry.trash',
  'enquiry.restore',
  'enquiry.not-spam',
  'enquiry.status',
  'enquiry.export',
  'audit.export',
  'data-request.search',
  'data-request.export',
  'data-request.erase',
  'retention.purge',
  'business-calendar.change',
  'response-targets.change',
  'saved-reply.create',
  'saved-reply.change',
  'saved-reply.delete',
  'mail.attach',
  'mail.convert',
  'content.created',
  'content.draft_saved',
  'content.published',
  'content.scheduled',
  'content.unpublished',
  'content.rolled_back',
  'content.moved',
  'content.deleted',
  'content.image_uploaded',
  'content.editor_changed',
  'profile.name',
  'profile.avatar',
  'profile.password',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'account.approve': 'Approved an account',
  'account.refuse': 'Refused an account',
  'account.remove': 'Removed an account',
  'account.make-owner': 'Made an owner',
  'account.make-staff': 'Made an owner staff again',
  'enquiry.trash': 'Deleted an enquiry',
  'enquiry.restore': 'Restored an enquiry',
  'enquiry.not-spam': 'Marked an enquiry as not spam',
  'enquiry.status': 'Changed the status of enquiries',
  'enquiry.export': 'Exported enquiries',
  'audit.export': 'Exported the audit log',
  'data-request.search': "Looked up a person's data",
  'data-request.export': "Exported a person's data",
  'data-request.erase': "Erased a person's data",
  'retention.purge': 'Purged expired data',
  'business-calendar.change': 'Changed the business hours',
  'response-targets.change': 'Changed the first-response targets',
  'mail.attach': 'Filed a received mail with an enquiry',
  'mail.convert': 'Made a received mail an enquiry',
  'saved-reply.create': 'Added a saved reply',
  'saved-reply.change': 'Changed a saved reply',
  'saved-reply.delete': 'Deleted a saved reply',
  'content.created': 'Added a content item',
  'content.draft_saved': 'Saved a content draft',
  'content.published': 'Published a content item',
  'content.scheduled': 'Scheduled a content item',
  'content.unpublished': 'Unpublished a content item',
  'content.rolled_back': 'Rolled a content item back',
  'content.moved': 'Moved a content item in its list',
  'content.deleted': 'Deleted a content item',
  'content.image_uploaded': 'Uploaded an image',
  'content.editor_changed': 'Changed who may edit content',
  'profile.name': 'Changed their display name',
  'profile.avatar': 'Changed their picture',
  'profile.password': 'Changed their password',
};

/** Entries on a page of the audit log, unless `limit` says otherwise, and the most `limit` may ask for. */
export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_PAGE_MAX = 100;

export const AuditQuerySchema = z.object({
  action: z.enum(AUDIT_ACTIONS).optional(),
  /** The account that acted. */
  actorId: decimalCount({ min: 1, max: Number.MAX_SAFE_INTEGER }).optional(),
  from: lagosDayField.optional(),
  to: lagosDayField.optional(),
  /** An entry's id: paged as the inbox pages (PAGING_DESCRIPTIONS), the log being newest first. */
  after: decimalCount({ min: 1, max: Number.MAX_SAFE_INTEGER }).optional().describe(PAGING_DESCRIPTIONS.after),
  before: decimalCount({ min: 1, max: Number.MAX_SAFE_INTEGER }).optional().describe(PAGING_DESCRIPTIONS.before),
  limit: decimalCount({ min: 1, max: AUDIT_PAGE_MAX })
    .optional()
    .meta({
      default: AUDIT_PAGE_SIZE,
      description: `Entries per page, 1 to ${AUDIT_PAGE_MAX}; ${AUDIT_PAGE_SIZE} when absent. The export without it has every entry from the position on; with it, the entries of that one page.`,
    }),
});
export type AuditQuery = z.output<typeof AuditQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.number(),
  action: z.enum(AUDIT_ACTIONS),
  /** Null for the server's own purge. */
  actorId: z.number().nullable(),
  /** The actor's e-mail address as it was when they acted ("the server" for the purge). */
  actorEmail: z.string(),
  /** What it was done to, in words: "contact RD-26-00012", "account amaka@…", "3 enquiries". */
  target: z.string(),
  /** Details as a small JSON object (counts, filters; never a person's message). */
  detail: z.record(z.string(), z.unknown()),
  createdAt: z.iso.datetime(),
  /** When the action was undone (docs/decisions/0044), or null. */
  undoneAt: z.iso.datetime().nullable(),
  /** Who undid it: their address as it was then, or null. */
  undoneBy: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditPageSchema = z.object({
  success: z.literal(true),
  entries: z.array(AuditEntrySchema),
  older: z.number().nullable().describe(PAGING_DESCRIPTIONS.older),
  newer: z.number().nullable().describe(PAGING_DESCRIPTIONS.newer),
});

/** A data request names a person by a whole e-mail address or at least this many digits of their phone number. */
export const DATA_REQUEST_MIN_PHONE_DIGITS = 6;

export const DATA_REQUEST_MESSAGES = {
  PHONE_TOO_SHORT: `Enter at least ${DATA_REQUEST_MIN_PHONE_DIGITS} digits of the phone number.`,
} as const;

const phoneText = z
  .string()
  .trim()
  .min(4, 'Enter a phone number.')
  .max(40, FIELD_MESSAGES.TOO_LONG(40))
  .refine(isWellFormedText, FIELD_MESSAGES.BROKEN_CHARACTER)
  .refine(isSingleLineText, FIELD_MESSAGES.SINGLE_LINE)
  .refine((text) => /^[\d\s+().-]+$/.test(text), 'Enter a phone number with digits only.')
  // Compared as phoneSearchKey's digits: `----` has none and matched everyone whose number has none (issue 17).
  .refine(
    (text) => phoneSearchKey(text).length >= DATA_REQUEST_MIN_PHONE_DIGITS,
    DATA_REQUEST_MESSAGES.PHONE_TOO_SHORT,
  );

/** A person, by e-mail address or phone number (any usual way of writing a Nigerian number); one of the two. */
export const DataRequestQuerySchema = z
  .object({ email: emailField.optional(), phone: phoneText.optional() })
  .refine((query) => query.email !== undefined || query.phone !== undefined, {
    message: 'Enter an e-mail address or a phone number.',
    path: ['email'],
  });
export type DataRequestQuery = z.output<typeof DataRequestQuerySchema>;

export const DataErasureSchema = z
  .object({
    email: emailField.optional(),
    phone: phoneText.optional(),
    /** How many records the confirmation named; the server refuses (409) when it finds another number. */
    expectedRecords: z.number().int().min(1),
  })
  .strict()
  .refine((body) => body.email !== undefined || body.phone !== undefined, {
    message: 'Enter an e-mail address or a phone number.',
    path: ['email'],
  });
export type DataErasure = z.output<typeof DataErasureSchema>;

export const PersonEnquirySchema = z.object({
  kind: z.enum(MESSAGE_KINDS),
  id: z.number(),
  reference: z.string(),
  createdAt: z.iso.datetime(),
  folder: z.enum(INBOX_FOLDERS),
  status: z.string(),
  /** Every field as the spec's list gives it. */
  fields: z.record(z.string(), z.unknown()),
});
export const PersonNoteSchema = z.object({
  kind: z.enum(MESSAGE_KINDS),
  enquiryId: z.number(),
  reference: z.string(),
  body: z.string(),
  authorName: z.string(),
  createdAt: z.iso.datetime(),
});
export const PersonMailSchema = z.object({
  id: z.number(),
  purpose: z.string(),
  recipient: z.string(),
  subject: z.string(),
  status: z.string(),
  createdAt: z.iso.datetime(),
});

/** A mail of the person's conversations (issue 20): sent to them or received from them, with its files' names. */
export const PersonConversationMailSchema = z.object({
  id: z.number(),
  /** null: received from their address and matched no enquiry. */
  reference: z.string().nullable(),
  direction: z.enum(['in', 'out']),
  from: z.string(),
  to: z.string().nullable(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.iso.datetime(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), size: z.number() })),
});

export const DataRequestAnswerSchema = z.object({
  success: z.literal(true),
  enquiries: z.array(PersonEnquirySchema),
  notes: z.array(PersonNoteSchema),
  mails: z.array(PersonMailSchema),
  /** The conversations' mails (issue 20); counted in totalRecords. */
  conversationMails: z.array(PersonConversationMailSchema).optional(),
  /** enquiries + notes + mails: what the erasure's confirmation names. */
  totalRecords: z.number(),
});
export type DataRequestAnswer = z.infer<typeof DataRequestAnswerSchema>;

export const DataErasureAnswerSchema = z.object({
  success: z.literal(true),
  erased: z.object({
    enquiries: z.number(),
    notes: z.number(),
    mails: z.number(),
    conversationMails: z.number().optional(),
  }),
});
