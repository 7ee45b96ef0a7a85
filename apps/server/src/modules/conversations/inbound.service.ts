import { BRAND_NAME, dashboardEnquiryPath, escapeHtml } from '@agency/shared';
import type { Transaction } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { AppConfig } from '../../config/config';
import type { Database, EpochMs } from '../../lib/database-schema';
import { isUniqueViolation, withConflictRetry } from '../../lib/db-errors';
import type { OutgoingMail } from '../../lib/mailer';
import { findUserById, isStaff, listConfirmedUsers } from '../auth/auth.service';
import { queueMails } from '../outbox/outbox';
import { replyEndsSnooze } from '../reminders/reminders.service';
import { parseInboundMail, type ParsedAttachment, type ParsedInboundMail } from './mail-parse';
import { matchMail } from './matching';

/** What storing a received mail needs: the database, the time, the limits and addresses, and the sender's nudge. */
export type IngestDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'mail'>;

export interface IngestedMail {
  mailId: number;
  enquiryId: number | null;
  duplicate: boolean;
}

/** Where an IMAP message sits: one stored row per position. */
export interface MailPosition {
  mailbox: string;
  uidValidity: number;
  uid: number;
}

/**
 * Stores a received message exactly once (one row per Message-ID received and per mailbox position; a repeat returns
 * duplicate and changes nothing), files it with its enquiry by the matching rules (matching.ts) or as Unmatched, and
 * for a person's reply, in the same transaction, marks the enquiry waiting and unread for everyone and queues the
 * reply notification. A mail a program wrote (an auto-reply, a bounce) is stored and shown, nothing more.
 */
export async function ingestMail(
  deps: IngestDeps,
  mail: { raw: Buffer; source: 'imap' | 'webhook'; position?: MailPosition },
): Promise<IngestedMail> {
  const { db } = deps;
  const { raw, source, position } = mail;
  if (position) {
    const atPosition = await storedAt(deps, position);
    if (atPosition) return { ...atPosition, duplicate: true };
  }
  const parsed = await parseInboundMail(raw);
  const stored = () => storedByKey(deps, parsed.messageKey);
  const before = await stored();
  if (before) return { ...before, duplicate: true };
  const now = deps.clock().getTime();
  try {
    const outcome = await withConflictRetry(() =>
      db.transaction().execute(async (trx) => {
        const match = await matchMail(trx, parsed, now);
        const enquiryId = match?.enquiryId ?? null;
        const inserted = await trx
          .insertInto('enquiry_mails')
          .values({
            enquiry_id: enquiryId,
            direction: 'in',
            message_id: parsed.messageId,
            message_key: parsed.messageKey,
            in_reply_to: parsed.inReplyTo,
            references_header: parsed.referencesHeader,
            from_address: parsed.fromAddress,
            from_name: parsed.fromName,
            to_address: parsed.toAddress,
            subject: parsed.subject,
            text_body: parsed.textBody,
            html_body: parsed.htmlBody,
            automated: parsed.automated,
            match_rule: match?.rule ?? null,
            source,
            mailbox: position?.mailbox ?? null,
            uid_validity: position?.uidValidity ?? null,
            uid: position?.uid ?? null,
            raw,
            author_id: null,
            outbox_id: null,
            sent_at: parsed.sentAt,
            created_at: now,
          })
          .executeTakeFirstOrThrow();
        const mailId = Number(inserted.insertId);
        await storeAttachments(trx, mailId, parsed.attachments, deps.config.inboundMail);
        if (enquiryId !== null && parsed.automated === null) {
          await customerReplied(trx, deps, enquiryId, parsed, now);
        }
        return { mailId, enquiryId, duplicate: false };
      }),
    );
    if (outcome.enquiryId !== null && parsed.automated === null) deps.mail.wake();
    return outcome;
  } catch (error) {
    // The same message stored a moment ago by another delivery (the webhook and IMAP, two pollers).
    if (!isUniqueViolation(error)) throw error;
    const winner = await stored();
    if (winner) return { ...winner, duplicate: true };
    if (position) {
      const atPosition = await storedAt(deps, position);
      if (atPosition) return { ...atPosition, duplicate: true };
    }
    throw error;
  }
}

/** The mail stored from a mailbox position, if any. */
async function storedAt(deps: Pick<IngestDeps, 'db'>, position: MailPosition) {
  const row = await deps.db
    .selectFrom('enquiry_mails')
    .select(['id', 'enquiry_id'])
    .where('mailbox', '=', position.mailbox)
    .where('uid_validity', '=', position.uidValidity)
    .where('uid', '=', position.uid)
    .executeTakeFirst();
  return row ? { mailId: row.id, enquiryId: row.enquiry_id } : undefined;
}

async function storedByKey(deps: Pick<IngestDeps, 'db'>, messageKey: string) {
  const row = await deps.db
    .selectFrom('enquiry_mails')
    .select(['id', 'enquiry_id'])
    .where('direction', '=', 'in')
    .where('message_key', '=', messageKey)
    .executeTakeFirst();
  return row ? { mailId: row.id, enquiryId: row.enquiry_id } : undefined;
}

/**
 * Keeps the attachments apart for staff up to the limits (each, and together, in the order they came); a larger one
 * stays in the raw message only. Returns how many were left out.
 */
