import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isAllowlisted, parseAllowlist } from './allowlist';
import { ConfigError, DEFAULT_LIMITS, DEFAULT_MAIL_FROM, loadConfig, parseImapUrl } from './config';
import { parseRateLimit, RATE_LIMIT_OFF } from './rate-limit';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'rd-config-'));
  dirs.push(dir);
  return dir;
};

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('configuration', () => {
  it('defaults to port 3000, ./data, SQLite, the outbox and APP_URL on localhost', () => {
    const cwd = tempDir();
    const config = loadConfig({}, cwd);
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.join(cwd, 'data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.isProduction).toBe(false);
    expect(config.bcryptCost).toBe(12);
  });

  it('outside production the session secret is generated once and kept in DATA_DIR', () => {
    const cwd = tempDir();
    const first = loadConfig({}, cwd);
    const secretFile = path.join(cwd, 'data', 'session-secret');
    expect(existsSync(secretFile)).toBe(true);
    expect(readFileSync(secretFile, 'utf8')).toBe(first.sessionSecret);
    expect(loadConfig({}, cwd).sessionSecret).toBe(first.sessionSecret);
  });

  it('NODE_ENV=production without SESSION_SECRET refuses to start', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' }, tempDir())).toThrow(
      /SESSION_SECRET is required when NODE_ENV=production/,
    );
  });

  it('names every bad variable on one line', () => {
    let message = '';
    try {
      loadConfig(
        { PORT: 'eighty', DATABASE_URL: 'postgres://x/y', STAFF_NOTIFY_EMAIL: 'nobody', APP_URL: 'localhost' },
        tempDir(),
      );
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message.split('\n')).toHaveLength(1);
    for (const name of ['PORT', 'DATABASE_URL', 'STAFF_NOTIFY_EMAIL', 'APP_URL']) expect(message).toContain(name);
  });

  it('reads every documented variable', () => {
    const config = loadConfig(
      {
        NODE_ENV: 'production',
        PORT: '8080',
        DATA_DIR: '/srv/agency',
        DATABASE_URL: 'mysql://agency:pw@db:3306/agency',
        SMTP_URL: 'smtps://user:pw@mail.example.ng:465',
        MAIL_FROM: 'Agency <hello@example.ng>',
        STAFF_NOTIFY_EMAIL: 'staff@example.ng, Boss@Example.ng',
        MAIL_RETRY_BASE_SECONDS: '30',
        MAIL_LEASE_SECONDS: '90',
        APP_URL: 'https://www.example.ng/',
        SESSION_SECRET: 'x'.repeat(40),
        ADMIN_SIGNUP_ALLOWLIST: 'boss@example.ng,@example.ng',
        TRUST_PROXY: '1',
        LOGIN_LIMIT_PER_ADDRESS: '5/1m,30/1h',
        LOGIN_LIMIT_PER_ACCOUNT: '50/1h',
        REGISTER_LIMIT: 'off',
        RESET_MAIL_LIMIT: '2/1d',
        RESET_REQUEST_LIMIT: ' 10/30m ',
        RETENTION_DAYS: '365',
        FORM_REFUSAL_DELAY_MS: '250',
      },
      tempDir(),
    );
    expect(config).toMatchObject({
      port: 8080,
      retentionDays: 365,
      formRefusalDelayMs: 250,
      dataDir: '/srv/agency',
      databaseUrl: 'mysql://agency:pw@db:3306/agency',
      smtpUrl: 'smtps://user:pw@mail.example.ng:465',
      mailFrom: 'Agency <hello@example.ng>',
      staffNotifyEmails: ['staff@example.ng', 'boss@example.ng'],
      mailRetryBaseMs: 30_000,
      mailLeaseMs: 90_000,
      appUrl: 'https://www.example.ng',
      sessionSecret: 'x'.repeat(40),
      trustProxy: 1,
      isProduction: true,
      limits: {
        loginPerAddress: [
          { points: 5, seconds: 60 },
          { points: 30, seconds: 3600 },
        ],
        loginPerAccount: [{ points: 50, seconds: 3600 }],
        register: [],
        resetMail: [{ points: 2, seconds: 86_400 }],
        resetRequest: [{ points: 10, seconds: 1800 }],
      },
    });
  });

  it('holds a refusal from memory back a second unless FORM_REFUSAL_DELAY_MS says otherwise, up to 10 s', () => {
    expect(loadConfig({}, tempDir()).formRefusalDelayMs).toBe(1000);
    expect(loadConfig({ FORM_REFUSAL_DELAY_MS: '0' }, tempDir()).formRefusalDelayMs).toBe(0);
    for (const value of ['10001', '-1', '1.5', 'a second']) {
      expect(() => loadConfig({ FORM_REFUSAL_DELAY_MS: value }, tempDir()), value).toThrow(
        /^Invalid configuration: FORM_REFUSAL_DELAY_MS must be a whole number of milliseconds from 0 to 10000$/,
      );
    }
  });

  it('keeps enquiries for 730 days unless RETENTION_DAYS says fewer, never fewer than 30 nor more than the notice', () => {
    expect(loadConfig({}, tempDir()).retentionDays).toBe(730);
    expect(loadConfig({ RETENTION_DAYS: '30' }, tempDir()).retentionDays).toBe(30);
    expect(loadConfig({ RETENTION_DAYS: '730' }, tempDir()).retentionDays).toBe(730);
    for (const value of ['29', '0', '731', '3650', 'two years', '365.5', '-400']) {
      expect(() => loadConfig({ RETENTION_DAYS: value }, tempDir()), value).toThrow(
        /^Invalid configuration: RETENTION_DAYS must be a whole number of days from 30 to 730 \(the privacy notice's period\)$/,
      );
    }
  });

  it('mail timings default to a minute before the first retry and a two-minute lease', () => {
    expect(loadConfig({}, tempDir())).toMatchObject({
      staffNotifyEmails: [],
      mailRetryBaseMs: 60_000,
      mailLeaseMs: 120_000,
    });
  });

  it('a mail timing that is not a whole number of seconds, or a lease under 5 s, is named', () => {
    expect(() => loadConfig({ MAIL_RETRY_BASE_SECONDS: '1e3' }, tempDir())).toThrow(/MAIL_RETRY_BASE_SECONDS/);
    expect(() => loadConfig({ MAIL_LEASE_SECONDS: '2' }, tempDir())).toThrow(/MAIL_LEASE_SECONDS/);
    expect(() => loadConfig({ STAFF_NOTIFY_EMAIL: 'a@example.ng, nobody' }, tempDir())).toThrow(/STAFF_NOTIFY_EMAIL/);
  });

  it('a bad allowlist entry is named', () => {
    expect(() => loadConfig({ ADMIN_SIGNUP_ALLOWLIST: 'boss@example.ng, not an entry' }, tempDir())).toThrow(
      /ADMIN_SIGNUP_ALLOWLIST/,
    );
  });
});

