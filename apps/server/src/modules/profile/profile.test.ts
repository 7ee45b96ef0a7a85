import request from 'supertest';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONVERSATION_PATHS,
  ENQUIRY_KINDS,
  INBOX_PATHS,
  PROFILE_MESSAGES,
  PROFILE_PATHS,
  STAFF_ADMIN_PATHS,
  type AuditEntry,
  type StaffAccount,
  type StaffMember,
  type TimelineItem,
} from '@agency/shared';
import {
  answeredSubmission,
  createTestContext,
  registerAndConfirm,
  signIn,
  signedInStaff,
  STRONG_PASSWORD,
  userIdOf,
  type StaffAgent,
  type TestContext,
} from '../../test/test-context';

/**
 * Issue 23 item 3: a staff member's own profile, on a real SQLite file or MariaDB. The name is read back where
 * colleagues and clients see it (staff lists, the history, notes, the reply's From name); a password change proves the
 * other sessions end and this one stays.
 */
let context: TestContext;
let owner: StaffAgent;

const NEW_PASSWORD = 'N3w!Passw0rd-2026';

beforeAll(async () => {
  context = await createTestContext();
  owner = await signedInStaff(context, 'adaeze@agency.test');
});

afterAll(async () => {
  await context.close();
});

/** A staff colleague of the owner, signed in. */
async function colleague(email: string): Promise<StaffAgent> {
  await registerAndConfirm(context, email);
  await context.db
    .updateTable('users')
    .set({ role: 'staff' })
    .where('id', '=', await userIdOf(context, email))
    .execute();
  const signed = await signIn(context, email);
  expect(signed.response.status).toBe(200);
  return signed.agent;
}

async function auditActions(): Promise<string[]> {
  const answer = await owner.get(STAFF_ADMIN_PATHS.AUDIT);
  expect(answer.status).toBe(200);
  return (answer.body.entries as AuditEntry[]).map((entry) => entry.action);
}

