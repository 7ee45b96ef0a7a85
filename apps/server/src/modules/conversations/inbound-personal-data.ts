import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, EpochMs } from '../../lib/database-schema';

type Db = Kysely<Database> | Transaction<Database>;

/** A conversation's mail as a data request finds it (issue 20 item 7): sent or received, with its attachments' names. */
export interface PersonConversationMail {
  id: number;
  enquiryId: number | null;
  direction: 'in' | 'out';
  fromAddress: string;
  toAddress: string | null;
  subject: string;
  text: string;
  createdAt: EpochMs;
  attachments: { filename: string; contentType: string; size: number }[];
}

/**
 * Every mail of the person's conversations: those of their enquiries, sent and received, and the received mails
 * that matched nothing but came from their address.
 */
export async function conversationMailsOfPerson(
  db: Db,
  person: { enquiryIds: number[]; email?: string },
): Promise<PersonConversationMail[]> {
  const email = person.email?.trim().toLowerCase();
  if (person.enquiryIds.length === 0 && !email) return [];
  const rows = await db
    .selectFrom('enquiry_mails')
    .select(['id', 'enquiry_id', 'direction', 'from_address', 'to_address', 'subject', 'text_body', 'created_at'])
    .where((eb) =>
      eb.or([
        ...(person.enquiryIds.length > 0 ? [eb('enquiry_id', 'in', person.enquiryIds)] : []),
        ...(email
          ? [
              eb.and([
                eb('enquiry_id', 'is', null),
                eb('direction', '=', 'in'),
                eb(sql<string>`lower(from_address)`, '=', email),
              ]),
            ]
          : []),
      ]),
    )
    .orderBy('id')
    .execute();
  const ids = rows.map((row) => row.id);
  const files =
    ids.length === 0
      ? []
      : await db
          .selectFrom('mail_attachments')
          .select(['mail_id', 'filename', 'content_type', 'size'])
          .where('mail_id', 'in', ids)
          .orderBy('id')
          .execute();
  return rows.map((row) => ({
    id: row.id,
    enquiryId: row.enquiry_id,
    direction: row.direction,
    fromAddress: row.from_address,
    toAddress: row.to_address,
    subject: row.subject,
    text: row.text_body,
    createdAt: Number(row.created_at),
    attachments: files
      .filter((file) => file.mail_id === row.id)
      .map((file) => ({ filename: file.filename, contentType: file.content_type, size: Number(file.size) })),
  }));
}

/**
 * The kept files of the given mails with their bytes, for a data request's ZIP: each under
 * `attachments/<mail id>-<attachment id>-<its name>`, the name cut to what any unzip tool takes.
 */
export async function attachmentFilesOf(db: Db, mailIds: number[]): Promise<Array<{ path: string; content: Buffer }>> {
  if (mailIds.length === 0) return [];
  const rows = await db
    .selectFrom('mail_attachments')
    .select(['id', 'mail_id', 'filename', 'content'])
    .where('mail_id', 'in', mailIds)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    path: `attachments/${row.mail_id}-${row.id}-${safeFileName(row.filename)}`,
    content: Buffer.from(row.content),
  }));
}

/** A stranger's file name as one safe path segment: no folders, no control characters, at most 100 characters. */
function safeFileName(name: string): string {
  const cleaned = [...name]
    .map((character) => (character.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(character) ? '_' : character))
    .join('')
    .replace(/^\.+/, '')
    .trim();
  return (cleaned || 'file').slice(-100);
}

/** Deletes conversation mails by id; their attachments go with them (foreign key). */
export async function deleteConversationMails(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('enquiry_mails').where('id', 'in', ids).execute();
}

/**
 * Received mails that matched no enquiry and that nobody filed within the period (the retention purge): they are
 * kept like the spam folder, 30 days, then go with their attachments. Returns how many went.
 */
export async function purgeUnmatchedMailsBefore(db: Kysely<Database>, cutoff: EpochMs, batch: number): Promise<number> {
  let purged = 0;
  for (;;) {
    const ids = (
      await db
        .selectFrom('enquiry_mails')
        .select('id')
        .where('enquiry_id', 'is', null)
        .where('direction', '=', 'in')
        .where('created_at', '<', cutoff)
        .orderBy('id')
        .limit(batch)
        .execute()
    ).map((row) => row.id);
    await deleteConversationMails(db, ids);
    purged += ids.length;
    if (ids.length < batch) return purged;
  }
}
