import { type CreateTableBuilder, type Kysely, type Migration } from 'kysely';
import { createTable } from './table-options';

/**
 * One schema for SQLite and MySQL/MariaDB: plain column types both understand, times as epoch
 * milliseconds (bigint), booleans as 0/1 integers, JSON as text.
 */
export const initialSchema: Migration = {
  async up(db: Kysely<unknown>) {
    const id = <N extends string>(builder: CreateTableBuilder<N, never>) =>
      builder.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());

    await id(createTable(db, 'users'))
      .addColumn('email', 'varchar(254)', (col) => col.notNull().unique())
      .addColumn('password_hash', 'varchar(100)', (col) => col.notNull())
      .addColumn('profile_image', 'varchar(100)', (col) => col.notNull())
      .addColumn('is_staff', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('confirmed_at', 'bigint')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();

    await id(createTable(db, 'email_tokens'))
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('purpose', 'varchar(16)', (col) => col.notNull())
      .addColumn('token_hash', 'char(64)', (col) => col.notNull().unique())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .addColumn('used_at', 'bigint')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('email_tokens_user_purpose')
      .on('email_tokens')
      .columns(['user_id', 'purpose'])
      .execute();

    await createTable(db, 'sessions')
      .addColumn('sid', 'varchar(128)', (col) => col.primaryKey())
      .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
      .addColumn('data', 'text', (col) => col.notNull())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
    await db.schema.createIndex('sessions_expires').on('sessions').column('expires_at').execute();

    await id(createTable(db, 'login_failures'))
      .addColumn('scope', 'varchar(8)', (col) => col.notNull())
      .addColumn('subject', 'varchar(254)', (col) => col.notNull())
      .addColumn('failed_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('login_failures_subject')
      .on('login_failures')
      .columns(['scope', 'subject', 'failed_at'])
      .execute();

    await createTable(db, 'installation')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('first_user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('claimed_at', 'bigint', (col) => col.notNull())
      .execute();

    const trainingColumns = <N extends string>(builder: CreateTableBuilder<N, never>) =>
      id(builder)
        .addColumn('firstname', 'varchar(100)', (col) => col.notNull())
        .addColumn('surname', 'varchar(100)', (col) => col.notNull())
        .addColumn('email', 'varchar(254)', (col) => col.notNull())
        .addColumn('phone', 'varchar(30)', (col) => col.notNull())
        .addColumn('schedule', 'varchar(20)');
    const trainingTail = <N extends string>(builder: CreateTableBuilder<N, never>) =>
      builder
        .addColumn('occupation', 'varchar(40)', (col) => col.notNull())
        .addColumn('state', 'varchar(40)', (col) => col.notNull())
        .addColumn('referral', 'varchar(40)', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull());

    await trainingTail(
      trainingColumns(createTable(db, 'web_dev_messages')).addColumn('training_type', 'varchar(40)'),
    ).execute();
    await trainingTail(trainingColumns(createTable(db, 'creative_design_messages'))).execute();

    await id(createTable(db, 'contact_messages'))
      .addColumn('name', 'varchar(100)', (col) => col.notNull())
      .addColumn('email', 'varchar(254)', (col) => col.notNull())
      .addColumn('phone', 'varchar(30)', (col) => col.notNull())
      .addColumn('message', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();

    await id(createTable(db, 'request_quote_messages'))
      .addColumn('name', 'varchar(100)', (col) => col.notNull())
      .addColumn('email', 'varchar(254)', (col) => col.notNull())
      .addColumn('phone', 'varchar(30)', (col) => col.notNull())
      .addColumn('location', 'varchar(40)', (col) => col.notNull())
      .addColumn('project_description', 'text', (col) => col.notNull())
      .addColumn('services', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();

    for (const name of ['web_dev_messages', 'creative_design_messages', 'contact_messages', 'request_quote_messages']) {
      await db.schema.createIndex(`${name}_newest`).on(name).columns(['created_at', 'id']).execute();
    }
  },
};