describe('abuse limits', () => {
  it('default to 10/15m per address and account, 100/1h per account, 30/1h and 100/1d registrations per address, 5/1h per e-mail, 3/1h reset mails, 20/1h reset requests and 5/1m,30/1h per form', () => {
    expect(loadConfig({}, tempDir()).limits).toEqual({
      loginPerAddress: [{ points: 10, seconds: 900 }],
      loginPerAccount: [{ points: 100, seconds: 3600 }],
      register: [
        { points: 30, seconds: 3600 },
        { points: 100, seconds: 86400 },
      ],
      registerPerEmail: [{ points: 5, seconds: 3600 }],
      resetMail: [{ points: 3, seconds: 3600 }],
      resetRequest: [{ points: 20, seconds: 3600 }],
      form: [
        { points: 5, seconds: 60 },
        { points: 30, seconds: 3600 },
      ],
    });
    expect(loadConfig({ REGISTER_LIMIT: '' }, tempDir()).limits).toEqual(DEFAULT_LIMITS);
    expect(loadConfig({ FORM_RATE_LIMIT: 'off' }, tempDir()).limits.form).toEqual([]);
    expect(loadConfig({ REGISTER_LIMIT_PER_EMAIL: '2/1d' }, tempDir()).limits.registerPerEmail).toEqual([
      { points: 2, seconds: 86400 },
    ]);
    expect(loadConfig({ REQUIRE_HUMAN_CHECK: 'true' }, tempDir()).requireHumanCheck).toBe(true);
    expect(() => loadConfig({ REQUIRE_HUMAN_CHECK: 'yes' }, tempDir())).toThrow(/REQUIRE_HUMAN_CHECK/);
  });

  it('share one format: N/duration pairs in seconds, minutes, hours or days, or off in any case', () => {
    expect(parseRateLimit('5/1m,30/1h')).toEqual([
      { points: 5, seconds: 60 },
      { points: 30, seconds: 3600 },
    ]);
    expect(parseRateLimit('1/30s , 100/7d')).toEqual([
      { points: 1, seconds: 30 },
      { points: 100, seconds: 604_800 },
    ]);
    expect(parseRateLimit('OFF')).toBe(RATE_LIMIT_OFF);
  });

  it.each(['10', '10/15', '10/15x', '0/1m', '10/0m', 'ten/1m', '10/1m,', '5/1m,6/60s', '5/8d', '-1/1m', '1e2/1m'])(
    'a limit written %j stops the start with the variable named',
    (value) => {
      expect(() => loadConfig({ LOGIN_LIMIT_PER_ADDRESS: value }, tempDir())).toThrow(
        /LOGIN_LIMIT_PER_ADDRESS must be N\/duration pairs/,
      );
    },
  );

  it('every bad limit variable is named on the one line', () => {
    expect(() =>
      loadConfig(
        { LOGIN_LIMIT_PER_ACCOUNT: 'x', REGISTER_LIMIT: 'x', RESET_MAIL_LIMIT: 'x', RESET_REQUEST_LIMIT: 'x' },
        tempDir(),
      ),
    ).toThrow(/LOGIN_LIMIT_PER_ACCOUNT .*REGISTER_LIMIT .*RESET_MAIL_LIMIT .*RESET_REQUEST_LIMIT /);
  });
});

