import type { Kysely, Migration } from 'kysely';

/**
 * Issue 23 item 3: the name a staff member goes by. Null until the person sets one: until then they are shown by their
 * e-mail's local part, as every earlier version showed them. Added only when missing, so an interrupted run on
 * MariaDB (which commits each DDL statement) resumes.
 */
export const displayNames: Migration = {
  async up(db: Kysely<unknown>) {
    const users = (await db.introspection.getTables()).find((table) => table.name === 'users');
    if (users?.columns.some((column) => column.name === 'display_name')) return;
    // 60 characters of the widest kind fit in 240 bytes of utf8mb4; the column counts characters on both databases.
    await db.schema.alterTable('users').addColumn('display_name', 'varchar(60)').execute();
  },
};
