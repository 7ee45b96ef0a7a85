import {
  API_MESSAGES,
  dashboardEnquiryPath,
  ENQUIRY_KINDS,
  firstTouchOfSubmission,
  HUMAN_CHECK_FIELDS,
  SUBMISSION_RULES,
  type SubmitAnswer,
  storedFieldsOf,
  type MessageKind,
  type MessageRowByKind,
  type SubmissionByKind,
} from '@agency/shared';
import type { Kysely, Transaction } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { AppConfig } from '../../config/config';
import type { Database } from '../../lib/database-schema';
import { AppError } from '../../lib/errors';
import { autoReplyMail, staffNotificationMail, type NotifiedField } from '../../lib/mail-templates';
import { isUniqueViolation, withConflictRetry } from '../../lib/db-errors';
import { clientAddressKey } from '../../lib/client-address';
import { createRateLimiter, type RateLimiter, type RateVerdict } from '../../lib/rate-limiter';
import { parseInput } from '../../middleware/validate';
import { isStaff, listConfirmedUsers } from '../auth/auth.service';
import type { HumanCheck } from '../human-check/human-check';
import { moveOne } from '../inbox/inbox.service';
import { queueMails } from '../outbox/outbox';
import { startResponseClock } from '../response-times/response-times.service';
import * as repository from './messages.repository';
import type { Refusal, SubmissionVerdict, StoreOutcome, SubmitEnquiryOutcome } from './submission-contract';
import { emptyAnswerRefusal, judgeSubmission, type SubmissionExtras } from './submission-input';

// The daily purge deletes form posts' outcomes once expired (docs/decisions/0045).
export { purgeExpiredFormOutcomes } from './form-outcomes';

type SubmitDeps = Pick<AppDeps, 'db' | 'mail' | 'clock' | 'config'>;

/** What the submit pipeline needs beside the app's deps: the question's signer and the forms' limiter. */
export type SubmitEnquiryDeps = SubmitDeps & { humanCheck: HumanCheck; formLimiter: RateLimiter };

/** Where a submission comes from and how it will be answered. */
export interface SubmitContext {
  /** The client's address (req.ip): the form limit counts per form and address. */
  clientAddress: string;
  /**
   * 'json': the first refusal, as the API answers it; the spec's bare payload (no question at all) is allowed unless
   * REQUIRE_HUMAN_CHECK. 'page': a browser's form post answered with the form's page (docs/decisions/0019), checked
   * as the page's own check shows it: every message at once, and an empty answer is a missing field.
   */
  answeredWith: 'json' | 'page';
}

/** FORM_RATE_LIMIT's counts: one per form and client address. */
export function createFormLimiter(deps: Pick<AppDeps, 'db' | 'config'>): RateLimiter {
  return createRateLimiter(deps.db, 'form', deps.config.limits.form);
}

const formSubject = (kind: MessageKind, clientAddress: string) => `${kind}\n${clientAddressKey(clientAddress)}`;

/** The refusal this process holds in memory for a client of a form (its limit reached, the window not over), if any. */
export function refusedFromMemory(
  formLimiter: RateLimiter,
  kind: MessageKind,
  clientAddress: string,
): RateVerdict | undefined {
  return formLimiter.refusedFromMemory(formSubject(kind, clientAddress));
}

/** A 400 AppError (a field or the human check at fault) as a refusal; anything else goes on up. */
function refusalOf(error: unknown): Refusal {
  if (!(error instanceof AppError) || error.status !== 400) throw error;
  return error.errors ? { message: error.message, errors: error.errors } : { message: error.message };
}

/** A check's value, or its refusal. */
function attempt<T>(check: () => T): { value: T } | { refusal: Refusal } {
  try {
    return { value: check() };
  } catch (error) {
    return { refusal: refusalOf(error) };
  }
}

/**
 * The submit pipeline, the one way a form's submission is taken, for the JSON API and the browser's form post alike:
 * a repeated idempotency key gets its first answer again; the form limit is counted (every attempt, whatever it
 * holds: a script sending junk is a script); the kind's schema and the human check (token, answer, honeypot, 3 s
 * minimum) judge it; then it is stored with its mails queued (storeSubmission). Refusals come back as outcomes, not
 * thrown: the routes only map them to their answers.
 */
