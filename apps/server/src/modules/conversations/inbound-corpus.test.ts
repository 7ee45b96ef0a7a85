import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageKind } from '@agency/shared';
import type { MailAutomation, MailMatchRule } from '../../lib/database-schema';
import { storeEnquiry } from '../../test/enquiries';
import { createTestContext, type TestContext } from '../../test/test-context';
import { ingestMail, type IngestDeps } from './inbound.service';

/**
 * Issue 20 item 8: the fixture corpus (fixtures/*.eml, written for this project: Gmail, Outlook, Apple Mail and Yahoo
 * shapes, replies to the auto-reply and to staff replies, edited subjects, forwards, missing headers, plus-address
 * tokens, quoted-printable, base64, windows-1252, out-of-office replies, bounces, strangers). Each lands where
 * fixtures/manifest.json says, by the rule it names, and a second delivery of every message stores nothing more.
 */
const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

interface ManifestEntry {
  file: string;
  enquiry: string | null;
  rule: MailMatchRule | null;
  automated: MailAutomation | null;
  note: string;
  attachments?: number;
}
const MANIFEST = JSON.parse(readFileSync(path.join(FIXTURES, 'manifest.json'), 'utf8')) as { mails: ManifestEntry[] };

const DAY = 24 * 60 * 60 * 1000;
const D = 'rendezvousdigital.ng';

/** The enquiries the corpus writes to, in the order that gives them their references (RD-26-00001 ...). */
const SEEDS: {
  kind: MessageKind;
  values: Record<string, unknown>;
  daysAgo: number;
  change?: { status?: 'won' | 'lost'; trash?: boolean; spam?: boolean };
}[] = [
  { kind: 'contact', values: { name: 'Adébáyọ̀ Ọlátúnjí', email: 'adebayo.olatunji@gmail.com' }, daysAgo: 1 },
  { kind: 'request_quote', values: { name: 'Chiamaka Okonkwo', email: 'chiamaka.okonkwo@outlook.com' }, daysAgo: 1 },
  { kind: 'web_dev', values: { firstname: 'Ngozi', surname: 'Eze', email: 'ngozi_eze@yahoo.com' }, daysAgo: 2 },
  {
    kind: 'creative_design',
    values: { firstname: 'Fọlákẹ́', surname: 'Adéwálé', email: 'folake.adewale@icloud.com' },
    daysAgo: 2,
  },
  {
    kind: 'contact',
    values: { name: 'Babatunde Fashola', email: 'tunde@fasholaandsons.ng' },
    daysAgo: 10,
    change: { status: 'won' },
  },
  {
    kind: 'contact',
    values: { name: 'Emeka Nwosu', email: 'emeka.nwosu@gmail.com' },
    daysAgo: 5,
    change: { trash: true },
  },
  { kind: 'contact', values: { name: 'Halima Bello', email: 'halima.bello@gmail.com' }, daysAgo: 45 },
  { kind: 'contact', values: { name: 'Olúwaṣeun Àjàyí', email: 'seun.ajayi@yahoo.com' }, daysAgo: 3 },
  { kind: 'contact', values: { name: 'Kelechi Obi', email: 'kelechi.obi@gmail.com' }, daysAgo: 20 },
  { kind: 'request_quote', values: { name: 'Kelechi Obi', email: 'kelechi.obi@gmail.com' }, daysAgo: 2 },
  {
    kind: 'contact',
    values: { name: 'Ibrahim Musa', email: 'ibrahim.musa@gmail.com' },
    daysAgo: 1,
    change: { spam: true },
  },
  { kind: 'contact', values: { name: 'Adéolá Ògúnbíyì', email: 'adeola.ogunbiyi@hotmail.com' }, daysAgo: 4 },
  {
    kind: 'request_quote',
    values: { name: 'Yetunde Bakare-Ọdúyẹmí', email: 'yetunde@bakareventures.ng' },
    daysAgo: 6,
  },
  {
    kind: 'contact',
    values: { name: 'Chukwuemeka Ibe', email: 'c.ibe@gmail.com' },
    daysAgo: 8,
    change: { status: 'lost' },
  },
  { kind: 'web_dev', values: { firstname: 'Aisha', surname: 'Garba', email: 'aisha.garba@gmail.com' }, daysAgo: 3 },
];

