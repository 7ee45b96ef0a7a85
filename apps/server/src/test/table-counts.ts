import { sql, type Kysely } from 'kysely';
import type { Database } from '../lib/database-schema';

/**
 * Tables whose rows are counters and bookkeeping, not data anyone stored: Kysely's migration log, and the abuse
 * limits' counters, which a refused request is meant to change (a wrong password counts as a failure).
 */
const NOT_STORED_DATA = /^kysely_|failure|rate_limit|throttle|attempt|counter/i;

/** The tables that hold stored data, found at run time, so tables added by later migrations are counted too. */
export async function dataTables(db: Kysely<Database>): Promise<string[]> {
  const tables = await db.introspection.getTables();
  return tables
    .map((table) => table.name)
    .filter((name) => !NOT_STORED_DATA.test(name))
    .sort();
}

/** The number of rows in each of `tables`, in one round trip. */
export async function countRows(db: Kysely<Database>, tables: string[]): Promise<Record<string, number>> {
  const selects = tables.map((table) => sql`select ${table} as name, count(*) as n from ${sql.table(table)}`);
  const result = await sql<{ name: string; n: number | string }>`${sql.join(selects, sql` union all `)}`.execute(db);
  return Object.fromEntries(result.rows.map((row) => [row.name, Number(row.n)]));
}
