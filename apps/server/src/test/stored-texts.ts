import type { Kysely } from 'kysely';
import type { Database } from '../lib/database-schema';

/**
 * The site's published text (issue 22) is no one's enquiry data: its seed quotes another Ngozi (a testimonial given
 * with her consent), which an erasure of a person must not touch.
 */
const SITE_CONTENT_TABLES = new Set(['content_items', 'content_versions']);

/**
 * Every value of every table but the site's content, as text, with where it was found ("table.column"): what an
 * erasure must leave free of the person. Tables are found at run time, so later migrations' tables are searched too.
 */
export async function everyStoredText(db: Kysely<Database>): Promise<Array<{ where: string; text: string }>> {
  const found: Array<{ where: string; text: string }> = [];
  for (const table of await db.introspection.getTables()) {
    if (SITE_CONTENT_TABLES.has(table.name)) continue;
    const rows = await db
      .selectFrom(table.name as 'users')
      .selectAll()
      .execute();
    for (const row of rows) {
      for (const [column, value] of Object.entries(row)) {
        const text = Buffer.isBuffer(value) ? value.toString('latin1') : String(value);
        found.push({ where: `${table.name}.${column}`, text });
      }
    }
  }
  return found;
}
