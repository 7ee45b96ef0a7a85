import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ACCOUNT_RULES, BRAND_NAME, RETENTION_DAYS } from '@agency/shared';
import { parseAllowlist, type Allowlist } from './allowlist';
import { parseRateLimit, type RateLimit } from './rate-limit';

export const DEFAULT_MAIL_FROM = `"${BRAND_NAME}" <no-reply@rendezvousdigital.ng>`;
const SESSION_SECRET_FILE = 'session-secret';
/** Far longer than the work for a known address takes, so the answer's time tells nothing. */
export const RESET_ANSWER_MS = 250;
const SESSION_SECRET_MIN_LENGTH = 32;

export interface AppConfig {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** REPLY_TO_ADDRESS: where visitors' answers to the auto-reply go (MAIL_FROM when unset). */
  replyTo: string;
  /** STAFF_NOTIFY_EMAIL's addresses; empty = every staff account is notified. */
  staffNotifyEmails: string[];
  /** First retry of a mail the SMTP server did not accept, doubling with each try. */
  mailRetryBaseMs: number;
  /** How long a sender holds a claimed mail before another may take it over. */
  mailLeaseMs: number;
  appUrl: string;
  sessionSecret: string;
  adminAllowlist: Allowlist;
  trustProxy: boolean | number | string | undefined;
  isProduction: boolean;
  bcryptCost: number;
  /** Every reset answer takes this long, known address or not (docs/decisions/0013). */
  resetAnswerMs: number;
  /** The abuse limits (docs/decisions/0014); each is off when it has no window. */
  limits: AbuseLimits;
  /** REQUIRE_HUMAN_CHECK=true: a submission without the human check is refused instead of filed as unverified. */
  requireHumanCheck: boolean;
  /** CORS_ORIGINS: other origins whose front ends may call the API with credentials (none by default). */
  corsOrigins: string[];
  /** RETENTION_DAYS: enquiries older than this many days are purged daily (docs/decisions/0022). */
  retentionDays: number;
  /** FORM_REFUSAL_DELAY_MS: how long the 429 to a client refused from memory is held back (a flood's tarpit). */
  formRefusalDelayMs: number;
  /** IMAP_URL: the mailbox whose mails become conversations (docs/decisions/0036); unset = no IMAP polling. */
  imap: ImapMailbox | undefined;
  /** IMAP_POLL_SECONDS: how often the mailbox is read. */
  imapPollMs: number;
  /** The inbound-mail webhook and the limits on what a received mail stores (docs/decisions/0036). */
  inboundMail: InboundMailConfig;
}

/** INBOUND_MAIL_*: who may post received mail to /api/inbound-mail, and how much of it is kept. */
export interface InboundMailConfig {
  /** INBOUND_MAIL_SECRET: the webhook's bearer token; unset = the webhook is off (404). */
  secret: string | undefined;
  /** INBOUND_MAIL_MAX_BYTES: the largest raw message stored (the webhook answers 413, the IMAP poller passes it over). */
  maxBytes: number;
  /** INBOUND_ATTACHMENT_MAX_BYTES: a larger attachment is not stored apart (the raw message keeps it). */
  attachmentMaxBytes: number;
  /** INBOUND_ATTACHMENTS_MAX_BYTES: the attachments of one mail stored apart, together, at most. */
  attachmentsTotalMaxBytes: number;
}

/** The mailbox IMAP_URL names: `imaps://user:pass@host:993/INBOX`, user and password URL-encoded. */
export interface ImapMailbox {
  host: string;
  port: number;
  /** imaps: TLS from the first byte; imap: plain, upgraded with STARTTLS when the server offers it. */
  secure: boolean;
  user: string;
  password: string;
  /** The URL's path, decoded; INBOX when it has none. */
  mailbox: string;
}

/** IMAP_URL read into its parts, or a reason it cannot be. */
export function parseImapUrl(value: string): ImapMailbox | string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must look like imaps://user:pass@host:993/INBOX';
  }
  if (url.protocol !== 'imap:' && url.protocol !== 'imaps:') return 'must start with imap:// or imaps://';
  if (!url.hostname) return 'must name a host, as in imaps://user:pass@host:993/INBOX';
  if (!url.username || !url.password) return 'must carry the user and password, as in imaps://user:pass@host/INBOX';
  if (url.search || url.hash) return 'must not have a query or fragment';
  let user: string;
  let password: string;
  let mailbox: string;
  try {
    user = decodeURIComponent(url.username);
    password = decodeURIComponent(url.password);
    mailbox = decodeURIComponent(url.pathname.replace(/^\/+/, '').replace(/\/+$/, ''));
  } catch {
    return 'has a bad %-escape in the user, password or mailbox';
  }
  const secure = url.protocol === 'imaps:';
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : secure ? 993 : 143,
    secure,
    user,
    password,
    mailbox: mailbox || 'INBOX',
  };
}

