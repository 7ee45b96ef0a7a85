import type { ColumnType, Generated } from 'kysely';
import type {
  AccountRole,
  AuditAction,
  ContentType,
  EnquiryStatus,
  FirstResponseChannel,
  HistoryAction,
  InboxFolder,
  MessageKind,
  SourceClass,
  StoredColumnsByKind,
} from '@agency/shared';

/** Times are stored as epoch milliseconds (UTC by definition, identical on SQLite and MySQL). */
export type EpochMs = number;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  profile_image: string;
  /** Written by older code only; `role` decides (migration 0009). */
  is_staff: number;
  /** Defaults to pending on insert. */
  role: ColumnType<AccountRole, AccountRole | undefined, AccountRole>;
  confirmed_at: EpochMs | null;
  created_at: EpochMs;
  /** 1: the 07:30 digest is mailed to them on working days (issue 21); each person can turn it off. */
  digest_enabled: Generated<number>;
  /** 1: may edit the site's content (issue 22); owners always may. */
  content_editor: Generated<number>;
  /** 1: a mail when a colleague assigns them an enquiry (issue 23, docs/decisions/0046); each person can turn it off. */
  assignment_mail_enabled: Generated<number>;
  /** The name the person goes by (issue 23, migration 0022); null: their e-mail's local part. */
  display_name: ColumnType<string | null, string | null | undefined, string | null>;
}

export type EmailTokenPurpose = 'confirm' | 'reset';

export interface EmailTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: EmailTokenPurpose;
  token_hash: string;
  expires_at: EpochMs;
  used_at: EpochMs | null;
  created_at: EpochMs;
}

export interface SessionsTable {
  sid: string;
  user_id: number | null;
  data: string;
  expires_at: EpochMs;
}

/** An abuse limit's count for one subject in one window (docs/decisions/0014), kept by rate-limiter-flexible. */
export interface RateLimitsTable {
  /** `<limit>:<window seconds>:<sha-256 hex of the subject>` */
  key: string;
  points: number;
  /** When the window ends. */
  expire: EpochMs | null;
}

/**
 * One row at most, inserted with the very first account ever created (allowlist or not) and never removed when
 * that account is: whoever inserts it is the installation's first account, staff when no allowlist is set.
 */
export interface InstallationTable {
  id: number;
  /** No foreign key: the account may be gone, the claim stays. */
  first_user_id: number | null;
  claimed_at: EpochMs;
}

export type OutboxStatus = 'pending' | 'sent' | 'failed';

/** Why a mail was written; the sender treats them alike. */
export type MailPurpose =
  | 'confirm'
  | 'reset'
  | 'account-exists'
  | 'account-approved'
  | 'approval-waiting'
  | 'staff-notification'
  | 'auto-reply'
  /** An answer a staff member wrote in the enquiry's composer (issue 20): the one purpose a person wrote. */
  | 'staff-reply'
  /** Tells the assignee (or every staff member) that a customer's reply came in. */
  | 'reply-notification'
  /** The 07:30 digest of what waits for a staff member or owner (issue 21, docs/decisions/0040). */
  | 'digest'
  /** An enquiry waits past 75 % of its first-response target: to the assignee, or every staff member (0039). */
  | 'response-reminder'
  /** An enquiry reached its first-response target unanswered: to the owners (0039). */
  | 'response-escalation'
  /** An enquiry was assigned to someone by a colleague (issue 23, docs/decisions/0046). */
  | 'assignment';

