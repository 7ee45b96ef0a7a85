import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import {
  API_PATHS,
  INBOX_PATHS,
  MESSAGE_KIND_PATHS,
  MESSAGE_KINDS,
  SUBMISSION_RULES,
  type MessageKind,
} from '@agency/shared';
import { type DatabaseKind } from '@agency/testing';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { type DatabaseHandle } from '../../lib/db';
import { createLogger } from '../../lib/logger';
import { SERVER_ROOT } from '../../lib/paths';
import { emptyDatabases } from '../../test/empty-databases';
import { VALID_SUBMISSIONS } from '../../test/fixtures';
import { PNG_IMAGE } from '../../test/images';
import { createTestContext, signIn, signedInStaff, type StaffAgent, type TestContext } from '../../test/test-context';
import { readArchive } from './backup-archive';
import { createBackup, restoreBackup } from './backup.service';

const OWNER = 'owner@agency.test';
const SUBMISSIONS = 200;
/** Submissions in flight at once while the backup runs. */
const IN_FLIGHT = 8;
/** The backup starts once this many submissions have been acknowledged. */
const BEFORE_BACKUP = 60;

let context: TestContext;
let owner: StaffAgent;
let work: string;
let archive: string;
/** References of the submissions answered 201 before the backup started. */
const acknowledgedBefore: string[] = [];
let acknowledgedAfterStart = 0;
const emptyTargets = emptyDatabases();

/** The app served from another database, as a server started on it after the restore would serve it. */
function appOn(handle: DatabaseHandle) {
  return createApp({
    db: handle.db,
    dialect: handle.dialect,
    mail: { wake() {} },
    clock: () => context.now(),
    config: context.config,
    logger: createLogger('silent'),
    webRoot: path.join(work, 'no-web-build'),
  });
}

/** A submission ready to send: the human check asked and answered, as the site's form does. */
async function preparedSubmission(index: number) {
  const kind = MESSAGE_KINDS[index % MESSAGE_KINDS.length] as MessageKind;
  const question = (await request(context.app).get(API_PATHS.HUMAN_CHECK)).body as {
    a: number;
    b: number;
    token: string;
  };
  context.advance(SUBMISSION_RULES.MIN_FILL_MS);
  const body = {
    ...VALID_SUBMISSIONS[kind],
    email: `person${index}@example.ng`,
    humanCheckToken: question.token,
    humanCheckAnswer: String(question.a + question.b),
  };
  return () => request(context.app).post(MESSAGE_KIND_PATHS[kind].submit).send(body);
}

/** What staff see of every enquiry: the "All" list, page by page, and each enquiry's detail with notes and history. */
async function inboxAnswers(agent: StaffAgent, ids: Array<{ id: number; kind: MessageKind }>) {
  const pages: unknown[] = [];
  let after: string | undefined;
  do {
    const page = await agent.get(INBOX_PATHS.list('all')).query(after ? { after } : {});
    expect(page.status).toBe(200);
    pages.push(page.body);
    after = page.body.nextCursor ?? undefined;
  } while (after);
  const details: Record<string, unknown> = {};
  for (const { id, kind } of ids) {
    const detail = await agent.get(INBOX_PATHS.enquiry(kind, id));
    expect(detail.status).toBe(200);
    details[`${kind}/${id}`] = detail.body;
  }
  return { pages, details };
}

async function enquiryIds(handle: Pick<DatabaseHandle, 'db'>) {
  const rows = await handle.db.selectFrom('enquiries').select(['id', 'kind', 'reference']).orderBy('id').execute();
  return rows.map((row) => ({ id: Number(row.id), kind: row.kind as MessageKind, reference: row.reference }));
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'rd-backup-test-'));
  context = await createTestContext();
  owner = await signedInStaff(context, OWNER);
  // A second account with a profile image: stored images travel as rows.
  const registered = await request(context.app)
    .post(API_PATHS.REGISTER)
    .field('email', 'ada@agency.test')
    .field('password', 'Str0ng!Passw0rd')
    .attach('profile_image', await PNG_IMAGE(), { filename: 'ada.png', contentType: 'image/png' });
  expect(registered.status).toBe(201);
});