export interface AbuseLimits {
  /** LOGIN_LIMIT_PER_ADDRESS: sign-in attempts by one client address for one account. */
  loginPerAddress: RateLimit;
  /** LOGIN_LIMIT_PER_ACCOUNT: sign-in attempts for one account from all addresses together. */
  loginPerAccount: RateLimit;
  /** REGISTER_LIMIT: registrations by one client address (an office shares one: docs/decisions/0048). */
  register: RateLimit;
  /** REGISTER_LIMIT_PER_EMAIL: registrations for one e-mail address, from any client address. */
  registerPerEmail: RateLimit;
  /** RESET_MAIL_LIMIT: reset mails to one e-mail address. */
  resetMail: RateLimit;
  /** RESET_REQUEST_LIMIT: reset requests by one client address. */
  resetRequest: RateLimit;
  /** FORM_RATE_LIMIT: submissions of one public form by one client address. */
  form: RateLimit;
}

/** A second: a flood's connections each get one answer a second, well within a client's usual 10 s timeout. */
const DEFAULT_FORM_REFUSAL_DELAY_MS = 1_000;
const MAX_FORM_REFUSAL_DELAY_MS = 10_000;

export const DEFAULT_LIMITS: AbuseLimits = {
  loginPerAddress: parseRateLimit('10/15m'),
  // ASVS 6.3.1: no more than 100 failed attempts an hour on one account.
  loginPerAccount: parseRateLimit('100/1h'),
  // An office of 20 registers in one morning from one address; one address still cannot flood (0048).
  register: parseRateLimit('30/1h,100/1d'),
  registerPerEmail: parseRateLimit('5/1h'),
  resetMail: parseRateLimit('3/1h'),
  resetRequest: parseRateLimit('20/1h'),
  form: parseRateLimit('5/1m,30/1h'),
};

/** One address, bare or with a display name: `hello@x.ng` or `"Name" <hello@x.ng>`, on one line. */
function isMailbox(value: string): boolean {
  if (/[\r\n]/.test(value)) return false;
  const address = /^[^<>]*<([^<>]+)>$/.exec(value)?.[1] ?? value;
  return z.email().safeParse(address).success;
}

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** A whole number of seconds, at least `min`, with a default when unset. */
const wholeSeconds = (fallback: number, min: number) =>
  optionalText
    .refine((value) => value === undefined || (/^\d+$/.test(value) && Number(value) >= min), {
      message: `must be a whole number of seconds, at least ${min}`,
    })
    .transform((value) => (value === undefined ? fallback : Number(value)) * 1000);

/** A whole number of bytes, at least `min`, with a default when unset. */
const wholeBytes = (fallback: number, min: number) =>
  optionalText
    .refine((value) => value === undefined || (/^\d+$/.test(value) && Number(value) >= min), {
      message: `must be a whole number of bytes, at least ${min}`,
    })
    .transform((value) => (value === undefined ? fallback : Number(value)));