/** Mails the outbox sent about enquiries (auto-replies, staff replies) and one about none (a password reset). */
const OUTBOX: { messageId: string; enquiry: number | null; purpose: 'auto-reply' | 'staff-reply' | 'reset' }[] = [
  { messageId: `<ar.00001.k3@${D}>`, enquiry: 1, purpose: 'auto-reply' },
  { messageId: `<ar.00002.m1@${D}>`, enquiry: 2, purpose: 'auto-reply' },
  { messageId: `<ar.00003.p2@${D}>`, enquiry: 3, purpose: 'auto-reply' },
  { messageId: `<ar.00004.b8@${D}>`, enquiry: 4, purpose: 'auto-reply' },
  { messageId: `<ar.00012.w9@${D}>`, enquiry: 12, purpose: 'auto-reply' },
  { messageId: `<ar.00014.h6@${D}>`, enquiry: 14, purpose: 'auto-reply' },
  { messageId: `<ar.00015.t3@${D}>`, enquiry: 15, purpose: 'auto-reply' },
  { messageId: `<sr.00001.q7@${D}>`, enquiry: 1, purpose: 'staff-reply' },
  { messageId: `<sr.00004.c5@${D}>`, enquiry: 4, purpose: 'staff-reply' },
  { messageId: `<reset.1@${D}>`, enquiry: null, purpose: 'reset' },
];
/** Staff replies stored in the conversation: two with their outbox row, one (RD-26-00002's) without. */
const SENT_MAILS: { messageId: string; enquiry: number }[] = [
  { messageId: `<sr.00001.q7@${D}>`, enquiry: 1 },
  { messageId: `<sr.00002.z4@${D}>`, enquiry: 2 },
  { messageId: `<sr.00004.c5@${D}>`, enquiry: 4 },
];

let context: TestContext;
let deps: IngestDeps;
const references = new Map<number, string>();

async function seed(ctx: TestContext): Promise<void> {
  const now = ctx.now().getTime();
  for (const entry of SEEDS) {
    const { id, reference } = await storeEnquiry(ctx, entry.kind, {
      values: entry.values,
      createdAt: now - entry.daysAgo * DAY,
      spamReason: entry.change?.spam ? 'honeypot' : undefined,
    });
    references.set(id, reference);
    if (entry.change?.status) {
      await ctx.db.updateTable('enquiries').set({ status: entry.change.status }).where('id', '=', id).execute();
    }
    if (entry.change?.trash) {
      await ctx.db
        .updateTable('enquiries')
        .set({ folder: 'trash', trashed_at: now - DAY })
        .where('id', '=', id)
        .execute();
    }
  }
  const outboxIds = new Map<string, number>();
  for (const mail of OUTBOX) {
    const inserted = await ctx.db
      .insertInto('outbox')
      .values({
        message_id: mail.messageId,
        purpose: mail.purpose,
        recipient: 'customer@example.ng',
        reply_to: null,
        subject: 'Seed',
        text_body: 'Seed',
        html_body: '<p>Seed</p>',
        holds_secret: 0,
        status: 'sent',
        attempts: 1,
        next_attempt_at: now - DAY,
        lease_owner: null,
        lease_until: null,
        last_error: null,
        created_at: now - DAY,
        sent_at: now - DAY,
        enquiry_id: mail.enquiry,
      })
      .executeTakeFirstOrThrow();
    outboxIds.set(mail.messageId, Number(inserted.insertId));
  }
  const { messageKeyOf } = await import('./mail-parse');
  for (const mail of SENT_MAILS) {
    await ctx.db
      .insertInto('enquiry_mails')
      .values({
        enquiry_id: mail.enquiry,
        direction: 'out',
        message_id: mail.messageId,
        message_key: messageKeyOf(mail.messageId),
        in_reply_to: null,
        references_header: null,
        from_address: `no-reply@${D}`,
        from_name: 'Tobi',
        to_address: 'customer@example.ng',
        subject: 'Your project',
        text_body: 'Thank you, we will call you.',
        html_body: null,
        automated: null,
        match_rule: null,
        source: 'app',
        mailbox: null,
        uid_validity: null,
        uid: null,
        raw: null,
        author_id: null,
        outbox_id: outboxIds.get(mail.messageId) ?? null,
        sent_at: now - DAY,
        created_at: now - DAY,
      })
      .execute();
  }
}

beforeAll(async () => {
  context = await createTestContext({ config: { staffNotifyEmails: ['team@agency.test'] } });
  deps = { db: context.db, clock: () => context.now(), config: context.config, mail: context.sender };
  await seed(context);
});

afterAll(async () => {
  await context.close();
});

