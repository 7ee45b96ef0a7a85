import {
  API_MESSAGES,
  dashboardEnquiryPath,
  ENQUIRY_KINDS,
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
import { createRateLimiter, type RateLimiter } from '../../lib/rate-limiter';
import { isStaff, listConfirmedUsers } from '../auth/auth.service';
import { moveOne } from '../inbox/inbox.service';
import { queueMails } from '../outbox/outbox';
import * as repository from './messages.repository';
import type { SubmissionVerdict, SubmitOutcome } from './submission-contract';

type SubmitDeps = Pick<AppDeps, 'db' | 'mail' | 'clock' | 'config'>;

/** The scope of a form's idempotency keys: one form's key never answers for another. */
const idempotencyScope = (kind: MessageKind) => `submit:${kind}`;

/** The first answer to an idempotency key of this form within the last 24 hours, if any. */
export function findReplay(deps: Pick<AppDeps, 'db' | 'clock'>, kind: MessageKind, key: string) {
  const since = deps.clock().getTime() - SUBMISSION_RULES.IDEMPOTENCY_TTL_MS;
  return repository.findIdempotentAnswer(deps.db, idempotencyScope(kind), key, since);
}

/**
 * Stores a submission with its reference and, in the same transaction, spends its human-check token, keeps its
 * answer for its idempotency key, and queues the mails it causes (the staff notifications and the visitor's
 * auto-reply; none for spam). Resolves once all of it is committed; the mails go out from the outbox afterwards.
 * A repeated idempotency key that raced this one gives its first answer instead.
 */
export async function submitMessage<K extends MessageKind>(
  deps: SubmitDeps,
  kind: K,
  submission: SubmissionByKind[K],
  verdict: SubmissionVerdict,
): Promise<SubmitOutcome> {
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
          { spam_reason: verdict.spamReason, human_check: verdict.humanCheck },
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