/** A rate-limit variable in the one format of config/rate-limit.ts, `fallback` when unset. */
const rateLimit = (fallback: RateLimit) =>
  optionalText.transform((value, ctx): RateLimit => {
    if (value === undefined) return fallback;
    try {
      return parseRateLimit(value);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  });

const EnvSchema = z.object({
  NODE_ENV: optionalText,
  PORT: optionalText
    .refine(
      (value) => value === undefined || (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 65535),
      'must be a whole number between 1 and 65535',
    )
    .transform((value) => (value === undefined ? 3000 : Number(value))),
  DATA_DIR: optionalText,
  DATABASE_URL: optionalText.refine(
    (value) => value === undefined || /^(mysql|mariadb):\/\/[^/]+\/[^/?]+/.test(value),
    'must look like mysql://user:pass@host:3306/database',
  ),
  SMTP_URL: optionalText.refine(
    (value) => value === undefined || /^smtps?:\/\/[^/]+/.test(value),
    'must start with smtp:// or smtps://',
  ),
  MAIL_FROM: optionalText.refine((value) => value === undefined || !/[\r\n]/.test(value), 'must be one line'),
  REPLY_TO_ADDRESS: optionalText.refine(
    (value) => value === undefined || isMailbox(value),
    'must be one e-mail address, such as hello@rendezvousdigital.ng or "Rendezvous Digital" <hello@rendezvousdigital.ng>',
  ),
  STAFF_NOTIFY_EMAIL: optionalText.transform((value, ctx) => {
    const addresses = (value ?? '')
      .split(',')
      .map((address) => address.trim().toLowerCase())
      .filter(Boolean);
    if (addresses.some((address) => !z.email().safeParse(address).success)) {
      ctx.addIssue({ code: 'custom', message: 'must be e-mail addresses separated by commas' });
    }
    return addresses;
  }),
  MAIL_RETRY_BASE_SECONDS: wholeSeconds(60, 1),
  MAIL_LEASE_SECONDS: wholeSeconds(120, 5),
  APP_URL: optionalText.refine(
    (value) => value === undefined || /^https?:\/\/[^/]+/.test(value),
    'must be an http:// or https:// URL',
  ),
  SESSION_SECRET: optionalText.refine(
    (value) => value === undefined || value.length >= SESSION_SECRET_MIN_LENGTH,
    `must be at least ${SESSION_SECRET_MIN_LENGTH} characters`,
  ),
  ADMIN_SIGNUP_ALLOWLIST: optionalText,
  TRUST_PROXY: optionalText,
  LOGIN_LIMIT_PER_ADDRESS: rateLimit(DEFAULT_LIMITS.loginPerAddress),
  LOGIN_LIMIT_PER_ACCOUNT: rateLimit(DEFAULT_LIMITS.loginPerAccount),
  REGISTER_LIMIT: rateLimit(DEFAULT_LIMITS.register),
  REGISTER_LIMIT_PER_EMAIL: rateLimit(DEFAULT_LIMITS.registerPerEmail),
  RESET_MAIL_LIMIT: rateLimit(DEFAULT_LIMITS.resetMail),
  RESET_REQUEST_LIMIT: rateLimit(DEFAULT_LIMITS.resetRequest),
  FORM_RATE_LIMIT: rateLimit(DEFAULT_LIMITS.form),
  FORM_REFUSAL_DELAY_MS: optionalText
    .refine(
      (value) => value === undefined || (/^\d+$/.test(value) && Number(value) <= MAX_FORM_REFUSAL_DELAY_MS),
      `must be a whole number of milliseconds from 0 to ${MAX_FORM_REFUSAL_DELAY_MS}`,
    )
    .transform((value) => (value === undefined ? DEFAULT_FORM_REFUSAL_DELAY_MS : Number(value))),
  CORS_ORIGINS: optionalText.transform((value, ctx) => {
    const origins = (value ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean);
    for (const origin of origins) {
      let parsed: URL | undefined;
      try {
        parsed = new URL(origin);
      } catch {
        parsed = undefined;
      }
      if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin) {
        ctx.addIssue({ code: 'custom', message: `must be origins like https://app.example.ng, not "${origin}"` });
      }
    }
    return origins;
  }),
  REQUIRE_HUMAN_CHECK: optionalText.refine(
    (value) => value === undefined || value === 'true' || value === 'false',
    'must be true or false',
  ),
  IMAP_URL: optionalText.transform((value, ctx): ImapMailbox | undefined => {
    if (value === undefined) return undefined;
    const parsed = parseImapUrl(value);
    if (typeof parsed === 'string') {
      ctx.addIssue({ code: 'custom', message: parsed });
      return z.NEVER;
    }
    return parsed;
  }),
  IMAP_POLL_SECONDS: wholeSeconds(60, 5),
  INBOUND_MAIL_SECRET: optionalText.refine(
    (value) => value === undefined || value.length >= 32,
    'must be at least 32 characters (openssl rand -hex 32)',
  ),
  INBOUND_MAIL_MAX_BYTES: wholeBytes(10 * 1024 * 1024, 1024),
  INBOUND_ATTACHMENT_MAX_BYTES: wholeBytes(5 * 1024 * 1024, 0),
  INBOUND_ATTACHMENTS_MAX_BYTES: wholeBytes(10 * 1024 * 1024, 0),
  // Never below the trash and spam period: the privacy notice promises no enquiry is kept shorter than it says.
  RETENTION_DAYS: optionalText
    .refine(
      // At most what the privacy notice promises visitors: keeping longer needs a new notice (packages/shared).
      (value) =>
        value === undefined ||
        (/^\d+$/.test(value) &&
          Number(value) >= RETENTION_DAYS.TRASH_AND_SPAM &&
          Number(value) <= RETENTION_DAYS.ENQUIRIES),
      `must be a whole number of days from ${RETENTION_DAYS.TRASH_AND_SPAM} to ${RETENTION_DAYS.ENQUIRIES} (the privacy notice's period)`,
    )
    .transform((value) => (value === undefined ? RETENTION_DAYS.ENQUIRIES : Number(value))),
});