describe('the display name', () => {
  it('is the e-mail name until one is set', async () => {
    const answer = await owner.get(PROFILE_PATHS.PROFILE);
    expect(answer.status).toBe(200);
    expect(answer.body.profile).toEqual({
      displayName: null,
      name: 'adaeze',
      username: 'adaeze',
      email: 'adaeze@agency.test',
      profile_image: 'default-avatar.png',
    });
  });

  it('is saved trimmed and shown in the session, staff lists, history, notes and the From name of replies', async () => {
    const saved = await owner.put(PROFILE_PATHS.PROFILE).send({ displayName: '  Adaeze   Okafor-Nwosu ' });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.profile).toMatchObject({ displayName: 'Adaeze Okafor-Nwosu', name: 'Adaeze Okafor-Nwosu' });
    expect(saved.body.message).toBe(PROFILE_MESSAGES.NAME_SAVED);

    const session = await owner.get('/api/login.php?action=check');
    expect(session.body.user).toMatchObject({ username: 'adaeze', displayName: 'Adaeze Okafor-Nwosu' });

    const staff = await owner.get(INBOX_PATHS.STAFF);
    expect((staff.body.staff as StaffMember[]).find((member) => member.me)?.username).toBe('Adaeze Okafor-Nwosu');
    const accounts = await owner.get(STAFF_ADMIN_PATHS.ACCOUNTS);
    expect((accounts.body.accounts as StaffAccount[]).find((account) => account.me)?.username).toBe(
      'Adaeze Okafor-Nwosu',
    );

    const sent = await request(context.app)
      .post(ENQUIRY_KINDS.contact.paths.submit)
      .send(await answeredSubmission(context, 'contact', { email: 'client@example.ng', name: 'Bólú Ade' }));
    expect(sent.status).toBe(201);
    const row = await context.db
      .selectFrom('enquiries')
      .select('id')
      .where('reference', '=', String(sent.body.reference))
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    expect((await owner.post(INBOX_PATHS.notes('contact', id)).send({ body: 'Called her.' })).status).toBe(201);
    expect((await owner.patch(INBOX_PATHS.enquiry('contact', id)).send({ status: 'contacted' })).status).toBe(200);
    const enquiry = await owner.get(INBOX_PATHS.enquiry('contact', id));
    expect(enquiry.body.enquiry.notes[0]).toMatchObject({ body: 'Called her.', authorName: 'Adaeze Okafor-Nwosu' });
    expect(enquiry.body.enquiry.history[0]).toMatchObject({ action: 'status', actorName: 'Adaeze Okafor-Nwosu' });

    await context.sender.drain();
    await context.sink.takeMail('client@example.ng');
    const reply = await owner.post(CONVERSATION_PATHS.replies('contact', id)).send({ body: 'Good day Bólú, thanks.' });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body.mail).toMatchObject({ authorName: 'Adaeze Okafor-Nwosu' });
    await context.sender.drain();
    const mail = await context.sink.takeMail('client@example.ng');
    expect(mail.from?.name).toBe('Adaeze Okafor-Nwosu');
    const timeline = await owner.get(CONVERSATION_PATHS.timeline('contact', id));
    const sentItem = (timeline.body.items as TimelineItem[]).find((item) => item.type === 'sent');
    expect(sentItem).toMatchObject({ authorName: 'Adaeze Okafor-Nwosu' });

    expect(await auditActions()).toContain('profile.name');
  });

  it('refuses a name too long, with control characters or of the wrong type, and stores nothing', async () => {
    const tooLong = await owner.put(PROFILE_PATHS.PROFILE).send({ displayName: 'A'.repeat(61) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toEqual({ displayName: PROFILE_MESSAGES.NAME_TOO_LONG });
    const control = await owner.put(PROFILE_PATHS.PROFILE).send({ displayName: 'Ada\u0007eze' });
    expect(control.status).toBe(400);
    expect(control.body.errors).toEqual({ displayName: PROFILE_MESSAGES.NAME_CONTROL });
    const newline = await owner.put(PROFILE_PATHS.PROFILE).send({ displayName: 'Ada\neze' });
    expect(newline.status).toBe(400);
    expect((await owner.put(PROFILE_PATHS.PROFILE).send({ displayName: 7 })).status).toBe(400);
    expect((await owner.put(PROFILE_PATHS.PROFILE).send({ displayName: 'Ada', role: 'owner' })).status).toBe(400);
    expect((await owner.get(PROFILE_PATHS.PROFILE)).body.profile.displayName).toBe('Adaeze Okafor-Nwosu');
    // 60 characters of any script fit.
    const wide = `Ọ̀${'é'.repeat(58)}`;
    expect([...wide].length).toBeLessThanOrEqual(60);
    const fits = await owner.put(PROFILE_PATHS.PROFILE).send({ displayName: wide });
    expect(fits.status).toBe(200);
    expect(fits.body.profile.displayName).toBe(wide);
  });

  it('cleared, goes back to the e-mail name', async () => {
    const cleared = await owner.put(PROFILE_PATHS.PROFILE).send({ displayName: '   ' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.profile).toMatchObject({ displayName: null, name: 'adaeze' });
    expect(cleared.body.message).toBe(PROFILE_MESSAGES.NAME_CLEARED);
    await owner.put(PROFILE_PATHS.PROFILE).send({ displayName: 'Adaeze Okafor' });
  });

  it('is the signed-in person’s only: nobody signed in gets 401', async () => {
    expect((await request(context.app).get(PROFILE_PATHS.PROFILE)).status).toBe(401);
    expect((await request(context.app).put(PROFILE_PATHS.PROFILE).send({ displayName: 'X' })).status).toBe(401);
  });
});

describe('the password change', () => {
  it('refuses a wrong current password at its field and keeps the old password', async () => {
    const wrong = await owner
      .put(PROFILE_PATHS.PASSWORD)
      .send({ currentPassword: 'Wr0ng!pass', newPassword: NEW_PASSWORD });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      success: false,
      message: PROFILE_MESSAGES.CURRENT_PASSWORD_WRONG,
      errors: { currentPassword: PROFILE_MESSAGES.CURRENT_PASSWORD_WRONG },
    });
    const weak = await owner
      .put(PROFILE_PATHS.PASSWORD)
      .send({ currentPassword: STRONG_PASSWORD, newPassword: 'short' });
    expect(weak.status).toBe(400);
    expect(Object.keys(weak.body.errors as object)).toEqual(['newPassword']);
    const same = await owner
      .put(PROFILE_PATHS.PASSWORD)
      .send({ currentPassword: STRONG_PASSWORD, newPassword: STRONG_PASSWORD });
    expect(same.body.errors).toEqual({ newPassword: PROFILE_MESSAGES.SAME_PASSWORD });
    expect((await signIn(context, 'adaeze@agency.test')).response.status).toBe(200);
  });

  it('with the right current password, ends every other session of the account and keeps this one', async () => {
    const other = await colleague('tunde.bakare@agency.test');
    const secondDevice = (await signIn(context, 'tunde.bakare@agency.test')).agent;
    expect((await secondDevice.get(PROFILE_PATHS.PROFILE)).status).toBe(200);
    const ownerBefore = await owner.get(PROFILE_PATHS.PROFILE);
    expect(ownerBefore.status).toBe(200);

    const changed = await other
      .put(PROFILE_PATHS.PASSWORD)
      .send({ currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.message).toBe(PROFILE_MESSAGES.PASSWORD_CHANGED);

    expect((await secondDevice.get(PROFILE_PATHS.PROFILE)).status).toBe(401);
    expect((await secondDevice.get(INBOX_PATHS.STAFF)).status).toBe(401);
    expect((await other.get(PROFILE_PATHS.PROFILE)).status).toBe(200);
    // Another person's session is not touched.
    expect((await owner.get(PROFILE_PATHS.PROFILE)).status).toBe(200);
    expect((await signIn(context, 'tunde.bakare@agency.test')).response.status).toBe(401);
    expect((await signIn(context, 'tunde.bakare@agency.test', NEW_PASSWORD)).response.status).toBe(200);
    expect(await auditActions()).toContain('profile.password');
  });

  it('counts wrong current passwords like sign-ins: past the limit, 429 with Retry-After', async () => {
    const agent = await colleague('guesser@agency.test');
    const answers: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const answer = await agent
        .put(PROFILE_PATHS.PASSWORD)
        .send({ currentPassword: `Guess!${attempt}Aa`, newPassword: NEW_PASSWORD });
      answers.push(answer.status);
      if (answer.status === 429) {
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
        expect(answer.body.message).toMatch(/^Too many wrong passwords\. Please try again in \d+ minutes?\.$/);
      }
    }
    // The sign-in limit of an address and account: 10 in 15 minutes.
    expect(answers).toEqual([...Array<number>(10).fill(400), 429]);
    // The right password is refused too while the limit holds: guessing cannot go on.
    const right = await agent
      .put(PROFILE_PATHS.PASSWORD)
      .send({ currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD });
    expect(right.status).toBe(429);
  });
});

