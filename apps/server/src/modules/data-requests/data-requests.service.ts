import {
  FORMER_COLLEAGUE,
  listedRowOf,
  phoneSearchKey,
  type DataErasure,
  type DataErasureAnswerSchema,
  type DataRequestAnswer,
  type DataRequestQuery,
  type MessageKind,
} from '@agency/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { lagosDayOf } from '../../lib/clock';
import { truncateWriteAheadLog } from '../../lib/db';
import { withConflictRetry } from '../../lib/db-errors';
import {
  appendToErasureLedger,
  erasureIdOf,
  erasureKeyOf,
  erasureLedgerOf,
  recordedErasureOf,
  type RecordedErasure,
} from '../../lib/erasure-ledger';
import { AppError } from '../../lib/errors';
import { defaultBackupDir, outboxDir } from '../../lib/paths';
import { removeOutboxFiles } from '../../lib/mailer';
import type { Sheet, ZipFile } from '../../lib/spreadsheet';
import { listAuditDetails, recordAudit, SERVER_ACTOR, type AuditActor } from '../audit/audit.service';
import { findUserById, usernameOf } from '../auth/auth.service';
import { deleteEnquiries, emailsOf, listNotesOn } from '../inbox/inbox.service';
import {
  attachmentFilesOf,
  conversationMailsOfPerson,
  deleteConversationMails,
  type PersonConversationMail,
} from '../conversations/conversations.service';
import { deleteMails } from '../outbox/outbox';
import { personSheetsOf } from './data-request-sheets';
import * as repository from './data-requests.repository';
import type { Db, PersonKey, PersonMailRow, PersonNoteRow } from './data-requests.repository';

type DataRequestDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'logger'>;
type DataErasureAnswer = z.infer<typeof DataErasureAnswerSchema>;

export const DATA_REQUEST_ERRORS = {
  /** The records changed between the owner's search and their confirmation: nothing is erased. */
  COUNT_CHANGED: (found: number, expected: number) =>
    `This person now has ${found} record${found === 1 ? '' : 's'}, not ${expected}: nothing was erased. Search again and confirm the new number.`,
} as const;

/** The person a query names, as the tables compare them. */
function personKeyOf(query: { email?: string; phone?: string }): PersonKey {
  return {
    email: query.email?.toLowerCase(),
    phoneKey: query.phone === undefined ? undefined : phoneSearchKey(query.phone),
  };
}

/**
 * The person as the audit log names them: enough for an owner to tell which request an entry was, too little to
 * find the person again once their data is erased (docs/decisions/0022). `o***@example.ng`, `+234 *** *** 1234`.
 */
export function maskedPersonOf(query: { email?: string; phone?: string }): string {
  const parts: string[] = [];
  if (query.email !== undefined) {
    const at = query.email.lastIndexOf('@');
    parts.push(`${query.email.slice(0, 1).toLowerCase()}***${query.email.slice(at).toLowerCase()}`);
  }
  if (query.phone !== undefined) parts.push(`+234 *** *** ${phoneSearchKey(query.phone).slice(-4)}`);
  return parts.join(' / ');
}

/**
 * The masked person as a download's name carries it, safe on every file system (no `*`, `/`, space or quote):
 * underscores stand for the hidden letters. `a___@gmail.com`, `phone-___1234`, both joined by `-and-`
 * (docs/decisions/0047).
 */
export function fileSafePersonOf(query: { email?: string; phone?: string }): string {
  const parts: string[] = [];
  if (query.email !== undefined) {
    const email = query.email.toLowerCase();
    const first = /^[a-z0-9]/.test(email) ? email.charAt(0) : '_';
    const domain = email.slice(email.lastIndexOf('@') + 1).replace(/[^a-z0-9.-]/g, '_');
    parts.push(`${first}___@${domain}`);
  }
  if (query.phone !== undefined) parts.push(`phone-___${phoneSearchKey(query.phone).slice(-4)}`);
  return parts.join('-and-');
}

interface FoundEnquiry {
  kind: MessageKind;
  row: Awaited<ReturnType<typeof repository.listEnquiriesOf>>[number];
}

interface FoundNote extends PersonNoteRow {
  kind: MessageKind;
  reference: string;
}

/** Everything stored about a person, as read in one go. */
interface Found {
  enquiries: FoundEnquiry[];
  notes: FoundNote[];
  mails: PersonMailRow[];
  /** The conversations' mails (issue 20): their enquiries', and unmatched ones from their address. */
  conversation: PersonConversationMail[];
}

const totalOf = (found: Found) =>
  found.enquiries.length + found.notes.length + found.mails.length + found.conversation.length;

