import type { Kysely, Migration } from 'kysely';
import { createTable } from './table-options';

/**
 * The abuse limits' counters (docs/decisions/0014): one row per limit, window and subject, in the table layout
 * rate-limiter-flexible's SQLite and MySQL stores use (they insert by position: key, points, expire), created here so
 * the schema is versioned with the others. The counters replace login_failures, whose rows expire within 15 minutes
 * anyway.
 */
export const rateLimits: Migration = {
  async up(db: Kysely<unknown>) {
    const builder = createTable(db, 'rate_limits')
      // The limit's name and window, then the SHA-256 of the subject in hex: no address is stored, and the length
      // is fixed whatever the e-mail.
      .addColumn('key', 'varchar(255)', (col) => col.primaryKey())
      .addColumn('points', 'integer', (col) => col.notNull().defaultTo(0))
      // Epoch milliseconds at which the window ends.
      .addColumn('expire', 'bigint');
    await builder.execute();
    await db.schema.createIndex('rate_limits_expire').on('rate_limits').column('expire').execute();
    await db.schema.dropTable('login_failures').execute();
  },
};
