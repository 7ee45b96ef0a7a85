import { CONVERSATION_PATHS } from '@agency/shared';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { storeEnquiry } from '../../test/enquiries';
import { createTestContext, registerAndConfirm, signIn, userIdOf, type TestContext } from '../../test/test-context';
import { ingestMail, type IngestDeps } from './inbound.service';

/**
 * Issue 20 items 3-6: what storing a received mail does besides storing it once: who is told, what waits and what is
 * unread, what an automated mail leaves alone, the attachment limits, and deliveries that race each other.
 */
let context: TestContext | undefined;

afterEach(async () => {
  await context?.close();
  context = undefined;
});

const CUSTOMER = 'bisola.adeyemi@example.ng';

async function open(limits?: { attachmentMaxBytes: number; attachmentsTotalMaxBytes: number }) {
  context = await createTestContext(
    limits ? { config: { inboundMail: { secret: undefined, maxBytes: 10 * 1024 * 1024, ...limits } } } : {},
  );
  const ctx = context;
  const deps: IngestDeps = { db: ctx.db, clock: () => ctx.now(), config: ctx.config, mail: ctx.sender };
  for (const email of ['ada@agency.test', 'femi@agency.test']) {
    await registerAndConfirm(ctx, email);
    await ctx.db.updateTable('users').set({ role: 'staff' }).where('email', '=', email).execute();
  }
  const { id, reference } = await storeEnquiry(ctx, 'contact', { values: { email: CUSTOMER } });
  return { ctx, deps, id, reference };
}

const mail = (id: string, subject: string, extra = '') =>
  Buffer.from(
    `From: Bisola Adeyemi <${CUSTOMER}>\r\nTo: hello@rendezvousdigital.ng\r\nSubject: ${subject}\r\nMessage-ID: <${id}>\r\n${extra}\r\nThanks, see you on Monday.\r\n`,
  );

const notifications = (ctx: TestContext) =>
  ctx.db
    .selectFrom('outbox')
    .select(['recipient', 'subject', 'reply_to', 'purpose'])
    .where('purpose', '=', 'reply-notification')
    .orderBy('id')
    .execute();

