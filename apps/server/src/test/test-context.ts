import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  API_PATHS,
  MESSAGE_KIND_PATHS,
  RETENTION_DAYS,
  STAFF_ADMIN_PATHS,
  SUBMISSION_RULES,
  type MessageKind,
} from '@agency/shared';
import { startSmtpSink, tokenFromMail, type SmtpSink } from '@agency/testing';
import type { Express } from 'express';
import request from 'supertest';
import { createApp } from '../app';
import { parseAllowlist } from '../config/allowlist';
import { DEFAULT_LIMITS, type AppConfig } from '../config/config';
import { createLogger } from '../lib/logger';
import { createMailTransport } from '../lib/mailer';
import { outboxDir } from '../lib/paths';
import { seedContent } from '../modules/content/content.service';
import { createOutboxSender, type OutboxSender } from '../modules/outbox/outbox';
import { VALID_SUBMISSIONS } from './fixtures';
import { createTestDatabase, type TestDatabase } from './test-database';

export const TEST_APP_URL = 'http://app.test';
export const STRONG_PASSWORD = 'Str0ng!Passw0rd';
export const START_TIME = new Date('2026-11-22T09:00:00.000Z');

/**
 * The suites' limits with the login limits off too: for tests that sign staff in again after each move of the clock
 * (the login limits have their own tests).
 */
export const LIMITS_WITHOUT_LOGIN_LIMITS: AppConfig['limits'] = {
  ...DEFAULT_LIMITS,
  register: [],
  registerPerEmail: [],
  resetMail: [],
  resetRequest: [],
  form: [],
  loginPerAddress: [],
  loginPerAccount: [],
};

export interface TestContextOptions {
  config?: Partial<AppConfig>;
  allowlist?: string;
  /**
   * 'sink' (default): the loopback SMTP sink; 'broken': an SMTP address nobody listens on; 'outbox': files in
   * DATA_DIR/outbox; `{ smtpUrl }`: that address (a sink the test starts later).
   */
  mail?: 'sink' | 'broken' | 'outbox' | { smtpUrl: string };
  webRoot?: string;
}

export interface TestContext {
  app: Express;
  database: TestDatabase;
  db: TestDatabase['db'];
  config: AppConfig;
  sink: SmtpSink;
  /** The app's mail sender: drain() delivers every due mail now. */
  sender: OutboxSender;
  dataDir: string;
  now(): Date;
  advance(ms: number): void;
  close(): Promise<void>;
}