/** One mail to one recipient (docs/decisions/0013). */
export interface OutboxTable {
  id: Generated<number>;
  /** Fixed when the row is written, so a resend after a crash carries the same Message-ID. */
  message_id: string;
  purpose: MailPurpose;
  recipient: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string;
  /** 1 when the body carries a token link: the bodies are blanked once the mail is sent. */
  holds_secret: number;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: EpochMs;
  /** The claim that holds the row while it is being sent; another sender may take it after lease_until. */
  lease_owner: string | null;
  lease_until: EpochMs | null;
  last_error: string | null;
  created_at: EpochMs;
  sent_at: EpochMs | null;
  /** The enquiry the mail is about (its auto-reply, its staff notifications); deleting the enquiry deletes it. */
  enquiry_id: number | null;
  /** The display name before the agency's address (a staff reply: the staff member's name); null: MAIL_FROM as is. */
  from_name: Generated<string | null>;
  /** Threading (a staff reply): the Message-ID answered and the chain before it, as header values. */
  in_reply_to: Generated<string | null>;
  references_header: Generated<string | null>;
}

/** Which way a mail of a conversation went. */
export type MailDirection = 'in' | 'out';
/** How a mail reached us: polled from the mailbox, posted to the inbound webhook, or written in the app. */
export type MailSource = 'imap' | 'webhook' | 'app';
/** A received mail no person wrote (RFC 3834 and kin): shown as such, never counted as the customer's answer. */
export type MailAutomation = 'auto-reply' | 'bounce';
/** The rule that put a received mail on its enquiry (issue 20 item 3), or `staff` when someone attached it. */
export type MailMatchRule = 'thread' | 'reference' | 'token' | 'sender' | 'staff';

/** One mail of a conversation, sent or received (issue 20, migration 0011). */
export interface EnquiryMailsTable {
  id: Generated<number>;
  /** null: received and matched no enquiry (the Unmatched list). Deleting the enquiry deletes its mails. */
  enquiry_id: number | null;
  direction: MailDirection;
  /** The Message-ID header as written, with its angle brackets. */
  message_id: string;
  /** sha256 hex of the Message-ID without brackets in lower case: one stored row per message and direction. */
  message_key: string;
  in_reply_to: string | null;
  references_header: string | null;
  from_address: string;
  from_name: string | null;
  to_address: string | null;
  subject: string;
  text_body: string;
  html_body: string | null;
  automated: MailAutomation | null;
  match_rule: MailMatchRule | null;
  source: MailSource;
  /** IMAP: the mailbox, its UIDVALIDITY and the message's UID; one stored row per position. */
  mailbox: string | null;
  uid_validity: number | null;
  uid: number | null;
  /** The message as received, byte for byte; null for a mail sent from the app (the outbox row has it). */
  raw: Buffer | null;
  /** Sent: the staff member who wrote it. */
  author_id: number | null;
  /** Sent: its outbox row, whose status is the delivery state. */
  outbox_id: number | null;
  /** The mail's Date header, when it has one. */
  sent_at: EpochMs | null;
  created_at: EpochMs;
}

/** A file that came with a received mail, served to staff only. */
export interface MailAttachmentsTable {
  id: Generated<number>;
  mail_id: number;
  filename: string;
  content_type: string;
  size: number;
  content_id: string | null;
  content: Buffer;
}

/** An owner's saved reply: text with {variables} and blanks, for the composer and the WhatsApp link. */
export interface SavedRepliesTable {
  id: Generated<number>;
  title: string;
  body: string;
  created_by: number | null;
  created_at: EpochMs;
  updated_at: EpochMs;
}

/** Where the IMAP poller stands in a mailbox, and which instance polls it now (a lease). */
export interface MailboxStateTable {
  mailbox: string;
  uid_validity: number | null;
  last_uid: Generated<number>;
  lease_owner: string | null;
  lease_until: EpochMs | null;
}

/** An uploaded profile image, served from here by every server instance (docs/decisions/0015). */
export interface ProfileImagesTable {
  /** The account's users.profile_image: 32 random hex digits and .webp, never reused. */
  name: string;
  /** Deleting the account deletes the image (foreign key, on delete cascade). */
  user_id: number;
  content: Buffer;
  content_type: string;
  created_at: EpochMs;
}

/** The columns some kind stores (the definitions' fields), each null for the kinds that do not have it. */
type KindColumnNames = { [K in MessageKind]: keyof StoredColumnsByKind[K] }[MessageKind];
type KindColumns = { [C in KindColumnNames]: string | null };

