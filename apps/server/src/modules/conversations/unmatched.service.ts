import { LIMITS, previewText, type SubmissionByKind } from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import type { Transaction } from 'kysely';
import type { Database } from '../../lib/database-schema';
import { withConflictRetry } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { actorOf, recordAudit } from '../audit/audit.service';
import { insertEnquiryFromServer } from '../messages/messages.service';
import { customerReplied } from './inbound.service';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'mail'>;

export const UNMATCHED_MESSAGES = {
  NOT_FOUND: 'That received mail does not exist or is no longer unmatched.',
  NO_SUCH_ENQUIRY: 'No enquiry has that reference.',
} as const;

/** How much of a mail's text a list row shows. */
const PREVIEW_CHARS = 240;

export interface UnmatchedMailRow {
  id: number;
  fromAddress: string;
  fromName: string | null;
  subject: string;
  preview: string;
  automated: 'auto-reply' | 'bounce' | null;
  receivedAt: string;
  attachments: number;
}

export interface UnmatchedMailDetail extends UnmatchedMailRow {
  toAddress: string | null;
  text: string;
  attachmentNames: { id: number; filename: string; contentType: string; size: number }[];
}

const preview = (text: string) => previewText(text.replace(/\s+/g, ' '), PREVIEW_CHARS);

