import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../lib/database-schema';
import { isUniqueViolation } from '../../lib/db-errors';
import type { IngestImapMail } from './imap-poller';

/**
 * For the IMAP tests until inbound.service.ts's ingestMail is there: the same contract on the same unique keys (one
 * row per direction and Message-ID, one per mailbox position; a repeat changes nothing and says duplicate), without
 * the matching. The tests count by message_key, which is what ingestMail keeps unique.
 */
export function storeOnceForTests(db: Kysely<Database>): IngestImapMail {
  return async ({ raw, source, position }) => {
    const head = raw.toString('latin1').split(/\r?\n\r?\n/, 1)[0] ?? '';
    const header = (name: string) =>
      new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'im')
        .exec(head)?.[1]
        ?.replace(/\r?\n[ \t]+/g, ' ')
        .trim();
    const messageId = header('Message-ID') ?? `<${createHash('sha256').update(raw).digest('hex')}@no-message-id>`;
    const messageKey = createHash('sha256').update(messageId.replace(/^<|>$/g, '').toLowerCase()).digest('hex');
    const existing = () =>
      db
        .selectFrom('enquiry_mails')
        .select(['id', 'enquiry_id'])
        .where('direction', '=', 'in')
        .where('message_key', '=', messageKey)
        .executeTakeFirst();
    const before = await existing();
    if (before) return { mailId: before.id, enquiryId: before.enquiry_id, duplicate: true };
    try {
      const inserted = await db.transaction().execute((trx) =>
        trx
          .insertInto('enquiry_mails')
          .values({
            enquiry_id: null,
            direction: 'in',
            message_id: messageId,
            message_key: messageKey,
            in_reply_to: null,
            references_header: null,
            from_address: header('From') ?? '',
            from_name: null,
            to_address: header('To') ?? null,
            subject: header('Subject') ?? '',
            text_body: '',
            html_body: null,
            automated: null,
            match_rule: null,
            source,
            mailbox: position.mailbox,
            uid_validity: position.uidValidity,
            uid: position.uid,
            raw,
            author_id: null,
            outbox_id: null,
            sent_at: null,
            created_at: Date.now(),
          })
          .executeTakeFirstOrThrow(),
      );
      return { mailId: Number(inserted.insertId), enquiryId: null, duplicate: false };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const found = await existing();
      return { mailId: found?.id ?? 0, enquiryId: found?.enquiry_id ?? null, duplicate: true };
    }
  };
}
