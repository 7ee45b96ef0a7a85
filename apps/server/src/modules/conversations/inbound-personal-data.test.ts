import { unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger';
import { storeEnquiry } from '../../test/enquiries';
import { createTestContext, registerAndConfirm, userIdOf, type TestContext } from '../../test/test-context';
import { csvZipOf } from '../../lib/spreadsheet';
import { erasePerson, exportPerson, searchPerson } from '../data-requests/data-requests.service';
import { runDailyPurge } from '../retention/retention.service';
import { ingestMail, type IngestDeps } from './inbound.service';

/**
 * Issue 20 item 7: a person's conversation mails (received and sent, with attachments) are found, exported and
 * erased by a data request, unmatched ones by their address too; the retention purge takes an enquiry's mails with
 * it and unmatched mails after 30 days.
 */
let context: TestContext | undefined;

afterEach(async () => {
  await context?.close();
  context = undefined;
});

const DAY = 24 * 60 * 60 * 1000;
const PERSON = 'temitope.alade@example.ng';

const raw = (id: string, subject: string, attachment = false) =>
  Buffer.from(
    attachment
      ? `From: Temitọpẹ Aládé <${PERSON}>\r\nTo: hello@rendezvousdigital.ng\r\nSubject: ${subject}\r\nMessage-ID: <${id}>\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="b"\r\n\r\n--b\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nMy CV attached.\r\n--b\r\nContent-Type: application/pdf; name="cv.pdf"\r\nContent-Disposition: attachment; filename="cv.pdf"\r\nContent-Transfer-Encoding: base64\r\n\r\nJVBERi0xLjQK\r\n--b--\r\n`
      : `From: ${PERSON}\r\nTo: hello@rendezvousdigital.ng\r\nSubject: ${subject}\r\nMessage-ID: <${id}>\r\n\r\nHello.\r\n`,
  );

async function open() {
  context = await createTestContext();
  const ctx = context;
  const deps: IngestDeps = { db: ctx.db, clock: () => ctx.now(), config: ctx.config, mail: ctx.sender };
  await registerAndConfirm(ctx, 'owner@agency.test');
  const owner = await userIdOf(ctx, 'owner@agency.test');
  const requests = { db: ctx.db, clock: () => ctx.now(), config: ctx.config, logger: createLogger('silent') };
  return { ctx, deps, owner, requests };
}

const count = async (ctx: TestContext, table: 'enquiry_mails' | 'mail_attachments') =>
  (await ctx.db.selectFrom(table).select('id').execute()).length;

describe("a person's conversation mails", () => {
  it('are found by their address (matched and unmatched), with attachments, and erased with the enquiry', async () => {
    const { ctx, deps, owner, requests } = await open();
    const { reference } = await storeEnquiry(ctx, 'contact', { values: { email: PERSON } });
    const matched = await ingestMail(deps, { raw: raw('p1@example.ng', `Re: ${reference}`, true), source: 'webhook' });
    expect(matched.enquiryId).not.toBeNull();
    const { id: attachmentId } = await ctx.db
      .selectFrom('mail_attachments')
      .select('id')
      .where('mail_id', '=', matched.mailId)
      .executeTakeFirstOrThrow();
    // Too old for the sender rule and no reference: unmatched, found by the address.
    ctx.advance(40 * DAY);
    const unmatched = await ingestMail(deps, { raw: raw('p2@example.ng', 'Hello again'), source: 'webhook' });
    expect(unmatched.enquiryId).toBeNull();
    await ingestMail(deps, {
      raw: Buffer.from('From: other@example.ng\r\nSubject: x\r\nMessage-ID: <p3@example.ng>\r\n\r\nx\r\n'),
      source: 'webhook',
    });

    const found = await searchPerson(requests, { email: PERSON }, owner);
    expect(found.conversationMails?.map((mail) => [mail.reference, mail.direction, mail.subject])).toEqual([
      [reference, 'in', `Re: ${reference}`],
      [null, 'in', 'Hello again'],
    ]);
    expect(found.conversationMails?.[0]?.attachments).toEqual([
      { filename: 'cv.pdf', contentType: 'application/pdf', size: 9 },
    ]);
    // The enquiry, its reply notification (none: no staff) and the two mails.
    expect(found.totalRecords).toBe(found.enquiries.length + found.notes.length + found.mails.length + 2);

    // The ZIP hands over the attachment's bytes beside the sheets; the workbook lists its name.
    const zip = await exportPerson(requests, { email: PERSON }, 'zip', owner);
    expect(zip.files.map((file) => file.path)).toEqual([`attachments/${matched.mailId}-${attachmentId}-cv.pdf`]);
    const entries = unzipSync(await csvZipOf(zip.sheets, zip.files));
    expect(Buffer.from(entries[`attachments/${matched.mailId}-${attachmentId}-cv.pdf`] ?? []).toString()).toBe(
      '%PDF-1.4\n',
    );
    expect((await exportPerson(requests, { email: PERSON }, 'xlsx', owner)).files).toEqual([]);

    const erased = await erasePerson(requests, { email: PERSON, expectedRecords: found.totalRecords }, owner);
    expect(erased.erased.conversationMails).toBe(2);
    expect(await count(ctx, 'enquiry_mails')).toBe(1);
    expect(await count(ctx, 'mail_attachments')).toBe(0);
  });

  it('go with their enquiry in the retention purge; unmatched ones after 30 days', async () => {
    const { ctx, deps } = await open();
    const { reference } = await storeEnquiry(ctx, 'contact', {
      values: { email: PERSON },
      createdAt: ctx.now().getTime() - 731 * DAY,
    });
    await ingestMail(deps, { raw: raw('r1@example.ng', `Re: ${reference}`, true), source: 'webhook' });
    await ingestMail(deps, { raw: raw('r2@example.ng', 'Nothing to match'), source: 'webhook' });
    ctx.advance(29 * DAY);
    await ingestMail(deps, { raw: raw('r3@example.ng', 'Newer, unmatched'), source: 'webhook' });
    ctx.advance(2 * DAY);
    const run = await runDailyPurge(
      { db: ctx.db, clock: () => ctx.now(), config: ctx.config, logger: createLogger('silent') },
      'test-instance',
    );
    expect(run).toMatchObject({ ran: true, counts: { enquiries: 1, unmatched: 1 } });
    const left = await ctx.db.selectFrom('enquiry_mails').select('message_id').execute();
    expect(left).toEqual([{ message_id: '<r3@example.ng>' }]);
    expect(await count(ctx, 'mail_attachments')).toBe(0);
  });
});
