import type { Insertable, Kysely } from 'kysely';
import {
  DEFAULT_RESPONSE_TARGET_MINUTES,
  FIRST_RESPONSE_CHANNELS,
  MESSAGE_KINDS,
  statusesOf,
  type EnquiryStatus,
  type InboxFolder,
  type SourceClass,
} from '@agency/shared';
import type { Database, EnquiriesTable } from '../../lib/database-schema';

/**
 * Generated enquiries for the reports' tests and `npm run bench:reports` (docs/decisions/0042): every column the
 * reports read, filled as the other parts of issue 21 fill them, written straight into the table in batches. The
 * generator is seeded (a test prints its seed), so a failure can be replayed.
 */

export type GeneratedEnquiry = Insertable<EnquiriesTable>;

export interface GenerateOptions {
  count: number;
  /** A seeded generator giving numbers in [0, 1) (`seededRandom` of @agency/testing). */
  random: () => number;
  fromMs: number;
  untilMs: number;
  /** The staff accounts that answer and are assigned enquiries. */
  staffIds: readonly number[];
  /** Makes each reference unique across several calls on one database. */
  batchName: string;
}

const SOURCES: ReadonlyArray<{
  source_class: SourceClass | null;
  source_host: string | null;
  utm_source: string | null;
}> = [
  { source_class: 'search', source_host: 'www.google.com', utm_source: null },
  { source_class: 'social', source_host: 'www.instagram.com', utm_source: null },
  { source_class: 'site', source_host: 'www.nairaland.com', utm_source: null },
  { source_class: 'direct', source_host: null, utm_source: null },
  { source_class: 'social', source_host: 'l.facebook.com', utm_source: 'Newsletter' },
  { source_class: null, source_host: null, utm_source: null },
  // A campaign name a stranger chose: the CSV must keep it as text.
  { source_class: 'site', source_host: 'evil.example', utm_source: '=HYPERLINK("http://evil.example")' },
];

const HOUR_MS = 3_600_000;

/** Enquiries spread over [fromMs, untilMs): about 5 % spam, 5 % trash, three in four answered, a fifth won. */
export function generateEnquiries(options: GenerateOptions): GeneratedEnquiry[] {
  const { random, staffIds } = options;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const rows: GeneratedEnquiry[] = [];
  for (let index = 0; index < options.count; index += 1) {
    const kind = pick(MESSAGE_KINDS);
    const createdAt = options.fromMs + Math.floor(random() * (options.untilMs - options.fromMs));
    const roll = random();
    const folder: InboxFolder = roll < 0.05 ? 'spam' : roll < 0.1 ? 'trash' : 'inbox';
    const spam = folder === 'spam';
    const targetMs = DEFAULT_RESPONSE_TARGET_MINUTES[kind] * 60_000;
    // One in ten from before the upgrade: no due time.
    const dueAt = spam || random() < 0.1 ? null : createdAt + targetMs + Math.floor(random() * 16 * HOUR_MS);
    const answered = !spam && random() < 0.75;
    const businessMs = answered ? Math.floor(random() * random() * 8 * HOUR_MS) : null;
    const firstResponseAt = businessMs === null ? null : createdAt + businessMs + Math.floor(random() * 20 * HOUR_MS);
    let status: EnquiryStatus = 'new';
    // A kind's statuses run new, contacted, won (or enrolled), lost (or declined).
    const [, , won = 'won', lost = 'lost'] = statusesOf(kind);
    if (answered) status = pick<EnquiryStatus>(['new', 'contacted', 'contacted', won, lost]);
    else if (!spam && random() < 0.1) status = 'contacted';
    const assignee = spam || random() < 0.2 ? null : pick(staffIds);
    const reference = `${options.batchName}-${index}`;
    rows.push({
      kind,
      reference,
      legacy_id: null,
      name: `Person ${index}`,
      email: `person${index}@example.ng`,
      phone: '+2348031234567',
      phone_key: '8031234567',
      preview: 'Generated for the reports',
      search_text: `person ${index}`,
      status,
      assignee_id: assignee,
      folder,
      human_check: 'verified',
      spam_reason: spam ? 'honeypot' : null,
      created_at: createdAt,
      trashed_at: folder === 'trash' ? createdAt + HOUR_MS : null,
      response_due_at: dueAt,
      first_response_at: firstResponseAt,
      first_response_channel: answered ? pick(FIRST_RESPONSE_CHANNELS) : null,
      // Answered by the assignee most of the time, else by a colleague.
      first_response_by: answered ? (assignee !== null && random() < 0.8 ? assignee : pick(staffIds)) : null,
      first_response_business_ms: businessMs,
      ...pick(SOURCES),
    });
  }
  return rows;
}

/** Writes generated enquiries in one transaction, in batches (each within the databases' parameter limits). */
export async function insertGenerated(db: Kysely<Database>, rows: readonly GeneratedEnquiry[]): Promise<void> {
  const BATCH = 200;
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows.length; start += BATCH) {
      await trx
        .insertInto('enquiries')
        .values(rows.slice(start, start + BATCH))
        .execute();
    }
  });
}
