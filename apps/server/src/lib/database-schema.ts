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

export interface LoginFailuresTable {
  id: Generated<number>;
  scope: 'email' | 'ip';
  subject: string;
  failed_at: EpochMs;
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

/**
 * An enquiry table: the columns its kind's definition stores (packages/shared, enquiry-kinds), plus id and the
 * time it arrived. The four tables are named by the definitions too, so the two cannot drift apart.
 */
type MessageTable<K extends MessageKind> = StoredColumnsByKind[K] & { id: Generated<number>; created_at: EpochMs };

type MessageTables = { [K in MessageKind as (typeof ENQUIRY_KINDS)[K]['table']]: MessageTable<K> };

export type MessageTableName = keyof MessageTables;

export interface Database extends MessageTables {
  users: UsersTable;
  email_tokens: EmailTokensTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  installation: InstallationTable;
}
