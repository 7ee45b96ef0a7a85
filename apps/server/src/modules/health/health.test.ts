import { randomBytes } from 'node:crypto';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES, API_PATHS, MESSAGE_KIND_PATHS } from '@agency/shared';
import { testDatabaseKind } from '@agency/testing';
import { createApp } from '../../app';
import { driverOf, openMysql } from '../../lib/db';
import { databaseFailureOf } from '../../lib/db-errors';
import { createLogger } from '../../lib/logger';
import { VALID_SUBMISSIONS } from '../../test/fixtures';
import { createTestContext, type TestContext } from '../../test/test-context';

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
});

afterAll(async () => {
  await context.close();
});

const submitContact = (app = context.app) =>
  request(app).post(MESSAGE_KIND_PATHS.contact.submit).send(VALID_SUBMISSIONS.contact);

const probeRows = async () =>
  (await context.db.selectFrom('idempotency_keys').select('scope').where('scope', '=', 'health-probe').execute())
    .length;

/** The SQLite connection under the test's app, to make it refuse work as a failing file or disk would. */
function sqliteConnection(): SqliteDatabase.Database {
  const driver = driverOf(context.db);
  if (driver.kind !== 'sqlite') throw new Error('a SQLite test');
  return driver.database;
}

const onSqlite = testDatabaseKind() === 'sqlite';
const onMysql = testDatabaseKind() === 'mysql';

describe('GET /api/health', () => {
  it('answers 200 {"success":true,"db":"up"} after a read and a write, and leaves no row behind', async () => {
    const answer = await request(context.app).get(API_PATHS.HEALTH);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, db: 'up' });
    expect(await probeRows()).toBe(0);
  });
});

if (onSqlite) {
  describe('on SQLite, a database that refuses work', () => {
    it('read-only (query_only): a submission answers 503 with the message, and health says read-only', async () => {
      const connection = sqliteConnection();
      connection.pragma('query_only = ON');
      try {
        const submission = await submitContact();
        expect(submission.status).toBe(503);
        expect(submission.body).toEqual({ success: false, message: API_MESSAGES.SERVICE_UNAVAILABLE });
        const health = await request(context.app).get(API_PATHS.HEALTH);
        expect(health.status).toBe(503);
        expect(health.body).toEqual({ success: false, db: 'read-only', message: API_MESSAGES.SERVICE_UNAVAILABLE });
      } finally {
        connection.pragma('query_only = OFF');
      }
      expect((await request(context.app).get(API_PATHS.HEALTH)).status).toBe(200);
      expect((await submitContact()).status).toBe(201);
    });

    it('full (max_page_count at the file size, the simulated full disk): 503 to submissions, and health says full', async () => {
      const connection = sqliteConnection();
      const pages = Number(connection.pragma('page_count', { simple: true }));
      connection.pragma(`max_page_count = ${pages}`);
      try {
        // The pages still free inside the file fill up first, as they would on a full disk.
        let answer = await submitContact();
        for (let tries = 0; answer.status === 201 && tries < 500; tries += 1) answer = await submitContact();
        expect(answer.status).toBe(503);
        expect(answer.body).toEqual({ success: false, message: API_MESSAGES.SERVICE_UNAVAILABLE });
        const health = await request(context.app).get(API_PATHS.HEALTH);
        expect(health.status).toBe(503);
        expect(health.body).toMatchObject({ success: false, db: 'full' });
      } finally {
        connection.pragma('max_page_count = 4294967294');
      }
      expect((await request(context.app).get(API_PATHS.HEALTH)).body).toEqual({ success: true, db: 'up' });
    });

    it('locked by another process past the busy timeout: 503 to a submission, and health says down', async () => {
      const connection = sqliteConnection();
      const other = new SqliteDatabase(connection.name);
      const timeout = Number(connection.pragma('busy_timeout', { simple: true }));
      connection.pragma('busy_timeout = 100');
      other.exec('BEGIN EXCLUSIVE');
      try {
        expect((await submitContact()).status).toBe(503);
        const health = await request(context.app).get(API_PATHS.HEALTH);
        expect(health.status).toBe(503);
        expect(health.body).toMatchObject({ success: false, db: 'down' });
      } finally {
        other.exec('ROLLBACK');
        other.close();
        connection.pragma(`busy_timeout = ${timeout}`);
      }
      expect((await submitContact()).status).toBe(201);
    });
  });
}

if (onMysql) {
  describe('on MariaDB, an account allowed to read only', () => {
    it('answers 503 to a submission with the message, and health says read-only', async () => {
      const driver = driverOf(context.db);
      if (driver.kind !== 'mysql') throw new Error('a MySQL test');
      const user = `ro_${randomBytes(4).toString('hex')}`;
      const password = randomBytes(12).toString('hex');
      await sql.raw(`create user '${user}'@'%' identified by '${password}'`).execute(context.db);
      const readOnly = await (async () => {
        await sql.raw(`grant select on \`${driver.databaseName}\`.* to '${user}'@'%'`).execute(context.db);
        const url = new URL(process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test');
        url.username = user;
        url.password = password;
        url.pathname = `/${driver.databaseName}`;
        return openMysql(url.toString());
      })();
      try {
        const app = createApp({
          db: readOnly.db,
          dialect: 'mysql',
          mail: context.sender,
          clock: context.now,
          config: context.config,
          logger: createLogger('silent'),
        });
        const submission = await submitContact(app);
        expect(submission.status).toBe(503);
        expect(submission.body).toEqual({ success: false, message: API_MESSAGES.SERVICE_UNAVAILABLE });
        const health = await request(app).get(API_PATHS.HEALTH);
        expect(health.status).toBe(503);
        expect(health.body).toEqual({ success: false, db: 'read-only', message: API_MESSAGES.SERVICE_UNAVAILABLE });
      } finally {
        await readOnly.db.destroy();
        await sql.raw(`drop user '${user}'@'%'`).execute(context.db);
      }
    });
  });
}

describe('the errors that mean the database refuses work', () => {
  it('are told apart by their codes on both databases, and other errors are not among them', () => {
    const failureOf = (code: string) => databaseFailureOf(Object.assign(new Error(code), { code }));
    expect(failureOf('SQLITE_READONLY')).toBe('read-only');
    expect(failureOf('SQLITE_READONLY_DBMOVED')).toBe('read-only');
    expect(failureOf('SQLITE_FULL')).toBe('full');
    expect(failureOf('SQLITE_IOERR_WRITE')).toBe('down');
    expect(failureOf('SQLITE_CANTOPEN')).toBe('down');
    expect(failureOf('SQLITE_BUSY')).toBe('down');
    expect(failureOf('ER_OPTION_PREVENTS_STATEMENT')).toBe('read-only');
    expect(failureOf('ER_RECORD_FILE_FULL')).toBe('full');
    expect(failureOf('ECONNREFUSED')).toBe('down');
    expect(failureOf('SQLITE_CONSTRAINT_UNIQUE')).toBeUndefined();
    expect(failureOf('ER_DUP_ENTRY')).toBeUndefined();
    expect(databaseFailureOf(new TypeError('a bug'))).toBeUndefined();
  });
});
