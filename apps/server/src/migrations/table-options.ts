import { MysqlAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely';

export const onMysql = (db: Kysely<unknown>): boolean => db.getExecutor().adapter instanceof MysqlAdapter;

/** A new table, with InnoDB and utf8mb4 on MySQL/MariaDB: one schema, the same on both databases. */
export function createTable<N extends string>(db: Kysely<unknown>, name: N): CreateTableBuilder<N, never> {
  const builder = db.schema.createTable(name);
  return onMysql(db)
    ? builder.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_ci`)
    : builder;
}
