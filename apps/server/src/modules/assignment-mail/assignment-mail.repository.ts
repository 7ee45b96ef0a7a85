import type { Kysely, Transaction } from 'kysely';
import type { MessageKind } from '@agency/shared';
import type { Database } from '../../lib/database-schema';

type Db = Kysely<Database> | Transaction<Database>;

export async function readAssignmentMailEnabled(db: Db, userId: number): Promise<boolean | undefined> {
  const row = await db
    .selectFrom('users')
    .select('assignment_mail_enabled')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.assignment_mail_enabled) === 1;
}

export async function writeAssignmentMailEnabled(db: Db, userId: number, enabled: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ assignment_mail_enabled: enabled ? 1 : 0 })
    .where('id', '=', userId)
    .execute();
}

/** What the assignment mail names of the enquiry. */
export async function findAssignedEnquiry(
  db: Db,
  enquiryId: number,
): Promise<{ id: number; kind: MessageKind; reference: string; name: string } | undefined> {
  const row = await db
    .selectFrom('enquiries')
    .select(['id', 'kind', 'reference', 'name'])
    .where('id', '=', enquiryId)
    .executeTakeFirst();
  return row && { ...row, id: Number(row.id) };
}
