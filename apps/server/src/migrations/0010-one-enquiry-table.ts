import { sql, type Kysely, type Migration } from 'kysely';
import { enquiryNameOf, enquiryPreviewOf, enquirySearchTextOf, KIND_COLUMNS, type MessageKind } from '@agency/shared';
import { createTable, onMysql } from './table-options';

/** The tables each kind had before this migration, in the order their rows take the new ids. */
const KIND_TABLES = [
  ['web_dev', 'web_dev_messages'],
  ['creative_design', 'creative_design_messages'],
  ['contact', 'contact_messages'],
  ['request_quote', 'request_quote_messages'],
] as const satisfies ReadonlyArray<readonly [MessageKind, string]>;

/** Rows read and written at a time, so a large table is never read at once. */
const BATCH = 500;

/** The types of the kinds' own columns as 0001 made them (every one nullable here: other kinds leave it empty). */
const KIND_COLUMN_TYPES: Record<string, 'varchar(100)' | 'varchar(254)' | 'varchar(40)' | 'varchar(20)' | 'text'> = {
  firstname: 'varchar(100)',
  surname: 'varchar(100)',
  schedule: 'varchar(20)',
  training_type: 'varchar(40)',
  occupation: 'varchar(40)',
  state: 'varchar(40)',
  referral: 'varchar(40)',
  message: 'text',
  location: 'varchar(40)',
  project_description: 'text',
  services: 'text',
};

/**
 * One `enquiries` table for the four kinds (issue 19, docs/decisions/0034); notes, reads, history and mail records
 * point at it by foreign key, so deleting an enquiry deletes them.
 *
 * Ids: the rows of the first kind keep their ids; each later kind's rows get their old id plus an offset at least as
 * large as that kind's largest old id and past the kinds before it. So for every kind, an old id (from a mail link
 * sent before, or an old client's list) is either the same row's new id or no new id of that kind at all: the
 * lookup `kind = ? and (id = ? or legacy_id = ?)` finds the right enquiry and never another. New ids continue past
 * every old id and past every reference number handed out, and are the numbers of the new references.
 *
 * On SQLite it runs in one transaction; MariaDB commits each DDL statement, so every step here can run again: a
 * migration broken off half way is finished by the next start.
 */
