import {
  API_MESSAGES,
  REPLY_MESSAGES,
  escapeHtml,
  staffDisplayNameOf,
  statusesOf,
  type MessageKind,
  type SentMailItem,
} from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import type { EpochMs } from '../../lib/database-schema';
import { withConflictRetry } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { findUserById, usernameOf } from '../auth/auth.service';
import { INBOX_ERRORS, updateEnquiry } from '../inbox/inbox.service';
import { queueMail } from '../outbox/outbox';
import { recordFirstResponse } from '../response-times/response-times.service';
import { messageKeyOf } from './mail-parse';
import { plusAddressFor } from './plus-address';

type ReplyDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'mail'>;

/** How many Message-IDs a References header keeps: the root (the auto-reply) and the nearest ones before the answer. */
const REFERENCES_KEPT = 20;

/** `Re: Fwd: RE: subject` -> `subject`: the prefixes mail programs add, in any case and any number. */
export function subjectWithoutPrefixes(subject: string): string {
  return subject.replace(/^(\s*(re|fwd?|aw|sv|antw)(\[\d+\])?\s*:\s*)+/i, '').trim();
}

/**
 * A reply's subject: `Re: ` once before the thread's subject, with the reference in brackets unless the subject
 * already names it, so the customer's answer finds its enquiry even when its headers are lost.
 */
export function replySubjectOf(original: string, reference: string): string {
  const base = subjectWithoutPrefixes(original.replace(/[\r\n]+/g, ' '));
  const named = base.toUpperCase().includes(reference.toUpperCase());
  return `Re: ${named ? base : `${base} [${reference}]`.trim()}`;
}

/** The Message-IDs of a References (or In-Reply-To) header, in order, angle brackets kept. */
export function messageIdsIn(header: string | null | undefined): string[] {
  return header?.match(/<[^<>\s]+>/g) ?? [];
}

/**
 * The chain a reply's References carries: the root (the visitor's auto-reply) first, then the References of the mail
 * answered and that mail itself, each id once; a long chain keeps the root and the nearest ids (RFC 5322 3.6.4).
 */
export function referencesOf(root: string | undefined, answered?: { messageId: string; references: string | null }) {
  const chain = [
    ...(root ? [root] : []),
    ...messageIdsIn(answered?.references),
    ...(answered ? [answered.messageId] : []),
  ];
  const unique = chain.filter(
    (id, index) => chain.findIndex((other) => other.toLowerCase() === id.toLowerCase()) === index,
  );
  if (unique.length <= REFERENCES_KEPT) return unique;
  return [unique[0] as string, ...unique.slice(unique.length - (REFERENCES_KEPT - 1))];
}

/** The HTML part of a staff reply: the text escaped, its paragraphs and line breaks kept, readable on a phone. */
export function replyHtmlOf(text: string, title: string): string {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((paragraph) => `<p style="margin:0 0 16px">${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>` +
    `<body style="margin:0;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1.5">` +
    `<div style="max-width:560px;margin:0 auto;padding:24px;overflow-wrap:anywhere">${paragraphs}</div></body></html>`
  );
}

/** The bare address of MAIL_FROM (`Agency <hello@agency.ng>` -> `hello@agency.ng`). */
function addressOf(from: string): string {
  return /<([^<>\s]+@[^<>\s]+)>/.exec(from)?.[1] ?? from.trim();
}

/**
 * Sends a staff member's reply to the enquirer (issue 20 item 1): one transaction queues the outbox mail (From the
 * agency's address with the staff member's name, Reply-To the plus-address of the reply address, `Re: ... [reference]`,
 * In-Reply-To the thread's last mail, References rooted at the auto-reply) and records it on the conversation, and the
 * enquiry no longer waits for us. Then a New enquiry becomes Contacted through the inbox's own change, in its history.
 */
