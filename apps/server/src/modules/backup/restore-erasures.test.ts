import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { INBOX_PATHS, STAFF_ADMIN_PATHS, type MessageKind } from '@agency/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle } from '../../lib/db';
import { erasureLedgerOf } from '../../lib/erasure-ledger';
import { createLogger } from '../../lib/logger';
import { outboxFileOf } from '../../lib/mailer';
import { defaultBackupDir, outboxDir } from '../../lib/paths';
import { emptyDatabases } from '../../test/empty-databases';
import { storeEnquiry } from '../../test/enquiries';
import { everyStoredText } from '../../test/stored-texts';
import {
  createTestContext,
  signedInStaff,
  signIn,
  submitAnswered,
  type StaffAgent,
  type TestContext,
} from '../../test/test-context';
import { runDailyPurge } from '../retention/retention.service';
import { createBackup, restoreBackup } from './backup.service';

const DAY = 24 * 60 * 60 * 1000;
/** The person who asks to be erased after the backup was taken. */
const PERSON = { name: 'Chioma Nwankwo', email: 'chioma.nwankwo@example.ng', phone: '0803 777 1234' };
const PERSON_DIGITS = '8037771234';
/** Someone erased before the backup who wrote again afterwards, also before the backup: their new enquiry stays. */
const RETURNING = { name: 'Tunde Bakare', email: 'tunde.bakare@example.ng' };
/** Someone no one asked about. */
const OTHER = { name: 'Ifeoma Okafor', email: 'ifeoma@example.ng' };

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let context: TestContext;
let owner: StaffAgent;
let work: string;
let archive: string;
let ledger: string;
/** The enquiry that retention purged after the backup: past RETENTION_DAYS two days after it. */
let expired: { id: number; reference: string };
let returningAgain: string;
let otherReference: string;

/** A submission with the human check answered, as the site's form sends it (auto-replied to, issue 17). */
const submit = (kind: MessageKind, values: Record<string, unknown>) => submitAnswered(context, kind, values);

/** Erased as an owner erases: the search, then the erasure confirming the number it found. */
async function erase(query: { email?: string; phone?: string }) {
  const found = await owner.get(STAFF_ADMIN_PATHS.DATA_REQUEST).query(query);
  expect(found.body.totalRecords).toBeGreaterThan(0);
  const answer = await owner
    .post(STAFF_ADMIN_PATHS.DATA_REQUEST_ERASE)
    .send({ ...query, expectedRecords: found.body.totalRecords });
  expect(answer.status).toBe(200);
}

const emptyTargets = emptyDatabases();
const emptyDatabase = () => emptyTargets.open(context.database.dialect);

const restoreOptions = (target: { db: DatabaseHandle['db']; dataDir: string }) => ({
  db: target.db,
  dataDir: target.dataDir,
  clock: () => context.now(),
  retentionDays: context.config.retentionDays,
  logger: createLogger('silent'),
});

/** Every stored value and every file of DATA_DIR/outbox that names the person, with where it was found. */
async function tracesOfPerson(target: { db: DatabaseHandle['db']; dataDir: string }) {
  const names = (text: string) =>
    text.toLowerCase().includes('chioma') ||
    text.toLowerCase().includes(PERSON.email) ||
    text.replace(/\D/g, '').includes(PERSON_DIGITS);
  const found = (await everyStoredText(target.db)).filter(({ text }) => names(text)).map(({ where }) => where);
  const folder = outboxDir(target.dataDir);
  for (const name of existsSync(folder) ? readdirSync(folder) : []) {
    if (names(readFileSync(path.join(folder, name), 'utf8'))) found.push(`outbox/${name}`);
  }
  return found;
}

async function referencesIn(target: { db: DatabaseHandle['db'] }) {
  const rows = await target.db.selectFrom('enquiries').select('reference').execute();
  return new Set(rows.map((row) => row.reference));
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'rd-restore-erasures-'));
  context = await createTestContext();
  owner = await signedInStaff(context, 'owner@agency.test');
  ledger = erasureLedgerOf(defaultBackupDir(context.dataDir));

  // An enquiry one day short of RETENTION_DAYS when the backup is taken.
  expired = await storeEnquiry(context, 'contact', {
    values: { name: 'Kelechi Expired', email: 'kelechi@example.ng' },
    createdAt: context.now().getTime() - (context.config.retentionDays - 1) * DAY,
  });
  await submit('contact', RETURNING);
  await erase({ email: RETURNING.email });
  returningAgain = await submit('request_quote', RETURNING);
  const contact = await submit('contact', PERSON);
  // The same person on another form, the address written in another case and the number another way.
  await submit('request_quote', { ...PERSON, email: 'Chioma.Nwankwo@Example.NG', phone: '+234 803 777 1234' });
  const enquiry = await context.db
    .selectFrom('enquiries')
    .select('id')
    .where('reference', '=', contact)
    .executeTakeFirstOrThrow();
  expect(
    (
      await owner
        .post(INBOX_PATHS.notes('contact', Number(enquiry.id)))
        .send({ body: 'Chioma wants a call on Friday.' })
    ).status,
  ).toBe(201);
  otherReference = await submit('contact', OTHER);
  await context.sender.drain();
  // Each mail's copy in DATA_DIR/outbox, as a server without SMTP_URL keeps them: the backup carries the files too.
  const folder = outboxDir(context.dataDir);
  mkdirSync(folder, { recursive: true });
  for (const mail of await context.db.selectFrom('outbox').select(['message_id', 'recipient', 'text_body']).execute()) {
    writeFileSync(outboxFileOf(folder, mail.message_id), `To: ${mail.recipient}\n\n${mail.text_body}`);
  }
  expect(await tracesOfPerson(context)).not.toEqual([]);

  // The nightly archive, in BACKUP_DIR beside the ledger.
  archive = (
    await createBackup({ db: context.db, dataDir: context.dataDir, target: defaultBackupDir(context.dataDir) })
  ).file;

  // After the backup: two days on, the daily purge removes the expired enquiry, and the person is erased.
  context.advance(2 * DAY);
  const purge = await runDailyPurge(
    { db: context.db, clock: () => context.now(), config: context.config, logger: createLogger('silent') },
    'restore-erasures-test',
  );
  expect(purge).toMatchObject({ ran: true, counts: { enquiries: 1 } });
  // The session of two days ago has timed out.
  owner = (await signIn(context, 'owner@agency.test')).agent;
  await erase({ email: PERSON.email, phone: PERSON.phone });
  expect(await tracesOfPerson(context)).toEqual([]);
}, 120_000);

