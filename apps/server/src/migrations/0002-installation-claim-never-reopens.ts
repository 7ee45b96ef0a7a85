import { sql, type Kysely, type Migration } from 'kysely';
import { createTable } from './table-options';

/**
 * The installation claim outlives its account (docs/decisions/0004): the claim row no longer cascades away when
 * the first account is deleted, and a database that already has accounts but no claim (they were created with an
 * allowlist) is marked claimed, so the first-account rule never reopens.
 */
export const installationClaimNeverReopens: Migration = {
  async up(db: Kysely<unknown>) {
    const rows = await sql<{ id: number; first_user_id: number; claimed_at: number }>`
      select id, first_user_id, claimed_at from installation
    `.execute(db);
    await db.schema.dropTable('installation').execute();
    const builder = createTable(db, 'installation')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      // No foreign key: deleting the first account must leave the claim in place.
      .addColumn('first_user_id', 'integer')
      .addColumn('claimed_at', 'bigint', (col) => col.notNull());
    await builder.execute();
    const claim = rows.rows[0];
    if (claim) {
      await sql`insert into installation (id, first_user_id, claimed_at)
        values (${claim.id}, ${claim.first_user_id}, ${claim.claimed_at})`.execute(db);
      return;
    }
    const first = await sql<{ id: number; created_at: number }>`
      select id, created_at from users order by id limit 1
    `.execute(db);
    const user = first.rows[0];
    if (user) {
      await sql`insert into installation (id, first_user_id, claimed_at)
        values (1, ${user.id}, ${user.created_at})`.execute(db);
    }
  },
};
