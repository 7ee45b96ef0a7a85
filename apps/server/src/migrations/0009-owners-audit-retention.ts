import { sql, type Kysely, type Migration } from 'kysely';
import { createTable } from './table-options';

/**
 * Issue 12 (docs/decisions/0022): each account's role (pending, staff, owner, refused, removed) instead of the
 * is_staff flag, which stays for older code paths but is no longer read; the append-only audit log; and the
 * scheduled runs that let exactly one instance purge expired data each day. Existing staff stay staff; the
 * installation's first account, when staff, becomes its owner, or else the earliest staff account.
 */
export const ownersAuditRetention: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('users')
      .addColumn('role', 'varchar(10)', (col) => col.notNull().defaultTo('pending'))
      .execute();
    await sql`update users set role = 'staff' where is_staff = 1`.execute(db);
    await sql`update users set role = 'owner'
      where role = 'staff' and id in (select first_user_id from installation)`.execute(db);
    const owners = await sql<{ n: number }>`select count(*) as n from users where role = 'owner'`.execute(db);
    if (Number(owners.rows[0]?.n ?? 0) === 0) {
      const first = await sql<{ id: number }>`select min(id) as id from users where role = 'staff'`.execute(db);
      const id = first.rows[0]?.id;
      if (id !== null && id !== undefined) await sql`update users set role = 'owner' where id = ${id}`.execute(db);
    }
    await db.schema.createIndex('users_role').on('users').column('role').execute();

    await createTable(db, 'audit_log')
      .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
      .addColumn('action', 'varchar(40)', (col) => col.notNull())
      // No foreign key: the log outlives the accounts it names, so it keeps the address as it was.
      .addColumn('actor_id', 'integer')
      .addColumn('actor_email', 'varchar(254)', (col) => col.notNull())
      .addColumn('target', 'varchar(300)', (col) => col.notNull())
      .addColumn('detail', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'id']).execute();
    await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_id', 'id']).execute();
    await db.schema.createIndex('audit_log_created').on('audit_log').column('created_at').execute();

    await createTable(db, 'scheduled_runs')
      .addColumn('job', 'varchar(40)', (col) => col.primaryKey())
      /** The Lagos calendar day of the last run that was claimed (YYYY-MM-DD). */
      .addColumn('last_run_on', 'varchar(10)', (col) => col.notNull())
      .addColumn('claimed_by', 'varchar(64)')
      .addColumn('claimed_at', 'bigint')
      .addColumn('finished_at', 'bigint')
      .execute();
  },
};