/** A running app on a fresh database, a movable clock and a real SMTP sink. */
export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const database = await createTestDatabase();
  const sink = await startSmtpSink();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-data-'));
  let current = START_TIME.getTime();
  const logger = createLogger('silent');
  const config: AppConfig = {
    port: 0,
    dataDir,
    databaseUrl: undefined,
    smtpUrl: undefined,
    mailFrom: '"Rendezvous Digital" <no-reply@rendezvousdigital.ng>',
    replyTo: '"Rendezvous Digital" <hello@rendezvousdigital.ng>',
    staffNotifyEmails: [],
    mailRetryBaseMs: 60_000,
    mailLeaseMs: 120_000,
    appUrl: TEST_APP_URL,
    sessionSecret: 'test-secret-that-is-at-least-32-characters',
    adminAllowlist: parseAllowlist(options.allowlist ?? ''),
    trustProxy: undefined,
    isProduction: false,
    // Cost 4 keeps the suite fast; the production cost (12) has its own test.
    bcryptCost: 4,
    // Shorter than production's 250 ms, so a hundred timed requests fit in a test; the rule is the same.
    resetAnswerMs: 50,
    // Suites register many accounts, ask for many resets and send many forms from one loopback address; those limits
    // have their own tests (auth-limits.test.ts, submissions.test.ts), which set them. The login limits stay as in
    // production.
    limits: { ...DEFAULT_LIMITS, register: [], registerPerEmail: [], resetMail: [], resetRequest: [], form: [] },
    requireHumanCheck: false,
    corsOrigins: [],
    retentionDays: RETENTION_DAYS.ENQUIRIES,
    // Refusals from memory answered at once, so that a test sending hundreds is not held a second for each.
    formRefusalDelayMs: 0,
    // No mailbox is read: the IMAP tests start their own poller on a Dovecot of their own.
    imap: undefined,
    imapPollMs: 60_000,
    // The inbound-mail webhook off; its tests set a secret.
    inboundMail: {
      secret: undefined,
      maxBytes: 10 * 1024 * 1024,
      attachmentMaxBytes: 5 * 1024 * 1024,
      attachmentsTotalMaxBytes: 10 * 1024 * 1024,
    },
    ...options.config,
  };
  const smtpUrl =
    typeof options.mail === 'object'
      ? options.mail.smtpUrl
      : options.mail === 'broken'
        ? 'smtp://127.0.0.1:1'
        : options.mail === 'outbox'
          ? undefined
          : sink.url;
  const transport = createMailTransport({
    smtpUrl,
    from: config.mailFrom,
    outboxDir: outboxDir(dataDir),
    logger,
    logLinks: false,
  });
  const clock = () => new Date(current);
  // The site's content as the server stores it at its first start (issue 22).
  await seedContent({ ...database, clock });
  const sender = createOutboxSender({
    db: database.db,
    dialect: database.dialect,
    transport,
    clock,
    logger,
    retryBaseMs: config.mailRetryBaseMs,
    leaseMs: config.mailLeaseMs,
    pollMs: 50,
  });
  sender.start();
  const app = createApp({
    db: database.db,
    dialect: database.dialect,
    mail: sender,
    clock,
    config,
    logger,
    webRoot: options.webRoot ?? path.join(dataDir, 'no-web-build'),
  });
  return {
    app,
    database,
    db: database.db,
    config,
    sink,
    sender,
    dataDir,
    now: () => new Date(current),
    advance(ms) {
      current += ms;
    },
    async close() {
      await sender.stop();
      transport.close();
      await sink.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Registers through the API, confirms with the link from the real mail, and returns a signed-in agent. */
export async function registerAndConfirm(context: TestContext, email: string, password = STRONG_PASSWORD) {
  const registered = await request(context.app)
    .post('/api/register.php')
    .field('email', email)
    .field('password', password);
  if (registered.status !== 201) throw new Error(`registration failed: ${registered.status} ${registered.text}`);
  const mail = await context.sink.waitForMail((candidate) => candidate.to?.[0]?.address === email.toLowerCase());
  const token = tokenFromMail(mail, '/confirm-email');
  const confirmed = await request(context.app).get('/api/confirm-email.php').query({ token });
  if (confirmed.status !== 200) throw new Error(`confirmation failed: ${confirmed.status} ${confirmed.text}`);
  return token;
}

export async function signIn(context: TestContext, email: string, password = STRONG_PASSWORD) {
  const agent = request.agent(context.app);
  const response = await agent.post('/api/login.php?action=login').send({ email, password });
  return { agent, response };
}

/** A staff account (the installation's first) signed in. */
export async function signedInStaff(context: TestContext, email = 'owner@agency.test') {
  await registerAndConfirm(context, email);
  const { agent, response } = await signIn(context, email);
  if (response.status !== 200) throw new Error(`staff login failed: ${response.status} ${response.text}`);
  return agent;
}

/** A signed-in staff member's supertest agent. */
export type StaffAgent = Awaited<ReturnType<typeof signedInStaff>>;

/** A running app whose first account, an owner, is signed in. */
export async function createOwnerContext(
  options: TestContextOptions = {},
): Promise<{ context: TestContext; owner: StaffAgent; ownerId: number }> {
  const context = await createTestContext(options);
  const owner = await signedInStaff(context, 'owner@agency.test');
  return { context, owner, ownerId: await userIdOf(context, 'owner@agency.test') };
}

/** A confirmed account `owner` approved through the API, signed in. */
export async function signedInColleague(
  context: TestContext,
  owner: StaffAgent,
  email: string,
): Promise<{ agent: StaffAgent; id: number }> {
  await registerAndConfirm(context, email);
  const id = await userIdOf(context, email);
  const approved = await owner.post(STAFF_ADMIN_PATHS.approve(id));
  if (approved.status !== 200) throw new Error(`approval failed: ${approved.status} ${approved.text}`);
  const { agent, response } = await signIn(context, email);
  if (response.status !== 200) throw new Error(`colleague login failed: ${response.status} ${response.text}`);
  return { agent, id };
}

/** The id of the account with this address. */
export async function userIdOf(context: TestContext, email: string): Promise<number> {
  const row = await context.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A question from the server, answered after a person's few seconds (the clock moves on by the minimum fill time). */
export async function askHumanCheck(context: TestContext): Promise<{ a: number; b: number; token: string }> {
  const answer = await request(context.app).get(API_PATHS.HUMAN_CHECK);
  if (answer.status !== 200) throw new Error(`GET ${API_PATHS.HUMAN_CHECK} answered ${answer.status}`);
  context.advance(SUBMISSION_RULES.MIN_FILL_MS);
  return answer.body as { a: number; b: number; token: string };
}

/** A valid submission of the kind that answered the server's human check, as a person sends it from the form. */
export async function answeredSubmission(
  context: TestContext,
  kind: MessageKind,
  extra: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const { a, b, token } = await askHumanCheck(context);
  return { ...VALID_SUBMISSIONS[kind], humanCheckToken: token, humanCheckAnswer: String(a + b), ...extra };
}

/** Sends an answered submission of the kind as the site's form does; the reference of the stored enquiry (201). */
export async function submitAnswered(
  context: TestContext,
  kind: MessageKind,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const answer = await request(context.app)
    .post(MESSAGE_KIND_PATHS[kind].submit)
    .send(await answeredSubmission(context, kind, extra));
  if (answer.status !== 201) throw new Error(`${kind}: answered ${answer.status} ${answer.text}`);
  return String(answer.body.reference);
}