/** A reference in a mail's text, and not the start of a longer one (RD-26-10000 in RD-26-100001). */
const namesReference = (text: string, reference: string) => {
  for (let at = text.indexOf(reference); at >= 0; at = text.indexOf(reference, at + 1)) {
    if (!/\d/.test(text.charAt(at + reference.length))) return true;
  }
  return false;
};

async function findRecords(db: Db, person: PersonKey): Promise<Found> {
  const enquiries: FoundEnquiry[] = [];
  const notes: FoundNote[] = [];
  const rows = await repository.listEnquiriesOf(db, person);
  enquiries.push(...rows.map((row) => ({ kind: row.kind, row })));
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  for (const note of await listNotesOn(db, [...byId.keys()])) {
    const enquiry = byId.get(note.enquiry_id);
    if (enquiry) notes.push({ ...note, kind: enquiry.kind, reference: enquiry.reference });
  }
  const references = enquiries.map(({ row }) => row.reference);
  const ids = [...byId.keys()];
  const mails = (await repository.listMailsAbout(db, person.email, references, ids)).filter(
    (mail) =>
      (mail.enquiry_id !== null && byId.has(mail.enquiry_id)) ||
      (person.email !== undefined &&
        (mail.recipient.toLowerCase() === person.email || mail.reply_to?.toLowerCase() === person.email)) ||
      references.some(
        (reference) => namesReference(mail.subject, reference) || namesReference(mail.text_body, reference),
      ),
  );
  const conversation = await conversationMailsOfPerson(db, { enquiryIds: ids, email: person.email });
  return { enquiries, notes, mails, conversation };
}

const isoOf = (ms: unknown) => new Date(Number(ms)).toISOString();

const authorNameOf = (email: string | null) => (email === null ? FORMER_COLLEAGUE : usernameOf(email));

function answerOf(found: Found): DataRequestAnswer {
  const referenceById = new Map(found.enquiries.map(({ row }) => [Number(row.id), row.reference]));
  return {
    success: true,
    enquiries: found.enquiries.map(({ kind, row }) => {
      const { id: _id, created_at: _createdAt, ...fields } = listedRowOf(kind, row);
      return {
        kind,
        id: Number(row.id),
        reference: row.reference,
        createdAt: isoOf(row.created_at),
        folder: row.folder,
        status: String(row.status),
        fields,
      };
    }),
    notes: found.notes.map((note) => ({
      kind: note.kind,
      enquiryId: note.enquiry_id,
      reference: note.reference,
      body: note.body,
      authorName: authorNameOf(note.author_email),
      createdAt: isoOf(note.created_at),
    })),
    mails: found.mails.map((mail) => ({
      id: mail.id,
      purpose: mail.purpose,
      recipient: mail.recipient,
      subject: mail.subject,
      status: mail.status,
      createdAt: isoOf(mail.created_at),
    })),
    conversationMails: found.conversation.map((mail) => ({
      id: mail.id,
      reference: mail.enquiryId === null ? null : (referenceById.get(mail.enquiryId) ?? null),
      direction: mail.direction,
      from: mail.fromAddress,
      to: mail.toAddress,
      subject: mail.subject,
      text: mail.text,
      createdAt: isoOf(mail.createdAt),
      attachments: mail.attachments,
    })),
    totalRecords: totalOf(found),
  };
}

async function actorOf(db: Db, userId: number): Promise<AuditActor> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError(401, 'Sign in again.');
  return { id: Number(user.id), email: user.email };
}

/** The counts and the masked person: what the audit log keeps of a data request. */
function auditOf(query: DataRequestQuery, found: Found) {
  const person = maskedPersonOf(query);
  return {
    target: `person ${person}`,
    detail: { person, enquiries: found.enquiries.length, notes: found.notes.length, mails: found.mails.length },
  };
}

/** Finds everything stored about a person and records that an owner looked. */
export async function searchPerson(
  deps: DataRequestDeps,
  query: DataRequestQuery,
  userId: number,
): Promise<DataRequestAnswer> {
  return deps.db.transaction().execute(async (trx) => {
    const found = await findRecords(trx, personKeyOf(query));
    await recordAudit(trx, {
      action: 'data-request.search',
      actor: await actorOf(trx, userId),
      ...auditOf(query, found),
      at: deps.clock().getTime(),
    });
    return answerOf(found);
  });
}

/** `csv` is the old one-file CSV, kept for the clients that fetch it; `zip` holds one CSV per table. */
export type ExportFormat = 'json' | 'csv' | 'zip' | 'xlsx';