export const oneEnquiryTable: Migration = {
  async up(db: Kysely<unknown>) {
    const mysql = onMysql(db);
    let table = createTable(db, 'enquiries')
      .ifNotExists()
      .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
      .addColumn('kind', 'varchar(20)', (col) => col.notNull())
      .addColumn('reference', 'varchar(20)', (col) => col.notNull().unique())
      .addColumn('legacy_id', 'integer')
      .addColumn('name', 'varchar(201)', (col) => col.notNull())
      .addColumn('email', 'varchar(254)', (col) => col.notNull())
      .addColumn('phone', 'varchar(30)', (col) => col.notNull())
      .addColumn('phone_key', 'varchar(20)', (col) => col.notNull())
      .addColumn('preview', 'varchar(600)', (col) => col.notNull())
      .addColumn('search_text', 'text', (col) => col.notNull())
      .addColumn('status', 'varchar(12)', (col) => col.notNull().defaultTo('new'))
      .addColumn('assignee_id', 'integer')
      .addColumn('folder', 'varchar(8)', (col) => col.notNull())
      .addColumn('human_check', 'varchar(12)', (col) => col.notNull())
      .addColumn('spam_reason', 'varchar(20)')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('trashed_at', 'bigint');
    for (const column of KIND_COLUMNS) {
      if (['name', 'email', 'phone'].includes(column)) continue;
      const type = KIND_COLUMN_TYPES[column];
      if (!type) throw new Error(`0010 does not know the type of the column ${column}`);
      table = table.addColumn(column, type);
    }
    await table.addUniqueConstraint('enquiries_kind_legacy', ['kind', 'legacy_id']).execute();
    const index = (name: string, columns: string[]) =>
      db.schema.createIndex(name).ifNotExists().on('enquiries').columns(columns).execute();
    // The lists (one kind or all), newest first by keyset, with and without a status filter: read in index order.
    await index('enquiries_folder_created', ['folder', 'created_at', 'id']);
    await index('enquiries_kind_folder_created', ['kind', 'folder', 'created_at', 'id']);
    await index('enquiries_kind_folder_status_created', ['kind', 'folder', 'status', 'created_at', 'id']);
    await index('enquiries_folder_status_created', ['folder', 'status', 'created_at', 'id']);
    await index('enquiries_phone_key', ['phone_key']);
    await index('enquiries_folder_trashed', ['folder', 'trashed_at']);
    await index('enquiries_assignee', ['assignee_id']);

    const old = await oldTables(db);
    if (old.length > 0) {
      const offsets = await idOffsets(db, old);
      for (const [kind, oldTable] of old) await copyEnquiries(db, kind, oldTable, offsets.get(kind) ?? 0);
      await continueIdsPast(db, mysql, offsets.next);
    }

    await moveToForeignKey(db, 'enquiry_notes', (builder) =>
      builder
        .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
        .addColumn('enquiry_id', 'integer', (col) => col.notNull())
        // No foreign key: a note outlives its author's account ("A former colleague").
        .addColumn('author_id', 'integer')
        .addColumn('body', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull()),
    );
    await moveToForeignKey(db, 'enquiry_events', (builder) =>
      builder
        .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
        .addColumn('enquiry_id', 'integer', (col) => col.notNull())
        .addColumn('actor_id', 'integer')
        .addColumn('action', 'varchar(20)', (col) => col.notNull())
        .addColumn('from_value', 'varchar(100)')
        .addColumn('to_value', 'varchar(100)')
        .addColumn('created_at', 'bigint', (col) => col.notNull()),
    );
    await moveToForeignKey(db, 'enquiry_reads', (builder) =>
      builder
        .addColumn('enquiry_id', 'integer', (col) => col.notNull())
        .addColumn('user_id', 'integer', (col) => col.notNull())
        .addColumn('read_at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('enquiry_reads_pk', ['enquiry_id', 'user_id']),
    );
    await db.schema
      .createIndex('enquiry_notes_enquiry')
      .ifNotExists()
      .on('enquiry_notes')
      .columns(['enquiry_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('enquiry_events_enquiry')
      .ifNotExists()
      .on('enquiry_events')
      .columns(['enquiry_id', 'created_at'])
      .execute();

    await linkMails(db, mysql);

    for (const [, oldTable] of old) await db.schema.dropTable(oldTable).ifExists().execute();
    await db.schema.dropTable('enquiry_numbers').ifExists().execute();
  },
};

async function tableNames(db: Kysely<unknown>): Promise<Set<string>> {
  return new Set((await db.introspection.getTables()).map((table) => table.name));
}

async function oldTables(db: Kysely<unknown>): Promise<Array<readonly [MessageKind, string]>> {
  const names = await tableNames(db);
  return KIND_TABLES.filter(([, table]) => names.has(table));
}

async function maxOf(db: Kysely<unknown>, table: string, column = 'id'): Promise<number> {
  const result = await sql<{ top: number | string | null }>`
    select max(${sql.ref(column)}) as top from ${sql.table(table)}
  `.execute(db);
  return Number(result.rows[0]?.top ?? 0);
}

/** Each kind's offset (see the migration's comment) and the first id past all of them and every reference number. */
async function idOffsets(
  db: Kysely<unknown>,
  old: ReadonlyArray<readonly [MessageKind, string]>,
): Promise<Map<MessageKind, number> & { next: number }> {
  const offsets = new Map<MessageKind, number>();
  let end = 0;
  let first = true;
  for (const [kind, table] of old) {
    const top = await maxOf(db, table);
    const offset = first ? 0 : Math.max(end, top);
    offsets.set(kind, offset);
    end = offset + top;
    first = false;
  }
  const names = await tableNames(db);
  const numbers = names.has('enquiry_numbers') ? await maxOf(db, 'enquiry_numbers') : 0;
  return Object.assign(offsets, { next: Math.max(end, numbers) + 1 });
}

/** Copies one old table's rows not copied yet (a broken-off run resumes after the last one it copied). */
async function copyEnquiries(db: Kysely<unknown>, kind: MessageKind, table: string, offset: number): Promise<void> {
  const done = await sql<{ top: number | string | null }>`
    select max(legacy_id) as top from enquiries where kind = ${kind}
  `.execute(db);
  let lastId = Number(done.rows[0]?.top ?? 0);
  for (;;) {
    const batch = await sql<Record<string, unknown>>`
      select * from ${sql.table(table)} where id > ${lastId} order by id limit ${BATCH}
    `.execute(db);
    if (batch.rows.length === 0) return;
    for (const row of batch.rows) {
      const own = Object.fromEntries(KIND_COLUMNS.filter((column) => column in row).map((c) => [c, row[c] ?? null]));
      const values: Record<string, unknown> = {
        ...own,
        id: Number(row.id) + offset,
        kind,
        reference: row.reference,
        legacy_id: Number(row.id),
        name: enquiryNameOf(kind, row),
        email: row.email,
        phone: row.phone,
        phone_key: row.phone_key,
        preview: enquiryPreviewOf(kind, row),
        // Made again from the definition: the search now reads every field it marks searched (state, location).
        search_text: enquirySearchTextOf(kind, row),
        status: row.status,
        assignee_id: row.assignee_id,
        folder: row.folder,
        human_check: row.human_check,
        spam_reason: row.spam_reason,
        created_at: Number(row.created_at),
        trashed_at: row.trashed_at === null ? null : Number(row.trashed_at),
      };
      await db
        .insertInto('enquiries' as never)
        .values(values as never)
        .execute();
    }
    lastId = Number(batch.rows[batch.rows.length - 1]?.id);
  }
}

/** New enquiries are numbered after every id and reference number the old tables used. */
async function continueIdsPast(db: Kysely<unknown>, mysql: boolean, next: number): Promise<void> {
  if (mysql) {
    await sql.raw(`alter table enquiries auto_increment = ${Math.max(next, 1)}`).execute(db);
    return;
  }
  await sql`delete from sqlite_sequence where name = 'enquiries'`.execute(db);
  const top = Math.max(next - 1, await maxOf(db, 'enquiries'));
  await sql`insert into sqlite_sequence (name, seq) values ('enquiries', ${top})`.execute(db);
}

/**
 * Rebuilds a table that pointed at an enquiry by (kind, enquiry_id) as one that points at enquiries.id by foreign
 * key: made under a new name, filled, the old one dropped, the new one renamed. Each step is checked first, so a run
 * broken off between two of them goes on from there.
 */
async function moveToForeignKey(
  db: Kysely<unknown>,
  name: 'enquiry_notes' | 'enquiry_events' | 'enquiry_reads',
  columns: (builder: ReturnType<typeof createTable>) => ReturnType<typeof createTable>,
): Promise<void> {
  const next = `${name}_next`;
  // A table-level constraint: MariaDB ignores a REFERENCES clause written on the column.
  const withForeignKey = (builder: ReturnType<typeof createTable>) =>
    columns(builder).addForeignKeyConstraint(`${name}_enquiry_fk`, ['enquiry_id' as never], 'enquiries', ['id'], (fk) =>
      fk.onDelete('cascade'),
    );
  const tables = await db.introspection.getTables();
  const current = tables.find((table) => table.name === name);
  const movedAlready = current && !current.columns.some((column) => column.name === 'kind');
  if (movedAlready) return;
  if (current) {
    await withForeignKey(createTable(db, next).ifNotExists()).execute();
    const copied = name === 'enquiry_reads' ? ['user_id', 'read_at'] : await ownColumns(db, name);
    const list = sql.join(copied.map((column) => sql.ref(column)));
    const fromList = sql.join(copied.map((column) => sql.ref(`old.${column}`)));
    const notYet =
      name === 'enquiry_reads'
        ? sql`not exists (select 1 from ${sql.table(next)} n where n.enquiry_id = e.id and n.user_id = old.user_id)`
        : sql`not exists (select 1 from ${sql.table(next)} n where n.id = old.id)`;
    // Rows of an enquiry that is gone have nothing to point at, and go.
    await sql`
      insert into ${sql.table(next)} (enquiry_id, ${list})
      select e.id, ${fromList} from ${sql.table(name)} old
      join enquiries e on e.kind = old.kind and e.legacy_id = old.enquiry_id
      where ${notYet}
    `.execute(db);
    await db.schema.dropTable(name).execute();
  } else if (!tables.some((table) => table.name === next)) {
    await withForeignKey(createTable(db, name)).execute();
    return;
  }
  await db.schema.alterTable(next).renameTo(name).execute();
}

async function ownColumns(db: Kysely<unknown>, table: string): Promise<string[]> {
  const found = (await db.introspection.getTables()).find((candidate) => candidate.name === table);
  return (found?.columns ?? [])
    .map((column) => column.name)
    .filter((column) => column !== 'kind' && column !== 'enquiry_id');
}

/**
 * Each mail record points at the enquiry it is about: the staff notification and the auto-reply name its reference
 * in the subject or the text. A reference inside a longer one (RD-26-10000 in RD-26-100000) is not taken.
 */
async function linkMails(db: Kysely<unknown>, mysql: boolean): Promise<void> {
  const outbox = (await db.introspection.getTables()).find((table) => table.name === 'outbox');
  if (!outbox) return;
  const hasColumn = outbox.columns.some((column) => column.name === 'enquiry_id');
  if (!mysql && !hasColumn) {
    await db.schema
      .alterTable('outbox')
      .addColumn('enquiry_id', 'integer', (col) => col.references('enquiries.id').onDelete('cascade'))
      .execute();
  }
  if (mysql) {
    // Two statements on MariaDB, each committed: the second is checked apart, for a run broken off between them.
    if (!hasColumn) await db.schema.alterTable('outbox').addColumn('enquiry_id', 'integer').execute();
    const constraint = await sql<{ n: number | string }>`select count(*) as n from information_schema.table_constraints
      where constraint_schema = database() and table_name = 'outbox' and constraint_name = 'outbox_enquiry'`.execute(
      db,
    );
    if (Number(constraint.rows[0]?.n ?? 0) === 0) {
      await sql`alter table outbox add constraint outbox_enquiry foreign key (enquiry_id)
        references enquiries (id) on delete cascade`.execute(db);
    }
  }
  await db.schema.createIndex('outbox_enquiry_id').ifNotExists().on('outbox').column('enquiry_id').execute();
  let lastId = 0;
  for (;;) {
    const batch = await sql<{ id: number; subject: string; text_body: string }>`
      select id, subject, text_body from outbox where id > ${lastId} and enquiry_id is null
      and purpose in ('staff-notification', 'auto-reply') order by id limit ${BATCH}
    `.execute(db);
    if (batch.rows.length === 0) return;
    for (const mail of batch.rows) {
      const reference = /\bRD-\d{2}-\d{5,}\b/.exec(`${mail.subject}\n${mail.text_body}`)?.[0];
      if (reference) {
        await sql`update outbox set enquiry_id = (select id from enquiries where reference = ${reference})
          where id = ${mail.id}`.execute(db);
      }
    }
    lastId = Number(batch.rows[batch.rows.length - 1]?.id);
  }
}