async function storeAttachments(
  trx: Transaction<Database>,
  mailId: number,
  attachments: ParsedAttachment[],
  limits: Pick<AppConfig['inboundMail'], 'attachmentMaxBytes' | 'attachmentsTotalMaxBytes'>,
): Promise<number> {
  let total = 0;
  let left = 0;
  for (const attachment of attachments) {
    if (attachment.size > limits.attachmentMaxBytes || total + attachment.size > limits.attachmentsTotalMaxBytes) {
      left += 1;
      continue;
    }
    total += attachment.size;
    await trx
      .insertInto('mail_attachments')
      .values({
        mail_id: mailId,
        filename: attachment.filename,
        content_type: attachment.contentType,
        size: attachment.size,
        content_id: attachment.contentId,
        content: attachment.content,
      })
      .execute();
  }
  return left;
}

/**
 * A person's reply on an enquiry (matched, or attached by staff): it waits for our answer from now (unless something
 * already waits), is unread for every staff member again, and its assignee (or every staff member when nobody has
 * it) is told by mail. No history event: none of HistoryAction names a received mail; the conversation shows it.
 */
export async function customerReplied(
  trx: Transaction<Database>,
  deps: Pick<IngestDeps, 'config'>,
  enquiryId: number,
  mail: Pick<ParsedInboundMail, 'fromAddress' | 'fromName' | 'subject' | 'textBody'>,
  now: EpochMs,
): Promise<void> {
  const enquiry = await trx
    .selectFrom('enquiries')
    .select(['id', 'kind', 'reference', 'name', 'assignee_id'])
    .where('id', '=', enquiryId)
    .executeTakeFirst();
  if (!enquiry) return;
  await trx
    .updateTable('enquiries')
    .set({ waiting_since: now })
    .where('id', '=', enquiryId)
    .where('waiting_since', 'is', null)
    .execute();
  await trx.deleteFrom('enquiry_reads').where('enquiry_id', '=', enquiryId).execute();
  // A snooze until the customer writes ends here (issue 21, docs/decisions/0039).
  await replyEndsSnooze(trx, enquiryId);
  const recipients = await notifiedStaff(trx, deps.config, enquiry.assignee_id);
  const link = `${deps.config.appUrl}${dashboardEnquiryPath(enquiry.kind, enquiry.id)}`;
  await queueMails(
    trx,
    recipients.map((to) => ({
      ...replyNotificationMail({ to, reference: enquiry.reference, enquiryName: enquiry.name, mail, link }),
      purpose: 'reply-notification' as const,
      enquiryId,
    })),
    { now, from: deps.config.mailFrom },
  );
}

/** The assignee when they are still a confirmed staff member; else STAFF_NOTIFY_EMAIL's addresses or every staff account. */
async function notifiedStaff(
  trx: Transaction<Database>,
  config: Pick<AppConfig, 'staffNotifyEmails' | 'adminAllowlist'>,
  assigneeId: number | null,
): Promise<string[]> {
  if (assigneeId !== null) {
    const assignee = await findUserById(trx, assigneeId);
    if (assignee && isStaff(assignee, config.adminAllowlist)) return [assignee.email];
  }
  if (config.staffNotifyEmails.length > 0) return config.staffNotifyEmails;
  const users = await listConfirmedUsers(trx);
  return users.filter((user) => isStaff(user, config.adminAllowlist)).map((user) => user.email);
}

/** How much of the customer's words the notification quotes; the rest is in the dashboard. */
const QUOTED_CHARS = 1200;

/**
 * Tells staff that a customer answered: who, on which enquiry, the start of what they wrote, and the link. Replying to
 * it goes nowhere near the customer (no Reply-To): answers are written in the dashboard, in the customer's thread.
 */
export function replyNotificationMail(input: {
  to: string;
  reference: string;
  enquiryName: string;
  mail: Pick<ParsedInboundMail, 'fromAddress' | 'fromName' | 'subject' | 'textBody'>;
  link: string;
}): OutgoingMail {
  const { mail, reference, link } = input;
  const who = mail.fromName?.trim() || input.enquiryName || mail.fromAddress;
  const body = mail.textBody.trim();
  const quoted = body.length > QUOTED_CHARS ? `${body.slice(0, QUOTED_CHARS)}…` : body;
  const intro = `${who} <${mail.fromAddress}> replied on ${reference}.`;
  const subjectLine = mail.subject ? `Subject: ${mail.subject}` : '';
  return {
    to: input.to,
    subject: `Reply on ${reference} from ${who}`,
    text: `${intro}\n${subjectLine}\n\n${quoted.replace(/^/gm, '> ')}\n\nRead and answer it in the staff dashboard: ${link}\n\n${BRAND_NAME}\n`,
    html:
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(`Reply on ${reference}`)}</title></head>` +
      `<body style="margin:0;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1.5"><div style="max-width:560px;margin:0 auto;padding:24px;overflow-wrap:anywhere">` +
      `<p>${escapeHtml(intro)}</p>${subjectLine ? `<p>${escapeHtml(subjectLine)}</p>` : ''}` +
      `<blockquote style="margin:0 0 16px;padding-left:12px;border-left:3px solid #ccc;white-space:pre-wrap">${escapeHtml(quoted)}</blockquote>` +
      `<p><a href="${escapeHtml(link)}">Read and answer it in the staff dashboard</a></p><p style="font-size:13px;color:#444">${escapeHtml(BRAND_NAME)}</p></div></body></html>`,
  };
}
