import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { ENQUIRY_KINDS, MESSAGE_KINDS, REPLY_PROMISES, SUBMISSION_RULES, type MessageKind } from '@agency/shared';
import { VALID_SUBMISSIONS } from '../../test/fixtures';
import { answeredSubmission, createTestContext, type TestContext } from '../../test/test-context';

/**
 * Issue 17, "no relay": the visitor's auto-reply goes only to people who passed the server's human check, repeats
 * nothing they typed but a plain name and the reference, reaches one address at most three times a day, carries the
 * agency's Reply-To and promises what the form's page promises.
 */
let context: TestContext | undefined;

afterEach(async () => {
  await context?.close();
  context = undefined;
});

const REPLY_TO = 'hello@rendezvousdigital.ng';

async function open(): Promise<TestContext> {
  context = await createTestContext({
    config: { staffNotifyEmails: ['inbox@agency.test'], replyTo: `"Rendezvous Digital" <${REPLY_TO}>` },
  });
  return context;
}

const submit = (ctx: TestContext, kind: MessageKind, body: Record<string, unknown>) =>
  request(ctx.app).post(ENQUIRY_KINDS[kind].paths.submit).send(body);

const queued = (ctx: TestContext) =>
  ctx.db.selectFrom('outbox').select(['purpose', 'recipient']).orderBy('id').execute();

describe('the auto-reply', () => {
  it('goes only to a submission that passed the human check: not to the bare payload, not to spam', async () => {
    const ctx = await open();
    expect((await submit(ctx, 'contact', VALID_SUBMISSIONS.contact)).status).toBe(201);
    expect((await submit(ctx, 'contact', await answeredSubmission(ctx, 'contact', { website: 'x' }))).status).toBe(201);
    expect(await queued(ctx)).toEqual([{ purpose: 'staff-notification', recipient: 'inbox@agency.test' }]);

    expect((await submit(ctx, 'contact', await answeredSubmission(ctx, 'contact'))).status).toBe(201);
    expect(await queued(ctx)).toEqual([
      { purpose: 'staff-notification', recipient: 'inbox@agency.test' },
      { purpose: 'staff-notification', recipient: 'inbox@agency.test' },
      { purpose: 'auto-reply', recipient: VALID_SUBMISSIONS.contact.email },
    ]);
  });

  it('repeats no link, address or message the visitor typed, and leaves out a name that holds one', async () => {
    const ctx = await open();
    const planted = 'Win big at https://relay.example/offer and www.relay.example';
    const names = [
      'Claim https://relay.example/x',
      'Ada www.relay.example',
      'Ada relay.example',
      'Ada ada@relay.example',
    ];
    // Each from its own address: one address gets three auto-replies a day.
    for (const [index, name] of names.entries()) {
      const email = `visitor${index}@example.ng`;
      const sent = await submit(
        ctx,
        'contact',
        await answeredSubmission(ctx, 'contact', { name, email, message: planted }),
      );
      expect(sent.status).toBe(201);
      const reply = await ctx.sink.takeMail(email);
      expect(reply.links.filter((link) => link.includes('relay'))).toEqual([]);
      for (const body of [reply.text ?? '', reply.html ?? '', reply.subject ?? '']) {
        expect(body).not.toContain('relay');
        expect(body).not.toContain('Win big');
      }
      expect(reply.text).toMatch(/^Hello,\n/);
      expect(reply.text).toContain(String(sent.body.reference));
    }
    const quote = await submit(
      ctx,
      'request_quote',
      await answeredSubmission(ctx, 'request_quote', { projectDescription: planted }),
    );
    const reply = await ctx.sink.takeMail(String(VALID_SUBMISSIONS.request_quote.email));
    expect(reply.text).toMatch(/^Hello Chidi Eze,\n/);
    expect(reply.text).toContain(String(quote.body.reference));
    expect(`${reply.text ?? ''}${reply.html ?? ''}`).not.toContain('relay');
    // The staff still read everything that was sent.
    const staffMail = await ctx.sink.waitForMail(
      (mail) => mail.subject?.includes(String(quote.body.reference)) ?? false,
    );
    expect(staffMail.text).toContain('https://relay.example/offer');
  });

  it('reaches one address at most three times a day across the four forms; the fourth enquiry is stored and notified', async () => {
    const ctx = await open();
    const address = 'same.person@example.ng';
    const spellings = [address, address.toUpperCase(), ` ${address}`, address];
    for (const [index, kind] of MESSAGE_KINDS.entries()) {
      const response = await submit(ctx, kind, await answeredSubmission(ctx, kind, { email: spellings[index] }));
      expect(response.status).toBe(201);
    }
    for (const kind of MESSAGE_KINDS)
      expect(await ctx.db.selectFrom('enquiries').where('kind', '=', kind).selectAll().execute()).toHaveLength(1);
    const purposes = (await queued(ctx)).map((mail) => mail.purpose);
    expect(purposes.filter((purpose) => purpose === 'staff-notification')).toHaveLength(4);
    expect(purposes.filter((purpose) => purpose === 'auto-reply')).toHaveLength(
      SUBMISSION_RULES.AUTO_REPLIES_PER_ADDRESS_PER_DAY,
    );
    // Another address is not held back.
    await submit(ctx, 'contact', await answeredSubmission(ctx, 'contact'));
    expect((await queued(ctx)).at(-1)).toEqual({ purpose: 'auto-reply', recipient: VALID_SUBMISSIONS.contact.email });
  });

  it('comes with Reply-To REPLY_TO_ADDRESS and invites a reply that quotes the reference', async () => {
    const ctx = await open();
    const sent = await submit(ctx, 'web_dev', await answeredSubmission(ctx, 'web_dev'));
    const reference = String(sent.body.reference);
    const reply = await ctx.sink.takeMail(String(VALID_SUBMISSIONS.web_dev.email));
    expect(reply.replyTo?.map((mailbox) => mailbox.address)).toEqual([REPLY_TO]);
    expect(reply.text).toContain(`reply to this e-mail and quote your reference ${reference}`);
    expect(reply.text).not.toMatch(/do not reply|no-reply/i);
  });

  it.each(MESSAGE_KINDS)("%s: promises what the form's page promises", async (kind) => {
    const ctx = await open();
    await submit(ctx, kind, await answeredSubmission(ctx, kind));
    const reply = await ctx.sink.takeMail(String(VALID_SUBMISSIONS[kind].email));
    const promise = ENQUIRY_KINDS[kind].replyPromise;
    expect(reply.text).toContain(`What happens next: ${promise}.`);
    const expected = kind === 'web_dev' || kind === 'creative_design' ? REPLY_PROMISES.training : undefined;
    if (expected) {
      expect(promise).toBe(expected);
      expect(reply.text).toContain('within two working days');
      expect(reply.text).not.toContain('one working day');
    } else expect(reply.text).toContain('within one working day');
  });
});