export async function submitEnquiry(
  deps: SubmitEnquiryDeps,
  kind: MessageKind,
  input: SubmissionExtras,
  context: SubmitContext,
): Promise<SubmitEnquiryOutcome> {
  const definition = ENQUIRY_KINDS[kind];
  // A repeat of a key answered before (a double tap, a retry after a dropped connection) stores nothing new.
  const earlier = input.idempotencyKey ? await findReplay(deps, kind, input.idempotencyKey) : undefined;
  if (earlier) return repeated(earlier);
  const allowed = await deps.formLimiter.consume(formSubject(kind, context.clientAddress));
  if (!allowed.allowed) return { outcome: 'limited', retryAfterSeconds: allowed.retryAfterSeconds };

  const parsed = attempt(() => parseInput(definition.schema, input.fields));
  // Judged even when a field is refused: the page shows every message at once (the API answers with the first).
  const missingAnswer = context.answeredWith === 'page' ? emptyAnswerRefusal(input.answer) : undefined;
  const judged = missingAnswer
    ? { refusal: missingAnswer }
    : attempt(() =>
        judgeSubmission(input, {
          humanCheck: deps.humanCheck,
          now: deps.clock().getTime(),
          requireHumanCheck: deps.config.requireHumanCheck,
          wrongSumMessage: definition.wrongSumMessage,
        }),
      );
  if ('refusal' in parsed) {
    return 'refusal' in judged
      ? { outcome: 'invalid', fields: parsed.refusal, humanCheck: judged.refusal }
      : { outcome: 'invalid', fields: parsed.refusal };
  }
  if ('refusal' in judged) return { outcome: 'human-check-failed', humanCheck: judged.refusal };

  const verdict = {
    ...judged.value,
    idempotencyKey: input.idempotencyKey,
    firstTouch: firstTouchOfSubmission(input.firstTouch),
  };
  let stored: StoreOutcome;
  try {
    stored = await storeSubmission(deps, kind, parsed.value, verdict);
  } catch (error) {
    // The token spent a moment ago by another submission: asked for the new question, as an expired one.
    return { outcome: 'human-check-failed', humanCheck: refusalOf(error) };
  }
  return stored.stored ? { outcome: 'stored', status: 201, answer: stored.answer } : repeated(stored.replay);
}

const repeated = (earlier: repository.StoredAnswer): SubmitEnquiryOutcome => ({
  outcome: 'repeated',
  status: earlier.status,
  answer: JSON.parse(earlier.answer) as SubmitAnswer,
});

/** The scope of a form's idempotency keys: one form's key never answers for another. */
const idempotencyScope = (kind: MessageKind) => `submit:${kind}`;

/** The first answer to an idempotency key of this form within the last 24 hours, if any. */
function findReplay(deps: Pick<AppDeps, 'db' | 'clock'>, kind: MessageKind, key: string) {
  const since = deps.clock().getTime() - SUBMISSION_RULES.IDEMPOTENCY_TTL_MS;
  return repository.findIdempotentAnswer(deps.db, idempotencyScope(kind), key, since);
}

/**
 * Stores a submission with its reference and, in the same transaction, spends its human-check token, keeps its
 * answer for its idempotency key, and queues the mails it causes (the staff notifications and the visitor's
 * auto-reply; none for spam). Resolves once all of it is committed; the mails go out from the outbox afterwards.
 * A repeated idempotency key that raced this one gives its first answer instead.
 */
