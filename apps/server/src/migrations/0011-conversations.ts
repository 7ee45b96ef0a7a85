import { sql, type Kysely, type Migration } from 'kysely';
import { createTable, onMysql } from './table-options';

/**
 * Conversations (issue 20, docs/decisions/0036): every mail of an enquiry's conversation, sent from the app or
 * received by IMAP or the inbound webhook, in `enquiry_mails`; their attachments; the owners' saved replies; each
 * polled mailbox's position and lease; an enquiry's customer reply waiting for us; and the outbox's threading
 * headers, so a staff reply is sent as an answer in the customer's thread.
 *
 * Each step can run again (MariaDB commits every DDL statement): a run broken off half way is finished by the next.
 */
export const conversations: Migration = {
  async up(db: Kysely<unknown>) {
    const mysql = onMysql(db);
    // MariaDB's `text` holds 64 KB and `blob` 64 KB; a mail may be larger.
    const longText = mysql ? sql`mediumtext` : sql`text`;
    const longBlob = mysql ? sql`longblob` : sql`blob`;

    await createTable(db, 'enquiry_mails')
      .ifNotExists()
      .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
      // null: a received mail that matched no enquiry (the Unmatched list).
      .addColumn('enquiry_id', 'integer')
      .addColumn('direction', 'varchar(3)', (col) => col.notNull())
      .addColumn('message_id', 'varchar(998)', (col) => col.notNull())
      .addColumn('message_key', 'char(64)', (col) => col.notNull())
      .addColumn('in_reply_to', 'varchar(998)')
      .addColumn('references_header', 'text')
      .addColumn('from_address', 'varchar(320)', (col) => col.notNull())
      .addColumn('from_name', 'varchar(200)')
      .addColumn('to_address', 'text')
      .addColumn('subject', 'varchar(998)', (col) => col.notNull())
      .addColumn('text_body', longText, (col) => col.notNull())
      .addColumn('html_body', longText)
      .addColumn('automated', 'varchar(20)')
      .addColumn('match_rule', 'varchar(20)')
      .addColumn('source', 'varchar(10)', (col) => col.notNull())
      .addColumn('mailbox', 'varchar(200)')
      .addColumn('uid_validity', 'bigint')
      .addColumn('uid', 'bigint')
      .addColumn('raw', longBlob)
      .addColumn('author_id', 'integer')
      .addColumn('outbox_id', 'integer')
      .addColumn('sent_at', 'bigint')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addUniqueConstraint('enquiry_mails_message', ['direction', 'message_key'])
      .addUniqueConstraint('enquiry_mails_position', ['mailbox', 'uid_validity', 'uid'])
      // A table constraint: MariaDB ignores a REFERENCES written on a column.
      .addForeignKeyConstraint('enquiry_mails_enquiry_fk', ['enquiry_id'], 'enquiries', ['id'], (fk) =>
        fk.onDelete('cascade'),
      )
      .execute();
    await db.schema
      .createIndex('enquiry_mails_enquiry')
      .ifNotExists()
      .on('enquiry_mails')
      .columns(['enquiry_id', 'created_at'])
      .execute();

    await createTable(db, 'mail_attachments')
      .ifNotExists()
      .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
      .addColumn('mail_id', 'integer', (col) => col.notNull())
      .addColumn('filename', 'varchar(255)', (col) => col.notNull())
      .addColumn('content_type', 'varchar(255)', (col) => col.notNull())
      .addColumn('size', 'integer', (col) => col.notNull())
      .addColumn('content_id', 'varchar(255)')
      .addColumn('content', longBlob, (col) => col.notNull())
      .addForeignKeyConstraint('mail_attachments_mail_fk', ['mail_id'], 'enquiry_mails', ['id'], (fk) =>
        fk.onDelete('cascade'),
      )
      .execute();
    await db.schema
      .createIndex('mail_attachments_mail')
      .ifNotExists()
      .on('mail_attachments')
      .column('mail_id')
      .execute();

    await createTable(db, 'saved_replies')
      .ifNotExists()
      .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
      .addColumn('title', 'varchar(120)', (col) => col.notNull())
      .addColumn('body', 'text', (col) => col.notNull())
      .addColumn('created_by', 'integer')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();

    await createTable(db, 'mailbox_state')
      .ifNotExists()
      .addColumn('mailbox', 'varchar(200)', (col) => col.primaryKey())
      .addColumn('uid_validity', 'bigint')
      .addColumn('last_uid', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('lease_owner', 'varchar(64)')
      .addColumn('lease_until', 'bigint')
      .execute();

    const columnsOf = async (table: string) =>
      new Set(
        (await db.introspection.getTables())
          .find((found) => found.name === table)
          ?.columns.map((column) => column.name) ?? [],
      );
    const enquiryColumns = await columnsOf('enquiries');
    if (!enquiryColumns.has('waiting_since')) {
      await db.schema.alterTable('enquiries').addColumn('waiting_since', 'bigint').execute();
    }
    const outboxColumns = await columnsOf('outbox');
    if (!outboxColumns.has('from_name')) {
      await db.schema.alterTable('outbox').addColumn('from_name', 'varchar(200)').execute();
    }
    if (!outboxColumns.has('in_reply_to')) {
      await db.schema.alterTable('outbox').addColumn('in_reply_to', 'varchar(998)').execute();
    }
    if (!outboxColumns.has('references_header')) {
      await db.schema.alterTable('outbox').addColumn('references_header', 'text').execute();
    }
  },
};
