import bcrypt from 'bcrypt';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { API_MESSAGES, API_PATHS, MESSAGE_KIND_PATHS } from '@agency/shared';
import path from 'node:path';
import { createApp } from '../../app';
import { parseAllowlist } from '../../config/allowlist';
import { createLogger } from '../../lib/logger';
import {
  createTestContext,
  registerAndConfirm,
  signIn,
  STRONG_PASSWORD,
  type TestContext,
} from '../../test/test-context';

let context: TestContext | undefined;

afterEach(async () => {
  await context?.close();
  context = undefined;
});

const staffFlags = async (ctx: TestContext) =>
  ctx.db.selectFrom('users').select(['email', 'is_staff', 'role']).orderBy('id').execute();

/** The same database and mail sink served again by a new app, as after a restart with another configuration. */
function restartedWithoutAllowlist(ctx: TestContext): TestContext {
  const logger = createLogger('silent');
  const config = { ...ctx.config, adminAllowlist: parseAllowlist('') };
  const app = createApp({
    db: ctx.db,
    dialect: ctx.database.dialect,
    mail: ctx.sender,
    clock: () => ctx.now(),
    config,
    logger,
    webRoot: path.join(ctx.dataDir, 'no-web-build'),
  });
  return { ...ctx, app, config };
}

describe('who becomes staff', () => {
  it('the first account of an empty installation is staff and its owner; the next one is told it awaits approval', async () => {
    context = await createTestContext();
    await registerAndConfirm(context, 'first@example.ng');
    await registerAndConfirm(context, 'second@example.ng');
    const first = await signIn(context, 'first@example.ng');
    expect(first.response.status).toBe(200);
    expect((await first.agent.get(MESSAGE_KIND_PATHS.contact.list)).status).toBe(200);
    const second = await signIn(context, 'second@example.ng');
    expect(second.response.status).toBe(403);
    expect(second.response.body).toEqual({ success: false, message: API_MESSAGES.LOGIN_AWAITING_APPROVAL });
    expect((await second.agent.get(MESSAGE_KIND_PATHS.contact.list)).status).toBe(401);
    expect((await staffFlags(context)).map((user) => user.role)).toEqual(['owner', 'pending']);
  });

  it('20 concurrent first registrations make exactly one staff account', async () => {
    context = await createTestContext();
    const ctx = context;
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_unused, index) =>
        request(ctx.app)
          .post(API_PATHS.REGISTER)
          .field('email', `racer${index}@example.ng`)
          .field('password', STRONG_PASSWORD),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(201));
    const users = await staffFlags(ctx);
    expect(users).toHaveLength(20);
    const staff = users.filter((user) => user.is_staff === 1);
    expect(staff).toHaveLength(1);
    expect(users.filter((user) => user.role === 'owner')).toEqual(staff);
    const claim = await ctx.db.selectFrom('installation').selectAll().execute();
    expect(claim).toHaveLength(1);
  });

  it('with an allowlist, only the listed e-mails and @domains become staff, the first account included', async () => {
    context = await createTestContext({ allowlist: 'boss@example.ng, @agency.test' });
    await registerAndConfirm(context, 'stranger@example.ng');
    await registerAndConfirm(context, 'Boss@Example.NG');
    await registerAndConfirm(context, 'designer@agency.test');
    expect((await signIn(context, 'stranger@example.ng')).response.status).toBe(403);
    expect((await signIn(context, 'boss@example.ng')).response.status).toBe(200);
    const designer = await signIn(context, 'designer@agency.test');
    expect(designer.response.status).toBe(200);
    expect((await designer.agent.get(MESSAGE_KIND_PATHS.web_dev.list)).status).toBe(200);
  });

  it('after a run with an allowlist, a restart without it makes no stranger staff', async () => {
    context = await createTestContext({ allowlist: 'boss@example.ng' });
    await registerAndConfirm(context, 'early@example.ng');
    const restarted = restartedWithoutAllowlist(context);
    await registerAndConfirm(restarted, 'stranger@example.ng');
    const { response } = await signIn(restarted, 'stranger@example.ng');
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(API_MESSAGES.LOGIN_AWAITING_APPROVAL);
    expect((await staffFlags(context)).filter((user) => user.is_staff === 1)).toEqual([]);
  });

  it('deleting the first staff account does not hand staff to the next registration', async () => {
    context = await createTestContext();
    await registerAndConfirm(context, 'first@example.ng');
    await context.db.deleteFrom('users').where('email', '=', 'first@example.ng').execute();
    await registerAndConfirm(context, 'next@example.ng');
    const { response } = await signIn(context, 'next@example.ng');
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(API_MESSAGES.LOGIN_AWAITING_APPROVAL);
    expect(await staffFlags(context)).toEqual([{ email: 'next@example.ng', is_staff: 0, role: 'pending' }]);
  });

  it('an allowlisted address is not staff before it is confirmed', async () => {
    context = await createTestContext({ allowlist: '@agency.test' });
    await request(context.app)
      .post(API_PATHS.REGISTER)
      .field('email', 'unconfirmed@agency.test')
      .field('password', STRONG_PASSWORD);
    const { response } = await signIn(context, 'unconfirmed@agency.test');
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(API_MESSAGES.LOGIN_UNCONFIRMED);
  });

  it('passwords are hashed with bcrypt cost 12 outside the test speed-up', async () => {
    context = await createTestContext({ config: { bcryptCost: 12 } });
    await request(context.app)
      .post(API_PATHS.REGISTER)
      .field('email', 'costly@example.ng')
      .field('password', STRONG_PASSWORD);
    const user = await context.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$2b\$12\$/);
    expect(await bcrypt.compare(STRONG_PASSWORD, user.password_hash)).toBe(true);
  });
});