async function storeSubmission<K extends MessageKind>(
  deps: SubmitDeps,
  kind: K,
  submission: SubmissionByKind[K],
  verdict: SubmissionVerdict,
): Promise<StoreOutcome> {
  const now = deps.clock().getTime();
  const definition = ENQUIRY_KINDS[kind];
  // Counted before the transaction (the limiter must not run inside one), given back when nothing is stored.
  const autoReplyTo = (await autoReplyAllowed(deps.db, kind, submission, verdict)) ?? undefined;
  try {
    // InnoDB may pick the transaction as a deadlock victim (a sender claiming mail at that moment): run it again.
    const outcome = await withConflictRetry(() =>
      deps.db.transaction().execute(async (trx) => {
        const { id, reference } = await repository.insertEnquiry(
          trx,
          kind,
          submission,
          { spam_reason: verdict.spamReason, human_check: verdict.humanCheck, first_touch: verdict.firstTouch },
          now,
        );
        if (verdict.spentToken) {
          await repository.spendHumanCheckToken(trx, verdict.spentToken.nonce, verdict.spentToken.expiresAt);
        }
        const answer: SubmitAnswer = { success: true, message: definition.successMessage, reference };
        if (verdict.idempotencyKey) {
          await repository.storeIdempotentAnswer(trx, {
            scope: idempotencyScope(kind),
            key: verdict.idempotencyKey,
            status: 201,
            answer: JSON.stringify(answer),
            createdAt: now,
            expiredBefore: now - SUBMISSION_RULES.IDEMPOTENCY_TTL_MS,
          });
        }
        if (verdict.spamReason === null) {
          await startResponseClock(trx, { id, kind, since: now });
          const recipients = await staffRecipients(trx, deps.config);
          const staffMails = recipients.map((to) => ({
            ...notificationOf(deps.config, kind, submission, { id, reference }, to),
            purpose: 'staff-notification' as const,
            enquiryId: id,
          }));
          const autoReplies = autoReplyTo
            ? [
                {
                  ...visitorReplyOf(deps.config, kind, submission, reference),
                  purpose: 'auto-reply' as const,
                  enquiryId: id,
                },
              ]
            : [];
          await queueMails(trx, [...staffMails, ...autoReplies], { now, from: deps.config.mailFrom });
        }
        return { stored: true as const, reference, answer };
      }),
    );
    deps.mail.wake();
    return outcome;
  } catch (error) {
    if (autoReplyTo !== undefined) await autoReplyLimiterOf(deps.db).refund(autoReplyTo);
    if (!isUniqueViolation(error)) throw error;
    // Either the same idempotency key was committed a moment ago (answer as it was answered), or the token was.
    const replay = verdict.idempotencyKey ? await findReplay(deps, kind, verdict.idempotencyKey) : undefined;
    if (replay) return { stored: false, replay };
    throw new AppError(400, API_MESSAGES.HUMAN_CHECK_EXPIRED, {
      [HUMAN_CHECK_FIELDS.answer]: API_MESSAGES.HUMAN_CHECK_EXPIRED,
    });
  }
}

/** STAFF_NOTIFY_EMAIL's addresses when set, or else every staff account. */
async function staffRecipients(
  db: Transaction<Database>,
  config: Pick<AppConfig, 'staffNotifyEmails' | 'adminAllowlist'>,
): Promise<string[]> {
  if (config.staffNotifyEmails.length > 0) return config.staffNotifyEmails;
  const users = await listConfirmedUsers(db);
  return users.filter((user) => isStaff(user, config.adminAllowlist)).map((user) => user.email);
}

/** The visitor's name and e-mail, and every stored field under its label, as both mails show them. */
function describedSubmission<K extends MessageKind>(kind: K, submission: SubmissionByKind[K]) {
  const values: Readonly<Record<string, unknown>> = submission;
  return {
    visitorName:
      typeof values.name === 'string' ? values.name : `${String(values.firstname)} ${String(values.surname)}`,
    visitorEmail: String(values.email),
    fields: storedFieldsOf(kind).map(({ field, column, label }): NotifiedField => ({
      label,
      value: displayValue(values[field]),
      kind: column === 'email' ? 'email' : column === 'phone' ? 'phone' : undefined,
    })),
  };
}

function notificationOf<K extends MessageKind>(
  config: Pick<AppConfig, 'appUrl'>,
  kind: K,
  submission: SubmissionByKind[K],
  stored: { id: number; reference: string },
  to: string,
) {
  return staffNotificationMail({
    to,
    kindTitle: ENQUIRY_KINDS[kind].notificationTitle,
    reference: stored.reference,
    ...describedSubmission(kind, submission),
    // Straight to the enquiry (issue 17); signed out, the sign-in page comes back to it.
    dashboardLink: `${config.appUrl}${dashboardEnquiryPath(kind, stored.id)}`,
  });
}