/**
 * Every enquiry of every kind (issue 19, docs/decisions/0034): what every kind shares, and the columns of each
 * kind's own fields, null where a kind has no such field. The definitions (packages/shared, enquiry-kinds) say which
 * columns a kind uses, which make its name and preview and which the search reads.
 */
export interface EnquiriesTable extends KindColumns {
  /** Also the number of its reference: one series for every kind. */
  id: Generated<number>;
  kind: MessageKind;
  /** `RD-26-00123`. Written in the insert's transaction once the id is known. */
  reference: string;
  /** The id it had in its kind's own table before 0010 (older links and clients), null for later ones. */
  legacy_id: number | null;
  /** enquiryNameOf(kind, row): the person's name as a list row shows it. */
  name: string;
  email: string;
  phone: string;
  /** phoneSearchKey(phone): the digits a phone search compares, whichever way the number was written. */
  phone_key: string;
  /** enquiryPreviewOf(kind, row): what a list row shows of the message. */
  preview: string;
  /** enquirySearchTextOf(kind, row): what the inbox search looks in, without accents, in lower case (0008). */
  search_text: string;
  /** The follow-up; always one of statusesOf(kind). */
  status: Generated<EnquiryStatus>;
  /** The staff account that has it; no foreign key, so a gone account leaves an id nobody has. */
  assignee_id: number | null;
  /** Where it is in the staff inbox (issue 11): set on insert, spam when the defence caught it. */
  folder: InboxFolder;
  human_check: HumanCheckVerdict;
  /** Why the spam defence caught it (`honeypot`, `too-fast`); null for an enquiry from a person. */
  spam_reason: SpamReason | null;
  created_at: EpochMs;
  /** When it went to the trash; the purge counts from here. */
  trashed_at: EpochMs | null;
  /** Since when a customer's reply waits for our answer (issue 20); null when nothing waits. */
  waiting_since: Generated<EpochMs | null>;
  /**
   * When the kind's first-response target is reached, in business time from arrival (issue 21, migration 0017);
   * null for spam and for enquiries from before the upgrade (nobody is reminded of them).
   */
  response_due_at: Generated<EpochMs | null>;
  /** When the reminder at 75 % of the target is due, moved to the next opening (never outside business hours). */
  remind_at: Generated<EpochMs | null>;
  /** When the 75 % reminder was queued; set once, by the instance that claims it. */
  reminded_at: Generated<EpochMs | null>;
  /** When the breach escalation to owners was queued; set once. */
  escalated_at: Generated<EpochMs | null>;
  /** The first human answer on any channel: an e-mail from the app, or a WhatsApp message or call confirmed. */
  first_response_at: Generated<EpochMs | null>;
  first_response_channel: Generated<FirstResponseChannel | null>;
  /** The staff account that answered; no foreign key (a gone account stays a former colleague). */
  first_response_by: Generated<number | null>;
  /** Business time from arrival to the first answer, fixed when it was given (the calendar of that moment). */
  first_response_business_ms: Generated<number | null>;
  /** No reminders before this time. */
  snoozed_until: Generated<EpochMs | null>;
  /** 1: no reminders until the customer writes (a received reply sets it back to 0). */
  snoozed_until_reply: Generated<number>;
  /** The first-touch source of the visit (issue 21 item 5); null when none was carried (older clients). */
  source_class: Generated<SourceClass | null>;
  /** The referring site's host name (`www.google.com`), null for direct visits; nothing else of the referrer. */
  source_host: Generated<string | null>;
  utm_source: Generated<string | null>;
  utm_medium: Generated<string | null>;
  utm_campaign: Generated<string | null>;
  utm_term: Generated<string | null>;
  utm_content: Generated<string | null>;
}

export type SpamReason = 'honeypot' | 'too-fast';
/** `verified`: a correct answer to a question this server issued; `unverified`: a bare payload (older clients). */
export type HumanCheckVerdict = 'verified' | 'unverified';