afterAll(async () => {
  await emptyTargets.closeAll();
  await context?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('an erasure done after a backup was taken', () => {
  it('is kept in the audit log and the ledger beside the backups as hashes, never the address or the number', async () => {
    const lines = readFileSync(ledger, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(2);
    const text = readFileSync(ledger, 'utf8').toLowerCase();
    expect(text).not.toContain('chioma');
    expect(text.replace(/[0-9a-f]{64}/g, '').replace(/\D/g, '')).not.toContain(PERSON_DIGITS);
    expect(JSON.parse(lines[1]!)).toEqual({
      erasedAt: context.now().toISOString(),
      email: sha256(PERSON.email),
      phone: sha256(PERSON_DIGITS),
    });
    const entries = await context.db
      .selectFrom('audit_log')
      .select(['target', 'detail'])
      .where('action', '=', 'data-request.erase')
      .orderBy('id')
      .execute();
    expect(entries.map((entry) => `${entry.target} ${entry.detail}`).join('\n')).not.toMatch(/chioma|8037771234/i);
    expect(JSON.parse(entries.at(-1)!.detail)).toMatchObject({
      restoreKey: { email: sha256(PERSON.email), phone: sha256(PERSON_DIGITS) },
    });
  });

  it(
    'does not come back when the archive is restored into a fresh database: the restore erases the person again from the ledger, and purges what expired',
    // Two fresh MariaDB databases migrated from nothing: 45 s here.
    { timeout: 180_000 },
    async () => {
      const target = await emptyDatabase();
      const result = await restoreBackup({ ...restoreOptions(target), file: archive });
      // The person erased after the backup; the returning person's erasure was in the archive already.
      expect(result.erasures).toEqual({ replayed: 1, records: expect.any(Number), sources: [ledger], unreadable: 0 });
      // Two enquiries and a note at least, with their mails.
      expect(result.erasures.records).toBeGreaterThan(3);
      expect(result.purged.enquiries).toBe(1);
      expect(await tracesOfPerson(target)).toEqual([]);
      const references = await referencesIn(target);
      expect(references.has(expired.reference)).toBe(false);
      expect(references.has(otherReference)).toBe(true);
      expect(references.has(returningAgain)).toBe(true);
      const replay = await target.db
        .selectFrom('audit_log')
        .select(['actor_email', 'detail'])
        .where('action', '=', 'data-request.erase')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(replay.actor_email).toBe('the server');
      expect(JSON.parse(replay.detail)).toMatchObject({ enquiries: 2, notes: 1, replayedAfterRestore: true });

      // A backup of the restored data holds the replay: restored again with the same ledger, nothing is erased twice.
      const again = await createBackup({ db: target.db, dataDir: target.dataDir, target: path.join(work, 'again') });
      const second = await emptyDatabase();
      const secondResult = await restoreBackup({
        ...restoreOptions(second),
        file: again.file,
        erasureLedgers: [ledger],
      });
      expect(secondResult.erasures).toMatchObject({ replayed: 0, records: 0 });
      expect(await referencesIn(second)).toEqual(references);
    },
  );

  it(
    'does not come back when the archive replaces the database with --replace and no ledger survives: the erasures come from its audit log',
    { timeout: 120_000 },
    async () => {
      const result = await restoreBackup({
        ...restoreOptions(context),
        file: archive,
        replace: true,
        erasureLedgers: [],
      });
      expect(result.erasures).toMatchObject({ replayed: 1, sources: ['the database replaced'] });
      expect(await tracesOfPerson(context)).toEqual([]);
      const references = await referencesIn(context);
      expect(references.has(expired.reference)).toBe(false);
      expect(references.has(returningAgain)).toBe(true);
      expect(references.has(otherReference)).toBe(true);
    },
  );
});