/** Received mails that matched no enquiry, newest first; `before` an id to page on. */
export async function listUnmatchedMails(
  deps: Pick<AppDeps, 'db'>,
  options: { before?: number; limit: number },
): Promise<{ mails: UnmatchedMailRow[]; total: number; next: number | null }> {
  let query = deps.db
    .selectFrom('enquiry_mails')
    .select(['id', 'from_address', 'from_name', 'subject', 'text_body', 'automated', 'created_at'])
    .select((eb) =>
      eb
        .selectFrom('mail_attachments')
        .select(eb.fn.countAll<number>().as('count'))
        .whereRef('mail_attachments.mail_id', '=', 'enquiry_mails.id')
        .as('attachments'),
    )
    .where('enquiry_id', 'is', null)
    .where('direction', '=', 'in');
  if (options.before !== undefined) query = query.where('id', '<', options.before);
  const rows = await query
    .orderBy('id', 'desc')
    .limit(options.limit + 1)
    .execute();
  const total = await deps.db
    .selectFrom('enquiry_mails')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('enquiry_id', 'is', null)
    .where('direction', '=', 'in')
    .executeTakeFirstOrThrow();
  const page = rows.slice(0, options.limit);
  return {
    mails: page.map((row) => ({
      id: row.id,
      fromAddress: row.from_address,
      fromName: row.from_name,
      subject: row.subject,
      preview: preview(row.text_body),
      automated: row.automated,
      receivedAt: new Date(Number(row.created_at)).toISOString(),
      attachments: Number(row.attachments ?? 0),
    })),
    total: Number(total.count),
    next: rows.length > options.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

export async function unmatchedMail(deps: Pick<AppDeps, 'db'>, id: number): Promise<UnmatchedMailDetail> {
  const row = await deps.db
    .selectFrom('enquiry_mails')
    .select(['id', 'from_address', 'from_name', 'to_address', 'subject', 'text_body', 'automated', 'created_at'])
    .where('id', '=', id)
    .where('enquiry_id', 'is', null)
    .where('direction', '=', 'in')
    .executeTakeFirst();
  if (!row) throw new AppError(404, UNMATCHED_MESSAGES.NOT_FOUND);
  const files = await deps.db
    .selectFrom('mail_attachments')
    .select(['id', 'filename', 'content_type', 'size'])
    .where('mail_id', '=', id)
    .orderBy('id')
    .execute();
  return {
    id: row.id,
    fromAddress: row.from_address,
    fromName: row.from_name,
    toAddress: row.to_address,
    subject: row.subject,
    preview: preview(row.text_body),
    text: row.text_body,
    automated: row.automated,
    receivedAt: new Date(Number(row.created_at)).toISOString(),
    attachments: files.length,
    attachmentNames: files.map((file) => ({
      id: file.id,
      filename: file.filename,
      contentType: file.content_type,
      size: Number(file.size),
    })),
  };
}

/**
 * Files an unmatched mail with the enquiry of a reference (match rule `staff`), with what a matched reply does: a
 * person's mail makes the enquiry wait and unread and notifies its assignee (or every staff member). Audited. A mail
 * someone else filed a moment ago is 404, never filed twice.
 */
export async function attachUnmatchedMail(
  deps: Deps,
  id: number,
  reference: string,
  actorId: number,
): Promise<{ enquiryId: number; reference: string }> {
  const now = deps.clock().getTime();
  const actor = await actorOf(deps.db, actorId);
  const result = await withConflictRetry(() =>
    deps.db.transaction().execute(async (trx) => {
      const enquiry = await trx
        .selectFrom('enquiries')
        .select(['id', 'kind', 'reference'])
        .where('reference', '=', reference.trim().toUpperCase())
        .executeTakeFirst();
      if (!enquiry) throw new AppError(404, UNMATCHED_MESSAGES.NO_SUCH_ENQUIRY);
      const mail = await unmatchedRow(trx, id);
      if (!mail) throw new AppError(404, UNMATCHED_MESSAGES.NOT_FOUND);
      const updated = await trx
        .updateTable('enquiry_mails')
        .set({ enquiry_id: enquiry.id, match_rule: 'staff' })
        .where('id', '=', id)
        .where('enquiry_id', 'is', null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new AppError(404, UNMATCHED_MESSAGES.NOT_FOUND);
      if (mail.automated === null) {
        await customerReplied(
          trx,
          deps,
          enquiry.id,
          { fromAddress: mail.from_address, fromName: mail.from_name, subject: mail.subject, textBody: mail.text_body },
          now,
        );
      }
      await recordAudit(trx, {
        action: 'mail.attach',
        actor,
        target: `${enquiry.kind} ${enquiry.reference}`,
        detail: { mail: id },
        at: now,
      });
      return { enquiryId: enquiry.id, reference: enquiry.reference, notified: mail.automated === null };
    }),
  );
  if (result.notified) deps.mail.wake();
  return { enquiryId: result.enquiryId, reference: result.reference };
}

/**
 * Makes an unmatched mail a new contact enquiry from its sender (name, address, the subject and text as its message),
 * stored as a submission is (reference, name, preview, search text) but with no mail sent: not to the sender (who
 * wrote to us, and may be anyone), not to staff (one of them is doing this). Its text waits for an answer. Audited.
 */
export async function convertUnmatchedMail(
  deps: Deps,
  id: number,
  actorId: number,
): Promise<{ enquiryId: number; reference: string }> {
  const now = deps.clock().getTime();
  const actor = await actorOf(deps.db, actorId);
  return withConflictRetry(() =>
    deps.db.transaction().execute(async (trx) => {
      const mail = await unmatchedRow(trx, id);
      if (!mail) throw new AppError(404, UNMATCHED_MESSAGES.NOT_FOUND);
      const name = (mail.from_name?.trim() || mail.from_address.split('@')[0] || 'Unknown sender').slice(
        0,
        LIMITS.NAME_MAX,
      );
      const text = [mail.subject.trim(), mail.text_body.trim()].filter(Boolean).join('\n\n');
      const submission: SubmissionByKind['contact'] = {
        name,
        email: mail.from_address.slice(0, LIMITS.EMAIL_MAX),
        phone: '',
        message: (text || '(no text)').slice(0, LIMITS.MESSAGE_MAX),
      };
      const created = await insertEnquiryFromServer(trx, 'contact', submission, now);
      const updated = await trx
        .updateTable('enquiry_mails')
        .set({ enquiry_id: created.id, match_rule: 'staff' })
        .where('id', '=', id)
        .where('enquiry_id', 'is', null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new AppError(404, UNMATCHED_MESSAGES.NOT_FOUND);
      if (mail.automated === null) {
        await trx.updateTable('enquiries').set({ waiting_since: now }).where('id', '=', created.id).execute();
      }
      await recordAudit(trx, {
        action: 'mail.convert',
        actor,
        target: `contact ${created.reference}`,
        detail: { mail: id },
        at: now,
      });
      return { enquiryId: created.id, reference: created.reference };
    }),
  );
}

/** A received mail still on the Unmatched list, with what attaching or converting it reads. */
function unmatchedRow(trx: Transaction<Database>, id: number) {
  return trx
    .selectFrom('enquiry_mails')
    .select(['id', 'from_address', 'from_name', 'subject', 'text_body', 'automated'])
    .where('id', '=', id)
    .where('enquiry_id', 'is', null)
    .where('direction', '=', 'in')
    .executeTakeFirst();
}
