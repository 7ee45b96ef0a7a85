import type { Kysely, Migration } from 'kysely';
import { createTable } from './table-options';

/**
 * Issue 21 (docs/decisions/0038-0042): what the first-response times, targets, reminders, snoozes, the daily digest and
 * the first-touch sources need. Every column is added only when missing, so an interrupted run on MariaDB (which
 * commits each DDL statement) resumes. Enquiries from before this upgrade get no due time: nobody is reminded of them.
 */
export const responseTimes: Migration = {
  async up(db: Kysely<unknown>) {
    const columnsOf = async (table: string) =>
      new Set(
        (await db.introspection.getTables())
          .find((found) => found.name === table)
          ?.columns.map((column) => column.name) ?? [],
      );

    const enquiryColumns = await columnsOf('enquiries');
    const addEnquiryColumn = async (
      name: string,
      type: 'bigint' | 'integer' | 'varchar(16)' | 'varchar(253)' | 'varchar(200)',
    ) => {
      if (!enquiryColumns.has(name)) await db.schema.alterTable('enquiries').addColumn(name, type).execute();
    };
    // Targets and reminders: fixed on arrival from the kind's target and the business calendar.
    await addEnquiryColumn('response_due_at', 'bigint');
    await addEnquiryColumn('remind_at', 'bigint');
    await addEnquiryColumn('reminded_at', 'bigint');
    await addEnquiryColumn('escalated_at', 'bigint');
    // The first human answer on any channel.
    await addEnquiryColumn('first_response_at', 'bigint');
    await addEnquiryColumn('first_response_channel', 'varchar(16)');
    await addEnquiryColumn('first_response_by', 'integer');
    await addEnquiryColumn('first_response_business_ms', 'bigint');
    // Snooze: until a time, or until the customer writes (0/1).
    await addEnquiryColumn('snoozed_until', 'bigint');
    if (!enquiryColumns.has('snoozed_until_reply')) {
      await db.schema
        .alterTable('enquiries')
        .addColumn('snoozed_until_reply', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
    }
    // The first-touch source of the visit that sent it.
    await addEnquiryColumn('source_class', 'varchar(16)');
    await addEnquiryColumn('source_host', 'varchar(253)');
    await addEnquiryColumn('utm_source', 'varchar(200)');
    await addEnquiryColumn('utm_medium', 'varchar(200)');
    await addEnquiryColumn('utm_campaign', 'varchar(200)');
    await addEnquiryColumn('utm_term', 'varchar(200)');
    await addEnquiryColumn('utm_content', 'varchar(200)');

    // `if not exists` is understood by SQLite and MariaDB alike.
    await db.schema.createIndex('enquiries_remind_at').ifNotExists().on('enquiries').column('remind_at').execute();
    await db.schema
      .createIndex('enquiries_response_due_at')
      .ifNotExists()
      .on('enquiries')
      .column('response_due_at')
      .execute();

    const userColumns = await columnsOf('users');
    if (!userColumns.has('digest_enabled')) {
      await db.schema
        .alterTable('users')
        .addColumn('digest_enabled', 'integer', (col) => col.notNull().defaultTo(1))
        .execute();
    }

    await createTable(db, 'response_targets')
      .ifNotExists()
      .addColumn('kind', 'varchar(32)', (col) => col.primaryKey())
      .addColumn('target_minutes', 'integer', (col) => col.notNull())
      .addColumn('updated_by', 'integer')
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();

    // One digest per person per Lagos working day: the first instance to insert the row sends it.
    await createTable(db, 'digest_runs')
      .ifNotExists()
      .addColumn('user_id', 'integer', (col) => col.notNull())
      .addColumn('lagos_day', 'varchar(10)', (col) => col.notNull())
      .addColumn('sent_at', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('digest_runs_pk', ['user_id', 'lagos_day'])
      .addForeignKeyConstraint('digest_runs_user', ['user_id'], 'users', ['id'], (fk) => fk.onDelete('cascade'))
      .execute();
  },
};