describe('the inbound corpus', () => {
  it('has at least 60 messages, each with its expected landing', () => {
    expect(MANIFEST.mails.length).toBeGreaterThanOrEqual(60);
    expect(new Set(MANIFEST.mails.map((mail) => mail.file)).size).toBe(MANIFEST.mails.length);
    expect([...references.values()]).toEqual(
      SEEDS.map((_seed, index) => `RD-26-${String(index + 1).padStart(5, '0')}`),
    );
  });

  it('lands every message where it belongs, by the rule named, automated or not', async () => {
    const wrong: string[] = [];
    for (const entry of MANIFEST.mails) {
      const raw = readFileSync(path.join(FIXTURES, entry.file));
      const result = await ingestMail(deps, { raw, source: 'webhook' });
      const row = await context.db
        .selectFrom('enquiry_mails')
        .select(['enquiry_id', 'match_rule', 'automated'])
        .where('id', '=', result.mailId)
        .executeTakeFirstOrThrow();
      const landed = row.enquiry_id === null ? null : (references.get(row.enquiry_id) ?? `#${row.enquiry_id}`);
      const attachments = await context.db
        .selectFrom('mail_attachments')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('mail_id', '=', result.mailId)
        .executeTakeFirstOrThrow();
      const got = { enquiry: landed, rule: row.match_rule, automated: row.automated };
      const expected = { enquiry: entry.enquiry, rule: entry.rule, automated: entry.automated };
      if (result.duplicate || JSON.stringify(got) !== JSON.stringify(expected)) {
        wrong.push(`${entry.file}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(got)}`);
      }
      if (entry.attachments !== undefined && Number(attachments.count) !== entry.attachments) {
        wrong.push(`${entry.file}: ${String(attachments.count)} attachments, expected ${entry.attachments}`);
      }
    }
    console.info(`inbound corpus: ${MANIFEST.mails.length - wrong.length} of ${MANIFEST.mails.length} landed`);
    expect(wrong).toEqual([]);
  });

  it('stores each message once when every message is delivered again', async () => {
    const before = await context.db.selectFrom('enquiry_mails').select(['id']).where('direction', '=', 'in').execute();
    const outboxBefore = await context.db.selectFrom('outbox').select('id').execute();
    for (const [index, entry] of MANIFEST.mails.entries()) {
      const raw = readFileSync(path.join(FIXTURES, entry.file));
      const position = { mailbox: 'INBOX', uidValidity: 1, uid: index + 1 };
      const again = await ingestMail(deps, { raw, source: 'imap', position });
      expect(again.duplicate, entry.file).toBe(true);
    }
    const after = await context.db.selectFrom('enquiry_mails').select(['id']).where('direction', '=', 'in').execute();
    expect(after.length).toBe(before.length);
    expect(after.length).toBe(MANIFEST.mails.length);
    expect((await context.db.selectFrom('outbox').select('id').execute()).length).toBe(outboxBefore.length);
  });

  it('reads names, subjects and bodies in UTF-8, windows-1252, base64 and quoted-printable, attachments by name', async () => {
    const stored = async (messageId: string) =>
      context.db
        .selectFrom('enquiry_mails')
        .select(['id', 'from_name', 'subject', 'text_body'])
        .where('message_id', '=', messageId)
        .executeTakeFirstOrThrow();
    const outlook = await stored('<AM0PR02MB0005E@AM0PR02MB.eurprd02.prod.outlook.com>');
    expect(outlook.from_name).toBe('Adéolá Ògúnbíyì');
    expect(outlook.text_body).toContain('café owner in Ìbàdàn – “Àjò” stores');
    const gmail = await stored('<CAF3kq9x+adebayo01@mail.gmail.com>');
    expect(gmail.from_name).toBe('Adébáyọ̀ Ọlátúnjí');
    expect(gmail.text_body).toContain('Ẹ káàsán!');
    // Folding quoted text is the view's: the body is kept whole.
    expect(gmail.text_body).toContain('> Thank you for contacting Rendezvous Digital.');
    expect((await stored('<enc04.seun@yahoo.com>')).subject).toBe('Ọjọ́ Ajé');
    expect((await stored('<ref03.seun@yahoo.com>')).subject).toBe('Ìbéèrè mi RD-26-00008 – ọ̀rọ̀ tuntun');
    const apple = await stored('<7E1C2A44-0C3B-4F0A-9E51-ABCDEF000004@icloud.com>');
    const files = await context.db
      .selectFrom('mail_attachments')
      .select(['filename', 'content_type', 'size'])
      .where('mail_id', '=', apple.id)
      .execute();
    expect(files).toEqual([{ filename: 'Àwọn ìtàjú.jpg', content_type: 'image/jpeg', size: 22 }]);
  });

  it("notifies once per person's reply on an enquiry, never for a program's mail, and marks the enquiry waiting", async () => {
    const human = MANIFEST.mails.filter((mail) => mail.enquiry !== null && mail.automated === null);
    const notifications = await context.db
      .selectFrom('outbox')
      .select(['recipient', 'enquiry_id'])
      .where('purpose', '=', 'reply-notification')
      .execute();
    expect(notifications.length).toBe(human.length);
    expect(new Set(notifications.map((row) => row.recipient))).toEqual(new Set(['team@agency.test']));
    const waiting = await context.db
      .selectFrom('enquiries')
      .select(['reference', 'waiting_since'])
      .where('waiting_since', 'is not', null)
      .execute();
    expect(new Set(waiting.map((row) => row.reference))).toEqual(new Set(human.map((mail) => mail.enquiry)));
  });
});