export interface PersonExport {
  fileName: string;
  answer: DataRequestAnswer;
  /** One sheet per table: each kind's enquiries, the notes, the mails. */
  sheets: Sheet[];
  /** The ZIP's files beside the sheets: the kept attachments of the person's conversation mails, with their bytes. */
  files: ZipFile[];
}

/** Everything stored about a person as a file to hand them; the audit log records the export. */
export async function exportPerson(
  deps: DataRequestDeps,
  query: DataRequestQuery,
  format: ExportFormat,
  userId: number,
): Promise<PersonExport> {
  const now = deps.clock();
  return deps.db.transaction().execute(async (trx) => {
    const found = await findRecords(trx, personKeyOf(query));
    const audit = auditOf(query, found);
    await recordAudit(trx, {
      action: 'data-request.export',
      actor: await actorOf(trx, userId),
      target: audit.target,
      detail: { ...audit.detail, format },
      at: now.getTime(),
    });
    const assigneeIds = found.enquiries.flatMap(({ row }) =>
      row.assignee_id === null ? [] : [Number(row.assignee_id)],
    );
    const assignees = await emailsOf(trx, [...new Set(assigneeIds)]);
    const names = new Map([...assignees].map(([id, email]) => [id, usernameOf(email)]));
    return {
      fileName: `data-request-${fileSafePersonOf(query)}-${lagosDayOf(now)}.${format}`,
      answer: answerOf(found),
      sheets: personSheetsOf(found, { names, nameOf: authorNameOf }),
      files:
        format === 'zip'
          ? await attachmentFilesOf(
              trx,
              found.conversation.map((mail) => mail.id),
            )
          : [],
    };
  });
}

/** Everything found about a person deleted, in the caller's transaction: enquiries (notes, history, reads with them), mails. */
async function deleteFound(trx: Db, person: PersonKey, found: Found): Promise<void> {
  await deleteEnquiries(
    trx,
    found.enquiries.map(({ row }) => Number(row.id)),
  );
  await deleteMails(
    trx,
    found.mails.map((mail) => mail.id),
  );
  // Their enquiries' conversations went with the enquiries; the unmatched mails from their address go here.
  await deleteConversationMails(
    trx,
    found.conversation.map((mail) => mail.id),
  );
  // The counters of every address the person wrote (a search by phone finds their enquiries' addresses).
  const addresses = new Set(
    [person.email, ...found.enquiries.map(({ row }) => row.email)].map((email) => email?.trim().toLowerCase()),
  );
  for (const address of addresses) if (address) await repository.deleteRateLimitsOf(trx, address);
}

/**
 * The deleted rows are zeroed in the database file (secure_delete); their older copies in the write-ahead log go
 * when it is truncated (docs/decisions/0028).
 */
async function truncateAfterErasure(deps: Pick<DataRequestDeps, 'db' | 'logger'>): Promise<void> {
  if (!(await truncateWriteAheadLog(deps.db))) {
    deps.logger.warn(
      'after an erasure the write-ahead log stayed busy for 5 s: it keeps older pages until the next erasure or stop',
    );
  }
}

/**
 * Erases everything stored about a person, in one transaction, when it is still the number of records the owner
 * confirmed (409 and nothing erased otherwise): their enquiries in every folder with notes, history and read marks,
 * and the mail records about them, pending ones included, so a notification not yet sent is never sent. An
 * enquiry's id is never given again (the ids count on past deleted rows), so no reference is given twice. The outbox
 * folder's copies go once the transaction holds. The audit entry and the erasure ledger in BACKUP_DIR keep the
 * SHA-256 of the address and phone key, so that a restore of an older backup erases the person again
 * (docs/decisions/0049).
 */