describe('a received reply', () => {
  it('tells every staff member when nobody has the enquiry, and only the assignee once someone has it', async () => {
    const { ctx, deps, id, reference } = await open();
    await ingestMail(deps, { raw: mail('a1@example.ng', `Re: ${reference}`), source: 'webhook' });
    expect((await notifications(ctx)).map((row) => row.recipient).sort()).toEqual([
      'ada@agency.test',
      'femi@agency.test',
    ]);
    const femi = await userIdOf(ctx, 'femi@agency.test');
    await ctx.db.updateTable('enquiries').set({ assignee_id: femi }).where('id', '=', id).execute();
    await ingestMail(deps, { raw: mail('a2@example.ng', `Re: ${reference}`), source: 'webhook' });
    const all = await notifications(ctx);
    expect(all.slice(2)).toEqual([
      {
        recipient: 'femi@agency.test',
        subject: `Reply on ${reference} from Bisola Adeyemi`,
        reply_to: null,
        purpose: 'reply-notification',
      },
    ]);
  });

  it('waits from the first unanswered reply and is unread for everyone again', async () => {
    const { ctx, deps, id, reference } = await open();
    const ada = await userIdOf(ctx, 'ada@agency.test');
    await ctx.db.insertInto('enquiry_reads').values({ enquiry_id: id, user_id: ada, read_at: 1 }).execute();
    const first = ctx.now().getTime();
    await ingestMail(deps, { raw: mail('w1@example.ng', `Re: ${reference}`), source: 'webhook' });
    ctx.advance(60_000);
    await ingestMail(deps, { raw: mail('w2@example.ng', `Re: ${reference}`), source: 'webhook' });
    const enquiry = await ctx.db
      .selectFrom('enquiries')
      .select(['waiting_since', 'status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(enquiry).toEqual({ waiting_since: first, status: 'new' });
    expect(await ctx.db.selectFrom('enquiry_reads').selectAll().execute()).toEqual([]);
  });

  it('from a program (out of office, bounce) is filed but changes nothing and tells nobody', async () => {
    const { ctx, deps, id, reference } = await open();
    const ada = await userIdOf(ctx, 'ada@agency.test');
    await ctx.db.insertInto('enquiry_reads').values({ enquiry_id: id, user_id: ada, read_at: 1 }).execute();
    await ctx.db.updateTable('enquiries').set({ status: 'won' }).where('id', '=', id).execute();
    const away = await ingestMail(deps, {
      raw: mail('o1@example.ng', `Out of office: ${reference}`, 'Auto-Submitted: auto-replied\r\n'),
      source: 'webhook',
    });
    expect(away.enquiryId).toBe(id);
    const enquiry = await ctx.db
      .selectFrom('enquiries')
      .select(['waiting_since', 'status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(enquiry).toEqual({ waiting_since: null, status: 'won' });
    expect((await ctx.db.selectFrom('enquiry_reads').selectAll().execute()).length).toBe(1);
    expect(await notifications(ctx)).toEqual([]);
  });

  it('keeps attachments within the limit of each and of all together; the raw message keeps every one', async () => {
    const { ctx, deps, reference } = await open({ attachmentMaxBytes: 10, attachmentsTotalMaxBytes: 15 });
    const part = (name: string, bytes: number) =>
      `--b\r\nContent-Type: application/octet-stream; name="${name}"\r\nContent-Disposition: attachment; filename="${name}"\r\nContent-Transfer-Encoding: base64\r\n\r\n${Buffer.alloc(bytes, 65).toString('base64')}\r\n`;
    const raw = Buffer.from(
      `From: ${CUSTOMER}\r\nSubject: Re: ${reference}\r\nMessage-ID: <att@example.ng>\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="b"\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\nFiles.\r\n${part('a.bin', 8)}${part('too-big.bin', 11)}${part('b.bin', 7)}${part('c.bin', 6)}--b--\r\n`,
    );
    const stored = await ingestMail(deps, { raw, source: 'webhook' });
    const files = await ctx.db
      .selectFrom('mail_attachments')
      .select(['filename', 'size'])
      .where('mail_id', '=', stored.mailId)
      .orderBy('id')
      .execute();
    // a (8) fits; too-big (11) is over 10 on its own; b (7) brings the total to 15, the most; c (6) would pass it.
    expect(files).toEqual([
      { filename: 'a.bin', size: 8 },
      { filename: 'b.bin', size: 7 },
    ]);
  });

  it('serves a kept attachment to staff as a download of the enquiry it belongs to, and to nobody else', async () => {
    const { ctx, deps, id, reference } = await open();
    const bytes = Buffer.from('%PDF-1.4 a quote for the bakery\n');
    const raw = Buffer.from(
      `From: ${CUSTOMER}\r\nSubject: Re: ${reference}\r\nMessage-ID: <dl@example.ng>\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="b"\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\nOur brief.\r\n--b\r\nContent-Type: application/pdf; name="brief Ọ.pdf"\r\nContent-Disposition: attachment; filename*=UTF-8''brief%20%E1%BB%8C.pdf\r\nContent-Transfer-Encoding: base64\r\n\r\n${bytes.toString('base64')}\r\n--b--\r\n`,
    );
    const stored = await ingestMail(deps, { raw, source: 'webhook' });
    const attachment = await ctx.db
      .selectFrom('mail_attachments')
      .select('id')
      .where('mail_id', '=', stored.mailId)
      .executeTakeFirstOrThrow();
    const path = CONVERSATION_PATHS.attachment('contact', id, attachment.id);

    expect((await request(ctx.app).get(path)).status).toBe(401);
    const { agent: staff } = await signIn(ctx, 'ada@agency.test');
    const file = await staff
      .get(path)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(file.status).toBe(200);
    expect(Buffer.compare(file.body as Buffer, bytes)).toBe(0);
    expect(file.headers['content-type']).toMatch(/^application\/pdf/);
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="brief .\.pdf"; filename\*=UTF-8''brief%20%E1%BB%8C\.pdf$/,
    );
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toMatch(/^sandbox/);

    // Another enquiry's address, or an id no attachment has: 404.
    const other = await storeEnquiry(ctx, 'contact', { values: { email: 'someone.else@example.ng' } });
    expect((await staff.get(CONVERSATION_PATHS.attachment('contact', other.id, attachment.id))).status).toBe(404);
    expect((await staff.get(CONVERSATION_PATHS.attachment('contact', id, attachment.id + 1000))).status).toBe(404);
  });

  it('is stored once whichever way it comes again: the same position, the same Message-ID, racing deliveries', async () => {
    const { ctx, deps, reference } = await open();
    const position = { mailbox: 'INBOX', uidValidity: 7, uid: 42 };
    const first = await ingestMail(deps, { raw: mail('d1@example.ng', `Re: ${reference}`), source: 'imap', position });
    expect(first.duplicate).toBe(false);
    // The same position: whatever the bytes say now.
    const samePlace = await ingestMail(deps, { raw: mail('other@example.ng', 'x'), source: 'imap', position });
    expect(samePlace).toEqual({ ...first, duplicate: true });
    // The same Message-ID from the webhook, another case.
    const sameId = await ingestMail(deps, { raw: mail('D1@EXAMPLE.NG', `Re: ${reference}`), source: 'webhook' });
    expect(sameId).toEqual({ ...first, duplicate: true });
    // Eight deliveries of one new message at once.
    const racing = await Promise.all(
      Array.from({ length: 8 }, () => ingestMail(deps, { raw: mail('race@example.ng', 'Race'), source: 'webhook' })),
    );
    expect(racing.filter((result) => !result.duplicate)).toHaveLength(1);
    expect(new Set(racing.map((result) => result.mailId)).size).toBe(1);
    const rows = await ctx.db.selectFrom('enquiry_mails').select('message_id').orderBy('id').execute();
    expect(rows.map((row) => row.message_id)).toEqual(['<d1@example.ng>', '<race@example.ng>']);
    expect((await notifications(ctx)).length).toBe(2 + 2);
  });
});
