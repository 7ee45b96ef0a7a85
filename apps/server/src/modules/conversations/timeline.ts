import {
  FORMER_COLLEAGUE,
  REPLY_MESSAGES,
  staffDisplayNameOf,
  type MessageKind,
  type TimelineAnswer,
  type TimelineItem,
} from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { usernameOf } from '../auth/auth.service';
import { getEnquiry } from '../inbox/inbox.service';

const isoOf = (ms: number | string) => new Date(Number(ms)).toISOString();

/** The order of items at the same millisecond: the enquiry, its receipt, mails, notes, then the changes they caused. */
const RANK: Record<TimelineItem['type'], number> = {
  enquiry: 0,
  'auto-reply': 1,
  received: 2,
  sent: 3,
  note: 4,
  event: 5,
};

/**
 * Everything that happened to one enquiry, oldest first (issue 20 item 6): the enquiry, the visitor's auto-reply, every
 * mail sent (with the outbox's delivery state) and received (automated ones marked), the notes, the one-tap answers
 * and the status and assignee changes. A note's own history entry is left out: the note is there.
 */
export async function getTimeline(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  kind: MessageKind,
  id: number,
  userId: number,
): Promise<TimelineAnswer> {
  const enquiry = await getEnquiry(deps, kind, id, userId);
  const { db } = deps;
  const [autoReplies, mails] = await Promise.all([
    db
      .selectFrom('outbox')
      .select(['id', 'subject', 'status', 'created_at', 'sent_at'])
      .where('enquiry_id', '=', enquiry.id)
      .where('purpose', '=', 'auto-reply')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('enquiry_mails')
      .leftJoin('outbox', 'outbox.id', 'enquiry_mails.outbox_id')
      .leftJoin('users', 'users.id', 'enquiry_mails.author_id')
      .select([
        'enquiry_mails.id',
        'enquiry_mails.direction',
        'enquiry_mails.subject',
        'enquiry_mails.text_body',
        'enquiry_mails.from_address',
        'enquiry_mails.from_name',
        'enquiry_mails.automated',
        'enquiry_mails.author_id',
        'enquiry_mails.created_at',
        'outbox.status as delivery',
        'users.email as author_email',
        'users.display_name as author_display_name',
      ])
      .where('enquiry_mails.enquiry_id', '=', enquiry.id)
      .orderBy('enquiry_mails.created_at')
      .orderBy('enquiry_mails.id')
      .execute(),
  ]);
  const mailIds = mails.filter((mail) => mail.direction === 'in').map((mail) => Number(mail.id));
  const attachments =
    mailIds.length === 0
      ? []
      : await db
          .selectFrom('mail_attachments')
          .select(['id', 'mail_id', 'filename', 'size'])
          .where('mail_id', 'in', mailIds)
          .orderBy('id')
          .execute();

  const items: TimelineItem[] = [
    { type: 'enquiry', id: enquiry.id, at: enquiry.createdAt, preview: enquiry.preview },
    ...autoReplies.map((row): TimelineItem => ({
      type: 'auto-reply',
      id: Number(row.id),
      at: isoOf(row.created_at),
      subject: row.subject,
      delivery: row.status,
    })),
    ...mails.map((row): TimelineItem => {
      const common = {
        id: Number(row.id),
        at: isoOf(row.created_at),
        subject: row.subject,
        text: row.text_body,
        fromAddress: row.from_address,
        fromName: row.from_name,
      };
      if (row.direction === 'out') {
        return {
          type: 'sent',
          ...common,
          authorId: row.author_id === null ? null : Number(row.author_id),
          authorName:
            row.author_email === null
              ? (row.from_name ?? FORMER_COLLEAGUE)
              : (row.author_display_name ?? staffDisplayNameOf(usernameOf(row.author_email))),
          // A sent mail whose outbox row is gone (purged after sending) was sent.
          delivery: row.delivery ?? 'sent',
        };
      }
      return {
        type: 'received',
        ...common,
        automated: row.automated,
        attachments: attachments
          .filter((attachment) => Number(attachment.mail_id) === Number(row.id))
          .map((attachment) => ({
            id: Number(attachment.id),
            filename: attachment.filename,
            size: Number(attachment.size),
          })),
      };
    }),
    ...enquiry.notes.map((note): TimelineItem => ({
      type: 'note',
      id: note.id,
      at: note.createdAt,
      body: note.body,
      authorName: note.authorName,
    })),
    ...enquiry.history
      .filter((event) => event.action !== 'note')
      .map((event): TimelineItem => ({
        type: 'event',
        id: event.id,
        at: event.createdAt,
        action: event.action,
        from: event.from,
        to: event.to,
        actorName: event.actorName,
      })),
  ];
  items.sort((a, b) => a.at.localeCompare(b.at) || RANK[a.type] - RANK[b.type] || a.id - b.id);
  return { success: true, items, waitingSince: enquiry.waitingSince };
}

/** A file a customer's mail brought, for a staff member who may open the enquiry; 404 when that mail has no such file. */
export async function getAttachment(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  kind: MessageKind,
  id: number,
  attachmentId: number,
  userId: number,
): Promise<{ filename: string; contentType: string; content: Buffer }> {
  const enquiry = await getEnquiry(deps, kind, id, userId);
  const row = await deps.db
    .selectFrom('mail_attachments')
    .innerJoin('enquiry_mails', 'enquiry_mails.id', 'mail_attachments.mail_id')
    .select(['mail_attachments.filename', 'mail_attachments.content_type', 'mail_attachments.content'])
    .where('mail_attachments.id', '=', attachmentId)
    .where('enquiry_mails.enquiry_id', '=', enquiry.id)
    .executeTakeFirst();
  if (!row) throw new AppError(404, REPLY_MESSAGES.NO_SUCH_ATTACHMENT);
  return { filename: row.filename, contentType: row.content_type, content: Buffer.from(row.content) };
}