describe('the picture', () => {
  it('is replaced by an uploaded image, re-encoded and served; a file that is not one is refused at its field', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#1b1fa8' } })
      .png()
      .toBuffer();
    const changed = await owner.put(PROFILE_PATHS.AVATAR).attach('profile_image', png, 'me.png');
    expect(changed.status, changed.text).toBe(200);
    const name = changed.body.profile.profile_image as string;
    expect(name).toMatch(/^[a-f0-9]{32}\.webp$/);
    const served = await request(context.app).get(`/api/uploads/profile_images/${name}`);
    expect(served.status).toBe(200);
    expect((await sharp(served.body as Buffer).metadata()).width).toBe(256);

    const again = await owner.put(PROFILE_PATHS.AVATAR).attach('profile_image', png, 'me-again.png');
    expect(again.status).toBe(200);
    // The earlier picture is gone with the change.
    expect((await request(context.app).get(`/api/uploads/profile_images/${name}`)).status).toBe(404);

    const text = await owner.put(PROFILE_PATHS.AVATAR).attach('profile_image', Buffer.from('not a picture'), 'me.png');
    expect(text.status).toBe(400);
    expect(Object.keys(text.body.errors as object)).toEqual(['profile_image']);
    const none = await owner.put(PROFILE_PATHS.AVATAR).field('other', 'x');
    expect(none.status).toBeGreaterThanOrEqual(400);
    expect(none.status).toBeLessThan(500);
    expect((await owner.get(PROFILE_PATHS.PROFILE)).body.profile.profile_image).toBe(again.body.profile.profile_image);
    expect(await auditActions()).toContain('profile.avatar');
  });
});