describe('REPLY_TO_ADDRESS', () => {
  it('is MAIL_FROM when unset, and the address given otherwise', () => {
    expect(loadConfig({}, tempDir()).replyTo).toBe(DEFAULT_MAIL_FROM);
    expect(loadConfig({ MAIL_FROM: 'Agency <no-reply@example.ng>' }, tempDir()).replyTo).toBe(
      'Agency <no-reply@example.ng>',
    );
    expect(loadConfig({ REPLY_TO_ADDRESS: ' hello@example.ng ' }, tempDir()).replyTo).toBe('hello@example.ng');
    expect(loadConfig({ REPLY_TO_ADDRESS: '"Agency" <hello@example.ng>' }, tempDir()).replyTo).toBe(
      '"Agency" <hello@example.ng>',
    );
  });

  it.each(['hello', 'hello@', 'a@b.ng, c@d.ng', 'Agency <hello>', 'hello@example.ng\nBcc: x@y.ng'])(
    'written %j stops the start with one line that names it',
    (value) => {
      expect(() => loadConfig({ REPLY_TO_ADDRESS: value }, tempDir())).toThrow(
        /^Invalid configuration: REPLY_TO_ADDRESS must be one e-mail address[^\n]*$/,
      );
    },
  );
});

describe('IMAP_URL and IMAP_POLL_SECONDS', () => {
  it('are off by default, polled every 60 s once set', () => {
    const config = loadConfig({}, tempDir());
    expect(config.imap).toBeUndefined();
    expect(config.imapPollMs).toBe(60_000);
    expect(loadConfig({ IMAP_POLL_SECONDS: '15' }, tempDir()).imapPollMs).toBe(15_000);
  });

  it('reads the host, port, TLS, encoded user and password, and the mailbox (INBOX by default)', () => {
    expect(
      loadConfig({ IMAP_URL: 'imaps://hello%40agency.ng:p%40ss%3Aw%2Fd@mail.agency.ng/' }, tempDir()).imap,
    ).toEqual({
      host: 'mail.agency.ng',
      port: 993,
      secure: true,
      user: 'hello@agency.ng',
      password: 'p@ss:w/d',
      mailbox: 'INBOX',
    });
    expect(parseImapUrl('imap://u:p@127.0.0.1:1143/Customers%20Replies')).toEqual({
      host: '127.0.0.1',
      port: 1143,
      secure: false,
      user: 'u',
      password: 'p',
      mailbox: 'Customers Replies',
    });
    expect(parseImapUrl('imap://u:p@[::1]/INBOX')).toMatchObject({ host: '::1', port: 143 });
  });

  it.each([
    ['http://u:p@mail.agency.ng/INBOX', /IMAP_URL must start with imap:\/\/ or imaps:\/\//],
    ['mail.agency.ng', /IMAP_URL must look like imaps:\/\/user:pass@host:993\/INBOX/],
    ['imaps://mail.agency.ng/INBOX', /IMAP_URL must carry the user and password/],
    ['imaps://u:p@mail.agency.ng/INBOX?x=1', /IMAP_URL must not have a query/],
    ['imaps://u:%E0%A4%A@mail.agency.ng/', /IMAP_URL has a bad %-escape/],
  ])('IMAP_URL=%j stops the start with one line that names it', (value, message) => {
    expect(() => loadConfig({ IMAP_URL: value }, tempDir())).toThrow(message);
  });

  it('refuses a poll interval under 5 s', () => {
    expect(() => loadConfig({ IMAP_POLL_SECONDS: '1' }, tempDir())).toThrow(/IMAP_POLL_SECONDS must be a whole number/);
  });
});

describe('the staff allowlist', () => {
  it('matches listed e-mails and @domains, case-insensitively, and nothing else', () => {
    const allowlist = parseAllowlist('Boss@Example.ng, @agency.test');
    expect(isAllowlisted(allowlist, 'boss@example.ng')).toBe(true);
    expect(isAllowlisted(allowlist, 'ANYONE@agency.test')).toBe(true);
    expect(isAllowlisted(allowlist, 'someone@example.ng')).toBe(false);
    expect(isAllowlisted(allowlist, 'x@evilagency.test')).toBe(false);
    expect(isAllowlisted(allowlist, 'x@agency.test.evil.ng')).toBe(false);
  });
});

describe('INBOUND_MAIL_SECRET and the inbound limits', () => {
  it('leave the webhook off by default, with 10 MB messages and 5 MB / 10 MB attachments', () => {
    const config = loadConfig({}, tempDir());
    expect(config.inboundMail).toEqual({
      secret: undefined,
      maxBytes: 10 * 1024 * 1024,
      attachmentMaxBytes: 5 * 1024 * 1024,
      attachmentsTotalMaxBytes: 10 * 1024 * 1024,
    });
  });

  it('reads the secret and the limits', () => {
    const secret = 'a'.repeat(40);
    const config = loadConfig(
      {
        INBOUND_MAIL_SECRET: secret,
        INBOUND_MAIL_MAX_BYTES: '2048',
        INBOUND_ATTACHMENT_MAX_BYTES: '100',
        INBOUND_ATTACHMENTS_MAX_BYTES: '300',
      },
      tempDir(),
    );
    expect(config.inboundMail).toEqual({
      secret,
      maxBytes: 2048,
      attachmentMaxBytes: 100,
      attachmentsTotalMaxBytes: 300,
    });
  });

  it('refuses a short secret and a limit that is no whole number', () => {
    expect(() => loadConfig({ INBOUND_MAIL_SECRET: 'short' }, tempDir())).toThrow(
      /INBOUND_MAIL_SECRET must be at least 32/,
    );
    expect(() => loadConfig({ INBOUND_MAIL_MAX_BYTES: '10MB' }, tempDir())).toThrow(
      /INBOUND_MAIL_MAX_BYTES must be a whole number of bytes/,
    );
  });
});