/** Human-check tokens already accepted, kept until they would have expired anyway. */
export interface HumanCheckSpentTable {
  nonce: string;
  expires_at: EpochMs;
}

/** The first answer to each idempotency key of each form, returned again for a repeat within 24 hours. */
export interface IdempotencyKeysTable {
  scope: string;
  idempotency_key: string;
  status: number;
  /** The JSON answer. */
  answer: string;
  created_at: EpochMs;
}

/** A staff member has opened an enquiry (or marked it read); no row means unread for them. */
export interface EnquiryReadsTable {
  /** enquiries.id; deleting the enquiry deletes its reads. */
  enquiry_id: number;
  user_id: number;
  read_at: EpochMs;
}

/** An internal note on an enquiry, never shown to the visitor. */
export interface EnquiryNotesTable {
  id: Generated<number>;
  /** enquiries.id; deleting the enquiry deletes its notes. */
  enquiry_id: number;
  /** No foreign key: an id whose account is gone reads as "A former colleague". */
  author_id: number | null;
  body: string;
  created_at: EpochMs;
}

/** One change to an enquiry, as its history shows it: who, what (from and to, stored values) and when. */
export interface EnquiryEventsTable {
  id: Generated<number>;
  /** enquiries.id; deleting the enquiry deletes its history. */
  enquiry_id: number;
  actor_id: number | null;
  action: HistoryAction;
  from_value: string | null;
  to_value: string | null;
  created_at: EpochMs;
}

/** One sensitive action (issue 12): appended, never changed; owners read it. */
export interface AuditLogTable {
  id: Generated<number>;
  action: AuditAction;
  /** Null for what the server does by itself (the daily purge). */
  actor_id: number | null;
  /** The actor's address when they acted, kept when the account goes. */
  actor_email: string;
  /** What it was done to, in words ("contact RD-26-00012"). */
  target: string;
  /** A small JSON object: counts, filters; never a person's message. */
  detail: string;
  created_at: EpochMs;
  /** When the action was undone (docs/decisions/0044): the one change the log's entries get. */
  undone_at: EpochMs | null;
  /** Who undid it, by address as it was then. */
  undone_by: string | null;
}

/** An action that can be undone for a few seconds (docs/decisions/0044). */
export interface UndoActionsTable {
  id: Generated<number>;
  token: string;
  actor_id: number;
  audit_id: number | null;
  created_at: EpochMs;
  expires_at: EpochMs;
  undone_at: EpochMs | null;
}

/** One enquiry an undoable action changed: where it was and what it had, before and after. */
export interface UndoItemsTable {
  undo_id: number;
  /** enquiries.id; deleting the enquiry deletes this row. */
  enquiry_id: number;
  before_folder: InboxFolder;
  before_status: EnquiryStatus;
  before_trashed_at: EpochMs | null;
  after_folder: InboxFolder;
  after_status: EnquiryStatus;
  after_trashed_at: EpochMs | null;
}

/** A job that one instance runs once per Lagos day: the first to move last_run_on to today runs it. */
export interface ScheduledRunsTable {
  job: string;
  last_run_on: string;
  claimed_by: string | null;
  claimed_at: EpochMs | null;
  finished_at: EpochMs | null;
}

/** The business calendar (issue 21, migration 0016): one row, id 1, the owners' settings as JSON. */
export interface BusinessCalendarTable {
  id: number;
  settings: string;
  updated_by: number | null;
  updated_at: EpochMs;
}

/** A kind's first-response target in business minutes (issue 21); no row means the default of @agency/shared. */
export interface ResponseTargetsTable {
  kind: MessageKind;
  target_minutes: number;
  updated_by: number | null;
  updated_at: EpochMs;
}

/** One digest sent to one person on one Lagos day: the first instance to insert the row sends it. */
export interface DigestRunsTable {
  user_id: number;
  lagos_day: string;
  sent_at: EpochMs;
}