/**
 * The visitor's auto-reply (issue 17): the name (when it holds nothing like an address), the reference and the
 * agency's own copy with the form's promise; nothing else the visitor typed. Replies go to REPLY_TO_ADDRESS.
 */
function visitorReplyOf<K extends MessageKind>(
  config: Pick<AppConfig, 'replyTo'>,
  kind: K,
  submission: SubmissionByKind[K],
  reference: string,
) {
  const { visitorName, visitorEmail } = describedSubmission(kind, submission);
  const definition = ENQUIRY_KINDS[kind];
  return autoReplyMail({
    to: visitorEmail,
    replyTo: config.replyTo,
    visitorName: looksLikeAddress(visitorName) ? null : visitorName,
    kindTitle: definition.notificationTitle,
    reference,
    promise: definition.replyPromise,
  });
}

/** A link, a domain or an e-mail address in a name: a relay's payload, never repeated to whatever address was typed. */
const ADDRESS_LIKE = /:\/\/|www|@|[\p{L}\p{N}-]\.\p{L}{2,}/iu;
const looksLikeAddress = (name: string) => ADDRESS_LIKE.test(name);

const autoReplyLimiters = new WeakMap<Kysely<Database>, RateLimiter>();

/** AUTO_REPLIES_PER_ADDRESS_PER_DAY, counted in the database's rate_limits, which every server process shares. */
function autoReplyLimiterOf(db: Kysely<Database>): RateLimiter {
  let limiter = autoReplyLimiters.get(db);
  if (!limiter) {
    limiter = createRateLimiter(db, 'auto-reply', [
      { points: SUBMISSION_RULES.AUTO_REPLIES_PER_ADDRESS_PER_DAY, seconds: 24 * 60 * 60 },
    ]);
    autoReplyLimiters.set(db, limiter);
  }
  return limiter;
}

/**
 * The address an auto-reply may go to, counted: only a submission that passed the human check (a person answered a
 * question this server issued) and is not spam, and at most three a day to one address across the four forms. A
 * fourth enquiry is stored and notified all the same, without the auto-reply.
 */
async function autoReplyAllowed<K extends MessageKind>(
  db: Kysely<Database>,
  kind: K,
  submission: SubmissionByKind[K],
  verdict: SubmissionVerdict,
): Promise<string | null> {
  if (verdict.humanCheck !== 'verified' || verdict.spamReason !== null) return null;
  const address = describedSubmission(kind, submission).visitorEmail.trim().toLowerCase();
  const counted = await autoReplyLimiterOf(db).consume(address);
  return counted.allowed ? address : null;
}

export function listMessages<K extends MessageKind>(
  deps: Pick<AppDeps, 'db'>,
  kind: K,
  options: repository.ListOptions,
): Promise<{ messages: MessageRowByKind[K][]; total?: number }> {
  return repository.listMessages(deps.db, kind, options);
}

/**
 * The spec's delete puts the enquiry in the staff inbox's trash, restorable until the purge (issue 11); an id that
 * does not exist or is in the trash already is answered as missing, as before.
 */
export async function deleteMessage(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  kind: MessageKind,
  id: number,
  actorId: number,
): Promise<void> {
  await moveOne(deps, kind, id, 'trash', actorId);
}

function displayValue(value: unknown): string {
  if (Array.isArray(value)) return value.length > 0 ? value.join(', ') : '(none)';
  if (value === null || value === undefined || value === '') return '(not given)';
  return String(value);
}

/**
 * Stores an enquiry the server writes itself, inside the caller's transaction (issue 20: a received mail staff made
 * an enquiry): reference, name, preview and search text as a submission gets them; nothing is queued and no
 * human-check was answered.
 */
export async function insertEnquiryFromServer<K extends MessageKind>(
  trx: Transaction<Database>,
  kind: K,
  submission: SubmissionByKind[K],
  createdAt: number,
): Promise<{ id: number; reference: string }> {
  const stored = await repository.insertEnquiry(
    trx,
    kind,
    submission,
    { spam_reason: null, human_check: 'unverified' },
    createdAt,
  );
  // It arrives in the inbox: its first answer is due from now (issue 21).
  await startResponseClock(trx, { id: stored.id, kind, since: createdAt });
  return stored;
}
