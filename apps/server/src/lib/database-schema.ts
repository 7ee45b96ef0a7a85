import type { Generated } from 'kysely';

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

/** One row at most: whoever inserts it first is the installation's first (staff) account. */
export interface InstallationTable {
  id: number;
  first_user_id: number;
  claimed_at: EpochMs;
}

export interface WebDevMessagesTable {
  id: Generated<number>;
  firstname: string;
  surname: string;
  email: string;
  phone: string;
  schedule: string | null;
  training_type: string | null;
  occupation: string;
  state: string;
  referral: string;
  created_at: EpochMs;
}

export interface CreativeDesignMessagesTable {
  id: Generated<number>;
  firstname: string;
  surname: string;
  email: string;
  phone: string;
  schedule: string | null;
  occupation: string;
  state: string;
  referral: string;
  created_at: EpochMs;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string;
  message: string;
  created_at: EpochMs;
}

export interface RequestQuoteMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string;
  location: string;
  project_description: string;
  /** JSON array of strings. */
  services: string;
  created_at: EpochMs;
}

export interface Database {
  users: UsersTable;
  email_tokens: EmailTokensTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  installation: InstallationTable;
  web_dev_messages: WebDevMessagesTable;
  creative_design_messages: CreativeDesignMessagesTable;
  contact_messages: ContactMessagesTable;
  request_quote_messages: RequestQuoteMessagesTable;
}
