import type { Generated } from 'kysely';
import type { ENQUIRY_KINDS, MessageKind, StoredColumnsByKind } from '@agency/shared';

/** Times are stored as epoch milliseconds (UTC by definition, identical on SQLite and MySQL). */
export type EpochMs = number;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  profile_image: string;
  is_staff: number;
  confirmed_at: EpochMs | null;
  created_at: EpochMs;
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
export type MailPurpose = 'confirm' | 'reset' | 'account-exists' | 'staff-notification' | 'auto-reply';

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

/**
 * An enquiry table: the columns its kind's definition stores (packages/shared, enquiry-kinds), plus id and the
 * time it arrived. The four tables are named by the definitions too, so the two cannot drift apart.
 */
/** What every enquiry has besides its kind's fields (issue 10, docs/decisions/0018). */
export interface EnquiryCommonColumns {
  id: Generated<number>;
  created_at: EpochMs;
  /** `RD-26-00123`: the number comes from enquiry_numbers, one series for the four kinds. */
  reference: string;
  /** Why the spam defence caught it (`honeypot`, `too-fast`); null for an enquiry from a person. */
  spam_reason: SpamReason | null;
  human_check: HumanCheckVerdict;
}

export type SpamReason = 'honeypot' | 'too-fast';
/** `verified`: a correct answer to a question this server issued; `unverified`: a bare payload (older clients). */
export type HumanCheckVerdict = 'verified' | 'unverified';

type MessageTable<K extends MessageKind> = StoredColumnsByKind[K] & EnquiryCommonColumns;

export interface EnquiryNumbersTable {
  id: Generated<number>;
  kind: MessageKind;
  created_at: EpochMs;
}

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

type MessageTables = { [K in MessageKind as (typeof ENQUIRY_KINDS)[K]['table']]: MessageTable<K> };

export type MessageTableName = keyof MessageTables;

export interface Database extends MessageTables {
  users: UsersTable;
  email_tokens: EmailTokensTable;
  sessions: SessionsTable;
  rate_limits: RateLimitsTable;
  installation: InstallationTable;
  outbox: OutboxTable;
  enquiry_numbers: EnquiryNumbersTable;
  human_check_spent: HumanCheckSpentTable;
  idempotency_keys: IdempotencyKeysTable;
  profile_images: ProfileImagesTable;
}
