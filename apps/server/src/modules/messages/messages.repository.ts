import { sql, type Kysely } from 'kysely';
import { MESSAGE_KIND_FIELDS, type MessageKind, type MessageRowByKind } from '@agency/shared';
import type { Database } from '../../lib/database-schema';
import { columnOf, inputKeyOf, MESSAGE_KIND_DEFINITIONS, storedFieldsOf } from './message-kinds';

// The four tables share a shape the compiler cannot see through a table-name variable.
type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

export interface ListOptions {
  limit?: number;
  offset?: number;
  q?: string;
  /** Also count every matching row (paged lists answer `total`). */
  withTotal?: boolean;
}

export async function insertMessage(
  db: Kysely<Database>,
  kind: MessageKind,
  input: Record<string, unknown>,
  createdAt: number,
): Promise<number> {
  const values: Record<string, unknown> = { created_at: createdAt };
  for (const field of storedFieldsOf(kind)) {
    const value = input[inputKeyOf(field)] ?? null;
    values[columnOf(field)] = field === 'services' ? JSON.stringify(value ?? []) : value;
  }
  const result = await (db as unknown as AnyDb)
    .insertInto(MESSAGE_KIND_DEFINITIONS[kind].table)
    .values(values)
    .executeTakeFirstOrThrow();
  return Number(result.insertId);
}

/** A stored row as the API returns it: id, then exactly the fields of spec 3, in that order. */
export function toApiMessage<K extends MessageKind>(kind: K, row: Record<string, unknown>): MessageRowByKind[K] {
  const message: Record<string, unknown> = { id: Number(row.id) };
  for (const field of MESSAGE_KIND_FIELDS[kind]) {
    const value = row[columnOf(field)];
    if (field === 'created_at') message[field] = new Date(Number(value)).toISOString();
    else if (field === 'services') message[field] = JSON.parse(String(value)) as string[];
    else message[field] = value ?? null;
  }
  return message as unknown as MessageRowByKind[K];
}

function likePattern(q: string): string {
  return `%${q.replace(/[!%_]/g, (char) => `!${char}`)}%`;
}

export async function listMessages<K extends MessageKind>(
  db: Kysely<Database>,
  kind: K,
  options: ListOptions = {},
): Promise<{ messages: MessageRowByKind[K][]; total?: number }> {
  const definition = MESSAGE_KIND_DEFINITIONS[kind];
  const base = (db as unknown as AnyDb)
    .selectFrom(definition.table)
    .$if(Boolean(options.q), (query) =>
      query.where(({ or }) =>
        or(
          definition.searchFields.map(
            (field) => sql<boolean>`${sql.ref(columnOf(field))} like ${likePattern(options.q ?? '')} escape '!'`,
          ),
        ),
      ),
    );
  let rowsQuery = base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc');
  if (options.limit !== undefined || options.offset !== undefined) {
    // SQL needs a LIMIT before an OFFSET; "no limit" is the largest one both databases take.
    rowsQuery = rowsQuery.limit(options.limit ?? Number.MAX_SAFE_INTEGER).offset(options.offset ?? 0);
  }
  const rows = await rowsQuery.execute();
  const messages = rows.map((row) => toApiMessage(kind, row));
  if (!options.withTotal) return { messages };
  const count = await base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
  return { messages, total: Number(count.total) };
}

export async function deleteMessage(db: Kysely<Database>, kind: MessageKind, id: number): Promise<boolean> {
  const result = await (db as unknown as AnyDb)
    .deleteFrom(MESSAGE_KIND_DEFINITIONS[kind].table)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