afterAll(async () => {
  await emptyTargets.closeAll();
  await context?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('a backup taken while 200 submissions arrive', () => {
  it(
    'holds every enquiry acknowledged before it started, and restores into a fresh database with notes, history, mails and images',
    { timeout: 120_000 },
    async () => {
      let backupStarted = false;
      let backup: ReturnType<typeof createBackup> | undefined;
      let next = 0;
      let acknowledged = 0;
      const worker = async () => {
        while (next < SUBMISSIONS) {
          const send = await preparedSubmission(next++);
          const answer = await send();
          expect(answer.status).toBe(201);
          acknowledged += 1;
          if (backupStarted) acknowledgedAfterStart += 1;
          else acknowledgedBefore.push(String(answer.body.reference));
          if (acknowledged === BEFORE_BACKUP) {
            // Notes and a change of status on an acknowledged enquiry, then the backup, with submissions in flight.
            const [first] = await enquiryIds(context);
            expect(
              (await owner.post(INBOX_PATHS.notes(first!.kind, first!.id)).send({ body: 'Called back, keen.' })).status,
            ).toBe(201);
            expect(
              (await owner.patch(INBOX_PATHS.enquiry(first!.kind, first!.id)).send({ status: 'contacted' })).status,
            ).toBe(200);
            backupStarted = true;
            backup = createBackup({ db: context.db, dataDir: context.dataDir, target: work });
          }
        }
      };
      await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
      const { file, manifest } = await backup!;
      archive = file;
      // The submissions went on arriving while the backup ran: this test did take it under load.
      expect(acknowledgedAfterStart).toBeGreaterThan(0);
      expect(acknowledgedBefore.length).toBeGreaterThanOrEqual(BEFORE_BACKUP);

      const target = await emptyTargets.open(context.database.dialect);
      const restoredFrom = await restoreBackup({ db: target.db, dataDir: target.dataDir, file, clock: context.now });
      expect(restoredFrom.erasures).toMatchObject({ replayed: 0, records: 0 });
      expect(Object.values(restoredFrom.purged).every((count) => count === 0)).toBe(true);
      // Before anyone uses it, the restored database backs up to the very same rows, table by table, but for the
      // audit entry of the retention purge run after the restore (docs/decisions/0049).
      const again = await createBackup({ db: target.db, dataDir: target.dataDir, target: path.join(work, 'again') });
      const tablesOf = (tables: typeof manifest.tables) =>
        tables.map(({ name, rows, sha256 }) => (name === 'audit_log' ? { name, rows } : { name, rows, sha256 }));
      const auditRows = manifest.tables.find((table) => table.name === 'audit_log')!.rows;
      expect(tablesOf(again.manifest.tables)).toEqual(
        tablesOf(manifest.tables).map((table) =>
          table.name === 'audit_log' ? { ...table, rows: auditRows + 1 } : table,
        ),
      );
      const restored = await enquiryIds(target);
      const restoredReferences = new Set(restored.map((row) => row.reference));
      expect(acknowledgedBefore.filter((reference) => !restoredReferences.has(reference))).toEqual([]);
      // Nothing half-stored: every restored enquiry is one of those sent, with its auto-reply queued beside it.
      const original = await enquiryIds(context);
      expect(
        restored.every((row) => original.some((sent) => sent.reference === row.reference && sent.id === row.id)),
      ).toBe(true);

      // Field by field, through the API: the detail (notes, history), and the mails and images as stored rows.
      const restoredApp = appOn(target);
      const { agent } = await signIn({ ...context, app: restoredApp }, OWNER);
      const before = restored.filter((row) => acknowledgedBefore.includes(row.reference));
      for (const { id, kind } of before) {
        const [was, is] = await Promise.all([
          owner.get(INBOX_PATHS.enquiry(kind, id)),
          agent.get(INBOX_PATHS.enquiry(kind, id)),
        ]);
        expect(is.status).toBe(200);
        expect(is.body).toEqual(was.body);
      }
      const first = before[0]!;
      const detail = (await agent.get(INBOX_PATHS.enquiry(first.kind, first.id))).body as Record<string, unknown>;
      expect(JSON.stringify(detail)).toContain('Called back, keen.');
      // The mails as written; the original's sender has sent some since, so their status and attempts moved on.
      const mails = (db: DatabaseHandle['db']) =>
        db
          .selectFrom('outbox')
          .select([
            'id',
            'message_id',
            'purpose',
            'recipient',
            'subject',
            'text_body',
            'html_body',
            'enquiry_id',
            'created_at',
          ])
          .where(
            'enquiry_id',
            'in',
            before.map((row) => row.id),
          )
          .orderBy('id')
          .execute();
      const [mailsWere, mailsAre] = await Promise.all([mails(context.db), mails(target.db)]);
      expect(mailsAre.length).toBeGreaterThanOrEqual(before.length);
      expect(mailsAre).toEqual(mailsWere);
      for (const table of ['profile_images', 'content_images', 'content_image_variants'] as const) {
        const images = (db: DatabaseHandle['db']) => db.selectFrom(table).selectAll().execute();
        const [were, are] = await Promise.all([images(context.db), images(target.db)]);
        expect(are, table).toEqual(were);
      }
      expect(manifest.tables.find((table) => table.name === 'profile_images')?.rows).toBe(1);
      expect((await target.db.selectFrom('outbox').select('id').execute()).length).toBeGreaterThanOrEqual(
        acknowledgedBefore.length,
      );
    },
  );
});

const otherEngine: DatabaseKind | undefined = process.env.TEST_MYSQL_URL
  ? process.env.TEST_DB === 'mysql'
    ? 'sqlite'
    : 'mysql'
  : undefined;

describe.skipIf(!otherEngine)('moving between SQLite and MariaDB', () => {
  it(
    'gives the same inbox list and details after a move to the other engine and back',
    { timeout: 180_000 },
    async () => {
      const ids = await enquiryIds(context);
      const source = await inboxAnswers(owner, ids);
      const moved = await createBackup({ db: context.db, dataDir: context.dataDir, target: path.join(work, 'move') });

      const other = await emptyTargets.open(otherEngine!);
      await restoreBackup({ db: other.db, dataDir: other.dataDir, file: moved.file, clock: context.now });
      const onOther = (await signIn({ ...context, app: appOn(other) }, OWNER)).agent;
      expect(await inboxAnswers(onOther, ids)).toEqual(source);

      const back = await createBackup({ db: other.db, dataDir: other.dataDir, target: path.join(work, 'back') });
      expect(back.manifest.engine).toBe(otherEngine);
      const home = await emptyTargets.open(context.database.dialect);
      await restoreBackup({ db: home.db, dataDir: home.dataDir, file: back.file, clock: context.now });
      const atHome = (await signIn({ ...context, app: appOn(home) }, OWNER)).agent;
      expect(await inboxAnswers(atHome, ids)).toEqual(source);
    },
  );
});

describe('a damaged or foreign archive', () => {
  const variant = (name: string, bytes: Buffer) => {
    const file = path.join(work, name);
    writeFileSync(file, bytes);
    return file;
  };

  it('is refused before anything is written, saying what is wrong', async () => {
    const sound = readFileSync(archive);
    const lines = gunzipSync(sound).toString('utf8');
    // One enquiry's text changed, the manifest left as it was.
    const edited = lines.replace('person3@example.ng', 'persom3@example.ng');
    expect(edited).not.toBe(lines);
    const cases: Array<[string, Buffer, RegExp]> = [
      ['truncated.jsonl.gz', sound.subarray(0, Math.floor(sound.length * 0.6)), /truncated/],
      ['cut-before-manifest.jsonl.gz', gzipSync(lines.slice(0, lines.lastIndexOf('{"manifest"'))), /truncated/],
      ['edited.jsonl.gz', gzipSync(edited), /do not match their SHA-256 checksum: the archive has been edited/],
      ['notes.txt', Buffer.from('Shopping list: rice, plantain\n'), /not a backup archive/],
      ['other.jsonl.gz', gzipSync('{"format":"ghost-export","version":3}\n'), /"ghost-export" archive/],
      ['newer.jsonl.gz', gzipSync(lines.replace('"version":1', '"version":2')), /format version 2/],
    ];
    const target = await emptyTargets.open(context.database.dialect);
    for (const [name, bytes, message] of cases) {
      await expect(
        restoreBackup({ db: target.db, dataDir: target.dataDir, file: variant(name, bytes) }),
        name,
      ).rejects.toThrow(message);
    }
    // Refused before the database was touched: not even migrated.
    expect(await target.db.introspection.getTables()).toEqual([]);
    await expect(readArchive(archive)).resolves.toMatchObject({ format: 'rendezvous-digital-backup' });
  });

  it('is refused by npm run restore with a non-zero exit and the reason', { timeout: 90_000 }, () => {
    const file = variant('cli-truncated.jsonl.gz', readFileSync(archive).subarray(0, 2000));
    const run = spawnSync('npx', ['tsx', 'src/modules/backup/restore-cli.ts', file], {
      cwd: SERVER_ROOT,
      env: { ...process.env, DATA_DIR: path.join(work, 'cli-data'), DATABASE_URL: '' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/Restore refused: The archive is truncated/);
  });

  it('does not replace a database that holds enquiries unless told to', async () => {
    await expect(restoreBackup({ db: context.db, dataDir: context.dataDir, file: archive })).rejects.toThrow(
      /not empty: it holds 2 accounts and \d+ enquiries.*--replace/,
    );
    expect((await enquiryIds(context)).length).toBe(SUBMISSIONS);
  });
});