export async function sendReply(
  deps: ReplyDeps,
  kind: MessageKind,
  id: number,
  body: string,
  authorId: number,
): Promise<SentMailItem> {
  const { db, config } = deps;
  const author = await findUserById(db, authorId);
  // The From name: the name the person set on their profile (issue 23), else one made of their e-mail's local part.
  const authorName =
    author?.display_name ?? (staffDisplayNameOf(usernameOf(author?.email ?? `staff${authorId}@`)) || 'Staff');
  const now: EpochMs = deps.clock().getTime();
  const sent = await withConflictRetry(() =>
    db.transaction().execute(async (trx) => {
      const enquiry = await trx
        .selectFrom('enquiries')
        .select(['id', 'reference', 'email', 'status', 'folder'])
        .where('kind', '=', kind)
        .where((eb) => eb.or([eb('id', '=', id), eb('legacy_id', '=', id)]))
        .executeTakeFirst();
      if (!enquiry) throw new AppError(404, INBOX_ERRORS.NOT_FOUND);
      if (enquiry.folder !== 'inbox') throw new AppError(409, REPLY_MESSAGES.NOT_IN_INBOX);
      const to = enquiry.email.trim();
      if (!/^[^\s@<>]+@[^\s@<>]+$/.test(to)) {
        throw new AppError(400, API_MESSAGES.INVALID_INPUT, { body: REPLY_MESSAGES.NO_EMAIL });
      }
      const enquiryId = Number(enquiry.id);
      const autoReply = await trx
        .selectFrom('outbox')
        .select(['message_id', 'subject'])
        .where('enquiry_id', '=', enquiryId)
        .where('purpose', '=', 'auto-reply')
        .orderBy('id')
        .executeTakeFirst();
      const last = await trx
        .selectFrom('enquiry_mails')
        .select(['message_id', 'references_header', 'subject'])
        .where('enquiry_id', '=', enquiryId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      const answered = last
        ? { messageId: last.message_id, references: last.references_header }
        : autoReply
          ? { messageId: autoReply.message_id, references: null }
          : undefined;
      const chain = referencesOf(autoReply?.message_id, answered);
      const subject = replySubjectOf(
        autoReply?.subject ?? last?.subject ?? `Your enquiry ${enquiry.reference}`,
        enquiry.reference,
      );
      const queued = await queueMail(
        trx,
        {
          purpose: 'staff-reply',
          to,
          replyTo: plusAddressFor(config.replyTo, enquiry.reference),
          fromName: authorName,
          subject,
          text: body,
          html: replyHtmlOf(body, subject),
          enquiryId,
          ...(answered ? { inReplyTo: answered.messageId } : {}),
          ...(chain.length > 0 ? { references: chain.join(' ') } : {}),
        },
        { now, from: config.mailFrom },
      );
      const inserted = await trx
        .insertInto('enquiry_mails')
        .values({
          enquiry_id: enquiryId,
          direction: 'out',
          message_id: queued.messageId,
          message_key: messageKeyOf(queued.messageId),
          in_reply_to: answered?.messageId ?? null,
          references_header: chain.length > 0 ? chain.join(' ') : null,
          from_address: addressOf(config.mailFrom),
          from_name: authorName,
          to_address: to,
          subject,
          text_body: body,
          html_body: null,
          automated: null,
          match_rule: null,
          source: 'app',
          mailbox: null,
          uid_validity: null,
          uid: null,
          raw: null,
          author_id: authorId,
          outbox_id: queued.id,
          sent_at: now,
          created_at: now,
        })
        .executeTakeFirstOrThrow();
      await trx.updateTable('enquiries').set({ waiting_since: null }).where('id', '=', enquiryId).execute();
      // A reply sent from the app is a first answer by e-mail, unless the enquiry was answered before (issue 21).
      await recordFirstResponse(trx, { enquiryId, at: now, channel: 'email', userId: authorId });
      return {
        mailId: Number(inserted.insertId),
        status: enquiry.status,
        subject,
        fromAddress: addressOf(config.mailFrom),
      };
    }),
  );
  deps.mail.wake();
  // Answering a new enquiry is the first step of its follow-up, recorded as any status change is.
  if (sent.status === 'new' && statusesOf(kind).includes('contacted')) {
    await updateEnquiry(deps, kind, id, { status: 'contacted' }, authorId);
  }
  return {
    type: 'sent',
    id: sent.mailId,
    at: new Date(now).toISOString(),
    subject: sent.subject,
    text: body,
    fromAddress: sent.fromAddress,
    fromName: authorName,
    authorId,
    authorName,
    delivery: 'pending',
  };
}