export class ConfigError extends Error {}

/** Trust-proxy values that believe every X-Forwarded-For entry, whoever wrote it: `true` and the whole Internet. */
const TRUSTS_EVERY_PROXY = new Set(['0.0.0.0/0', '::/0']);

/**
 * The warning the server logs at start when TRUST_PROXY trusts every proxy (issue 17): then the client address is
 * whatever the client writes first in X-Forwarded-For, and every per-address limit (sign-in, registration, reset,
 * forms) can be passed by changing it. A hop count (1 behind one proxy) or the proxy's addresses are safe.
 */
export function trustProxyWarning(trustProxy: AppConfig['trustProxy']): string | undefined {
  const trustsEveryone =
    trustProxy === true ||
    (typeof trustProxy === 'string' && trustProxy.split(',').some((entry) => TRUSTS_EVERY_PROXY.has(entry.trim())));
  if (!trustsEveryone) return undefined;
  return 'TRUST_PROXY trusts every proxy: a client can write any address into X-Forwarded-For and pass every per-address limit (sign-in, registration, password reset, forms); set it to the number of proxies in front of the server (1 behind one) or to their addresses';
}

function parseTrustProxy(value: string | undefined): AppConfig['trustProxy'] {
  if (value === undefined) return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** Outside production the secret is generated once and kept in DATA_DIR, so sessions survive restarts. */
function readOrCreateSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, SESSION_SECRET_FILE);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= SESSION_SECRET_MIN_LENGTH) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Parses the environment; throws a ConfigError whose message is one line naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(`${String(issue.path[0])} ${issue.message}`);
  }
  let adminAllowlist: Allowlist = { emails: new Set(), domains: new Set() };
  try {
    adminAllowlist = parseAllowlist(env.ADMIN_SIGNUP_ALLOWLIST ?? '');
  } catch (error) {
    problems.push(`ADMIN_SIGNUP_ALLOWLIST ${(error as Error).message}`);
  }
  const isProduction = env.NODE_ENV === 'production';
  if (isProduction && !env.SESSION_SECRET?.trim()) {
    problems.push('SESSION_SECRET is required when NODE_ENV=production');
  }
  if (problems.length > 0 || !parsed.success) {
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const values = parsed.data;
  const dataDir = path.resolve(cwd, values.DATA_DIR ?? 'data');
  const appUrl = (values.APP_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, '');
  return {
    port: values.PORT,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM ?? DEFAULT_MAIL_FROM,
    replyTo: values.REPLY_TO_ADDRESS ?? values.MAIL_FROM ?? DEFAULT_MAIL_FROM,
    staffNotifyEmails: values.STAFF_NOTIFY_EMAIL,
    mailRetryBaseMs: values.MAIL_RETRY_BASE_SECONDS,
    mailLeaseMs: values.MAIL_LEASE_SECONDS,
    appUrl,
    sessionSecret: values.SESSION_SECRET ?? readOrCreateSessionSecret(dataDir),
    adminAllowlist,
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    isProduction,
    bcryptCost: ACCOUNT_RULES.BCRYPT_COST,
    resetAnswerMs: RESET_ANSWER_MS,
    limits: {
      loginPerAddress: values.LOGIN_LIMIT_PER_ADDRESS,
      loginPerAccount: values.LOGIN_LIMIT_PER_ACCOUNT,
      register: values.REGISTER_LIMIT,
      registerPerEmail: values.REGISTER_LIMIT_PER_EMAIL,
      resetMail: values.RESET_MAIL_LIMIT,
      resetRequest: values.RESET_REQUEST_LIMIT,
      form: values.FORM_RATE_LIMIT,
    },
    requireHumanCheck: values.REQUIRE_HUMAN_CHECK === 'true',
    corsOrigins: values.CORS_ORIGINS,
    retentionDays: values.RETENTION_DAYS,
    formRefusalDelayMs: values.FORM_REFUSAL_DELAY_MS,
    imap: values.IMAP_URL,
    imapPollMs: values.IMAP_POLL_SECONDS,
    inboundMail: {
      secret: values.INBOUND_MAIL_SECRET,
      maxBytes: values.INBOUND_MAIL_MAX_BYTES,
      attachmentMaxBytes: values.INBOUND_ATTACHMENT_MAX_BYTES,
      attachmentsTotalMaxBytes: values.INBOUND_ATTACHMENTS_MAX_BYTES,
    },
  };
}