/** One piece of the site's content (issue 22, docs/decisions/0043): its draft and which version is live. */
export interface ContentItemsTable {
  id: Generated<number>;
  type: ContentType;
  slug: string;
  /** The draft's fields as JSON, valid by the type's schema in @agency/shared. */
  draft: string;
  draft_updated_at: EpochMs;
  draft_updated_by: number | null;
  published_version: number | null;
  published_at: EpochMs | null;
  scheduled_version: number | null;
  publish_at: EpochMs | null;
  position: Generated<number>;
  created_at: EpochMs;
  created_by: number | null;
  deleted_at: EpochMs | null;
}

/** A saved version of an item: what a publish, a schedule or a rollback points at. */
export interface ContentVersionsTable {
  id: Generated<number>;
  item_id: number;
  version: number;
  data: string;
  created_at: EpochMs;
  created_by: number | null;
}

/** An uploaded image: the original and its focal point; its variants are apart. */
export interface ContentImagesTable {
  id: string;
  width: number;
  height: number;
  focal_x: Generated<number>;
  focal_y: Generated<number>;
  original_type: string;
  original: Buffer;
  created_at: EpochMs;
  created_by: number | null;
}

/** One responsive variant (AVIF or WebP at one width) of an image. */
export interface ContentImageVariantsTable {
  image_id: string;
  format: 'avif' | 'webp';
  width: number;
  height: number;
  bytes: Buffer;
}

/** One row (id 1): the revision of what is published; each instance renders the pages again when it changes. */
export interface SiteStateTable {
  id: number;
  revision: number;
  updated_at: EpochMs;
}

/** Someone with an enquiry open in the dashboard, or writing a reply on it, until expires_at (docs/decisions/0046). */
export interface EnquiryPresenceTable {
  enquiry_id: number;
  user_id: number;
  activity: 'viewing' | 'replying';
  expires_at: EpochMs;
}

/** A browser form post's outcome, shown by the form's page after the redirect for 30 minutes (docs/decisions/0045). */
export interface FormOutcomesTable {
  /** SHA-256 (hex) of the outcome id in the redirect's address. */
  id: string;
  /** SHA-256 (hex) of the cookie of the browser that posted. */
  browser: string;
  kind: string;
  /** JSON: what the page shows (values typed are personal data: the row is deleted once expired). */
  state: string;
  created_at: EpochMs;
  expires_at: EpochMs;
}

/** Someone with an enquiry open in the dashboard, or writing a reply on it, until expires_at (docs/decisions/0046). */
export interface EnquiryPresenceTable {
  enquiry_id: number;
  user_id: number;
  activity: 'viewing' | 'replying';
  expires_at: EpochMs;
}

export interface Database {
  enquiries: EnquiriesTable;
  users: UsersTable;
  email_tokens: EmailTokensTable;
  sessions: SessionsTable;
  rate_limits: RateLimitsTable;
  installation: InstallationTable;
  outbox: OutboxTable;
  human_check_spent: HumanCheckSpentTable;
  form_outcomes: FormOutcomesTable;
  idempotency_keys: IdempotencyKeysTable;
  audit_log: AuditLogTable;
  scheduled_runs: ScheduledRunsTable;
  profile_images: ProfileImagesTable;
  enquiry_reads: EnquiryReadsTable;
  enquiry_notes: EnquiryNotesTable;
  enquiry_events: EnquiryEventsTable;
  enquiry_mails: EnquiryMailsTable;
  mail_attachments: MailAttachmentsTable;
  saved_replies: SavedRepliesTable;
  mailbox_state: MailboxStateTable;
  business_calendar: BusinessCalendarTable;
  response_targets: ResponseTargetsTable;
  digest_runs: DigestRunsTable;
  content_items: ContentItemsTable;
  content_versions: ContentVersionsTable;
  content_images: ContentImagesTable;
  content_image_variants: ContentImageVariantsTable;
  site_state: SiteStateTable;
  enquiry_presence: EnquiryPresenceTable;
  undo_actions: UndoActionsTable;
  undo_items: UndoItemsTable;
}