export async function erasePerson(
  deps: DataRequestDeps,
  body: DataErasure,
  userId: number,
): Promise<DataErasureAnswer> {
  const query = { email: body.email, phone: body.phone };
  const person = personKeyOf(query);
  const erased = await withConflictRetry(() =>
    deps.db.transaction().execute(async (trx) => {
      const found = await findRecords(trx, person);
      const total = totalOf(found);
      if (total !== body.expectedRecords) {
        throw new AppError(409, DATA_REQUEST_ERRORS.COUNT_CHANGED(total, body.expectedRecords));
      }
      await deleteFound(trx, person, found);
      const at = deps.clock().getTime();
      const audit = auditOf(query, found);
      await recordAudit(trx, {
        action: 'data-request.erase',
        actor: await actorOf(trx, userId),
        target: audit.target,
        detail: { ...audit.detail, restoreKey: erasureKeyOf(person) },
        at,
      });
      return { found, at };
    }),
  );
  await removeOutboxFiles(
    outboxDir(deps.config.dataDir),
    erased.found.mails.map((mail) => mail.message_id),
  );
  const ledger = erasureLedgerOf(defaultBackupDir(deps.config.dataDir));
  try {
    appendToErasureLedger(ledger, { erasedAt: erased.at, ...erasureKeyOf(person) });
  } catch (error) {
    // The audit log holds the erasure too: a restore with --replace still finds it there.
    deps.logger.error(
      { err: error, ledger },
      'the erasure could not be added to the erasure ledger beside the backups',
    );
  }
  await truncateAfterErasure(deps);
  return {
    success: true,
    erased: {
      enquiries: erased.found.enquiries.length,
      notes: erased.found.notes.length,
      mails: erased.found.mails.length,
      conversationMails: erased.found.conversation.length,
    },
  };
}

/**
 * The erasures a database's audit log records with their restore key, oldest first: those done here, and those a
 * restore replayed (at the time they were first done).
 */
export async function listRecordedErasures(db: Db): Promise<RecordedErasure[]> {
  return (await listAuditDetails(db, 'data-request.erase')).flatMap(({ at, detail }) => {
    const erasedAt = typeof detail.erasedAt === 'string' ? Date.parse(detail.erasedAt) : at;
    const erasure = recordedErasureOf(detail.restoreKey, erasedAt);
    return erasure ? [erasure] : [];
  });
}

export interface ReplayedErasures {
  /** Erasures done after the backup was taken, now done again on the restored data. */
  replayed: number;
  /** The records they erased. */
  records: number;
}

/**
 * After a restore (docs/decisions/0049): erases again every person of `erasures` that the restored audit log does not
 * record as erased, that is every erasure done after the backup was taken, oldest first. The person is found by
 * hashing every address and phone key the restored records hold; each replay is recorded in the audit log with the
 * first erasure's time and restore key, so a backup taken from now on holds it and is not erased twice.
 */
export async function replayErasures(
  deps: Pick<DataRequestDeps, 'db' | 'clock' | 'logger'> & { config: Pick<DataRequestDeps['config'], 'dataDir'> },
  erasures: RecordedErasure[],
): Promise<ReplayedErasures> {
  const done = new Set((await listRecordedErasures(deps.db)).map(erasureIdOf));
  const pending = new Map<string, RecordedErasure>();
  for (const erasure of [...erasures].sort((a, b) => a.erasedAt - b.erasedAt)) {
    const id = erasureIdOf(erasure);
    if (!done.has(id)) pending.set(id, erasure);
  }
  if (pending.size === 0) return { replayed: 0, records: 0 };
  const keys = await repository.listPersonKeys(deps.db);
  const emailOf = new Map([...keys.emails].map((email) => [erasureKeyOf({ email }).email, email]));
  const phoneKeyOf = new Map([...keys.phoneKeys].map((phoneKey) => [erasureKeyOf({ phoneKey }).phone, phoneKey]));
  let records = 0;
  const messageIds: string[] = [];
  for (const erasure of pending.values()) {
    const person: PersonKey = {
      email: erasure.email === undefined ? undefined : emailOf.get(erasure.email),
      phoneKey: erasure.phone === undefined ? undefined : phoneKeyOf.get(erasure.phone),
    };
    const found = await withConflictRetry(() =>
      deps.db.transaction().execute(async (trx) => {
        // A person the restored records do not hold is found nowhere: nothing to erase, and the replay still recorded.
        const held = await findRecords(trx, person);
        await deleteFound(trx, person, held);
        const masked = maskedPersonOf({ email: person.email, phone: person.phoneKey });
        await recordAudit(trx, {
          action: 'data-request.erase',
          actor: SERVER_ACTOR,
          target: masked ? `person ${masked}` : 'a person no longer in the restored data',
          detail: {
            ...(masked ? { person: masked } : {}),
            enquiries: held.enquiries.length,
            notes: held.notes.length,
            mails: held.mails.length,
            restoreKey: { email: erasure.email, phone: erasure.phone },
            erasedAt: new Date(erasure.erasedAt).toISOString(),
            replayedAfterRestore: true,
          },
          at: deps.clock().getTime(),
        });
        return held;
      }),
    );
    records += totalOf(found);
    messageIds.push(...found.mails.map((mail) => mail.message_id));
  }
  await removeOutboxFiles(outboxDir(deps.config.dataDir), messageIds);
  if (records > 0) await truncateAfterErasure(deps);
  return { replayed: pending.size, records };
}
